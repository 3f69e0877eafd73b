import 'fake-indexeddb/auto';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { cacheKey, createCachePersistence } from '../../lib/cache-persistence';
import { indexedDbCacheStorage } from '../../lib/cache-storage';
import { aNote, fakeServer, type FakeServer } from '../../test-support/fake-server';
import { renderApp, testUser } from '../../test-support/render-app';

/**
 * Issue 15, the instant first screen: the signed-in user's cache is kept in IndexedDB, so a
 * repeat visit shows the last known notes before the server answers, then catches up; signing out
 * deletes it, and another user on the same browser never sees it.
 */

const storage = indexedDbCacheStorage();
let server: FakeServer;

// The list page's code loads lazily; loaded once here, no test's first render waits for it.
beforeAll(() => import('./notes-route'));

beforeEach(() => {
  localStorage.clear();
  server = fakeServer([
    aNote({ id: 'n1', title: 'Groceries' }),
    aNote({ id: 'n2', title: 'Plans', createdAt: '2026-11-21T10:00:00.000Z' }),
  ]);
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(async () => {
  jest.restoreAllMocks();
  await Promise.all((await storage.keys()).map((key) => storage.delete(key)));
});

const cardTitles = () =>
  within(screen.getByRole('list', { name: 'Notes' }))
    .queryAllByRole('article')
    .map((card) => card.getAttribute('aria-label'));

/** A first visit to /home that leaves the notes saved in the browser; the page is then closed. */
async function visitOnce() {
  const persistence = createCachePersistence(storage);
  renderApp('/home', server, { persistence });
  await waitFor(() => expect(cardTitles()).toEqual(['Plans', 'Groceries']));
  await persistence.flush();
  cleanup();
}

it('shows the last known notes before the server answers, then catches up', async () => {
  await visitOnce();
  act(() => server.changeElsewhere('n1', { title: 'Groceries for Sunday' }));
  const release = server.hold();

  renderApp('/home', server, { persistence: createCachePersistence(storage) });
  await waitFor(() => expect(cardTitles()).toEqual(['Plans', 'Groceries']));
  // The first page is still asked for: the cache is shown, not trusted to be current.
  expect(server.sent).toContain('NotesList');

  release();
  await waitFor(() => expect(cardTitles()).toEqual(['Plans', 'Groceries for Sunday']));
});

it('deletes the saved notes on logout', async () => {
  const persistence = createCachePersistence(storage);
  renderApp('/home', server, { persistence });
  await waitFor(() => expect(cardTitles()).toEqual(['Plans', 'Groceries']));
  await persistence.flush();
  expect(await storage.keys()).toEqual([cacheKey(testUser.id)]);

  await userEvent.click(screen.getByRole('button', { name: /^Account menu for / }));
  await userEvent.click(screen.getByRole('menuitem', { name: 'Logout' }));
  await waitFor(async () => expect(await storage.keys()).toEqual([]));
});

it("never shows one user's saved notes to another who signs in on the same browser", async () => {
  await visitOnce();
  const release = server.hold();
  server.notes.splice(0);

  renderApp('/home', server, {
    user: { ...testUser, id: 'u2', firstName: 'Grace', email: 'grace@example.com' },
    persistence: createCachePersistence(storage),
  });
  // The first user's copy is deleted, not merely left unread.
  await waitFor(async () => expect(await storage.keys()).not.toContain(cacheKey(testUser.id)));
  release();
  await screen.findByText('No Notes Available');
  expect(screen.queryByRole('article', { name: 'Groceries' })).toBeNull();
  expect(screen.queryByRole('article', { name: 'Plans' })).toBeNull();
});
