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

const count = (names: string[], name: string) => names.filter((n) => n === name).length;

it('a repeat visit asks for its lists once: the live feed starts from their answers', async () => {
  await visitOnce();
  act(() => server.changeElsewhere('n1', { title: 'Groceries for Sunday' }));
  const sentBefore = server.sent.length;

  renderApp('/home', server, { persistence: createCachePersistence(storage) });
  await waitFor(() => expect(cardTitles()).toEqual(['Plans', 'Groceries for Sunday']));
  await waitFor(() => expect(server.sent.slice(sentBefore)).toContain('NoteEvents'));
  const sent = server.sent.slice(sentBefore);
  expect(count(sent, 'NotesList')).toBe(1);
  expect(count(sent, 'Labels')).toBe(1);
  expect(sent).not.toContain('NoteEventsCursor');
  // The answers were read after the change elsewhere (the feed's first event): from there on.
  expect(server.feedsSince.at(-1)).toBe(1);

  act(() => server.changeElsewhere('n2', { title: 'Plans for Monday' }));
  await waitFor(() => expect(cardTitles()).toEqual(['Plans for Monday', 'Groceries for Sunday']));
});

/** A first visit to /trash (one note in it) that leaves the page saved, then closed. */
async function visitTrashOnce() {
  server.notes.push(
    aNote({
      id: 'n3',
      title: 'Old list',
      location: 'TRASH',
      trashedAt: '2026-11-22T10:00:00.000Z',
    }),
  );
  const persistence = createCachePersistence(storage);
  renderApp('/trash', server, { persistence });
  await waitFor(() => expect(screen.getByRole('article', { name: 'Old list' })).toBeTruthy());
  await waitFor(() => expect(server.sent).toContain('Settings'));
  await persistence.flush();
  cleanup();
}

it('asks again, as the feed starts, for what it shows from the saved copy alone', async () => {
  await visitTrashOnce();
  const sentBefore = server.sent.length;

  // The trash's retention comes from the saved copy (a cache-first query): no answer this visit.
  renderApp('/trash', server, { persistence: createCachePersistence(storage) });
  await waitFor(() => expect(server.sent.slice(sentBefore)).toContain('NoteEvents'));
  const sent = server.sent.slice(sentBefore);
  expect(count(sent, 'TrashList')).toBe(1);
  expect(count(sent, 'Settings')).toBe(1);
  expect(sent.indexOf('Settings')).toBeGreaterThan(sent.indexOf('TrashList'));
  expect(sent).not.toContain('NoteEventsCursor');
});

it('starts the feed only once what it asked for again has answered', async () => {
  await visitTrashOnce();
  const sentBefore = server.sent.length;
  server.refuseNext('Settings', 'SERVICE_UNAVAILABLE');

  renderApp('/trash', server, { persistence: createCachePersistence(storage) });
  await waitFor(() => expect(server.sent.slice(sentBefore)).toContain('NoteEvents'), {
    timeout: 3000,
  });
  const sent = server.sent.slice(sentBefore);
  // Refused, then asked again with the next start, before the feed.
  expect(count(sent, 'Settings')).toBe(2);
  expect(sent.lastIndexOf('Settings')).toBeLessThan(sent.indexOf('NoteEvents'));
});
