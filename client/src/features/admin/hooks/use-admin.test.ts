import { act, renderHook, waitFor } from '@testing-library/react';
import { toast } from '../../../lib/toast';
import type { AdminUser } from '../api/admin-api';
import { useAdmin } from './use-admin';

jest.mock('../../../lib/toast', () => ({
  toast: { success: jest.fn(), error: jest.fn(), info: jest.fn() },
}));

const user = (id: string, notes: number): AdminUser => ({
  _id: id,
  firstName: 'Ada',
  lastName: id,
  email: `${id}@example.com`,
  createdAt: '2026-01-01T00:00:00.000Z',
  lastSignInAt: null,
  notes,
  storage: 10,
  disabled: false,
  admin: false,
});

const json = (status: number, body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { status }));

/** A fake admin API: the lists, and what each write answers (`writes`, by method and path). */
function fakeServer(writes: Record<string, () => Promise<Response>>) {
  global.fetch = jest.fn((input: string, init?: RequestInit) => {
    const path = input;
    const key = `${init?.method ?? 'GET'} ${path}`;
    if (key in writes) return writes[key]!();
    if (path === '/api/admin/users') return json(200, { users: [user('a', 2), user('b', 3)] });
    if (path === '/api/admin/stats')
      return json(200, { users: 2, notes: 5, databaseSize: 4096, version: '0.1.0' });
    if (path === '/api/admin/invites') return json(200, { invites: [] });
    if (path === '/api/auth/signup') return json(200, { open: false });
    return json(404, { errors: ['no such route'] });
  }) as unknown as typeof fetch;
}

/** A response that arrives only when `release` is called. */
function held(status: number, body: unknown) {
  let release!: () => void;
  const response = new Promise<Response>((resolve) => {
    release = () => resolve(new Response(JSON.stringify(body), { status }));
  });
  return { response: () => response, release };
}

async function loaded() {
  const hook = renderHook(() => useAdmin());
  await waitFor(() => expect(hook.result.current.state.status).toBe('ready'));
  return hook;
}

const usersOf = (state: ReturnType<typeof useAdmin>['state']) =>
  state.status === 'ready' ? state.users : [];

beforeEach(() => jest.clearAllMocks());

it('shows a disable at once and keeps it when the server agrees', async () => {
  const answer = held(200, { user: { ...user('b', 3), disabled: true } });
  fakeServer({ 'POST /api/admin/users/b/disable': answer.response });
  const { result } = await loaded();
  let done!: Promise<void>;
  act(() => {
    done = result.current.setDisabled(usersOf(result.current.state)[1]!, true);
  });
  expect(usersOf(result.current.state)[1]!.disabled).toBe(true);
  answer.release();
  await act(() => done);
  expect(usersOf(result.current.state)[1]!.disabled).toBe(true);
  expect(toast.success).toHaveBeenCalledWith('User Disabled');
});

it('puts a refused disable and a refused delete back, saying why', async () => {
  fakeServer({
    'POST /api/admin/users/b/disable': () => json(400, { errors: ['You cannot disable that'] }),
    'DELETE /api/admin/users/a': () => json(503, { errors: ['The database is unavailable'] }),
  });
  const { result } = await loaded();
  await act(() => result.current.setDisabled(usersOf(result.current.state)[1]!, true));
  expect(usersOf(result.current.state)[1]!.disabled).toBe(false);
  expect(toast.error).toHaveBeenCalledWith(['Failed To Disable User', 'You cannot disable that']);

  await act(() => result.current.remove(usersOf(result.current.state)[0]!));
  expect(usersOf(result.current.state).map((u) => u._id)).toEqual(['a', 'b']);
  const state = result.current.state;
  expect(state.status === 'ready' && state.stats).toMatchObject({ users: 2, notes: 5 });
  expect(toast.error).toHaveBeenLastCalledWith([
    'Failed To Delete User',
    'The database is unavailable',
  ]);
});

it('removes a deleted user and their notes from the figures', async () => {
  fakeServer({ 'DELETE /api/admin/users/a': () => json(200, { users: [user('b', 3)] }) });
  const { result } = await loaded();
  await act(() => result.current.remove(usersOf(result.current.state)[0]!));
  expect(usersOf(result.current.state).map((u) => u._id)).toEqual(['b']);
  const state = result.current.state;
  expect(state.status === 'ready' && state.stats).toMatchObject({ users: 1, notes: 3 });
});

it('says the page is not theirs to someone who is not an admin', async () => {
  global.fetch = jest.fn(() => json(403, { errors: ['Only admins can do this'] })) as typeof fetch;
  const { result } = renderHook(() => useAdmin());
  await waitFor(() => expect(result.current.state.status).toBe('forbidden'));
});
