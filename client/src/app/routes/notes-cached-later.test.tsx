import 'fake-indexeddb/auto';
import { act, screen, waitFor, within } from '@testing-library/react';
import { noteTypePolicies } from '../../features/notes/cache/note-cache';
import { NotesListDocument } from '../../features/notes/api/note-queries';
import {
  FIRST_PAGE_SIZE,
  firstPageVariables,
  notesAfterFirstPage,
  PAGE_SIZE,
} from '../../features/notes/cache/prefetch';
import { createApolloClient } from '../../lib/apollo-client';
import { createCachePersistence } from '../../lib/cache-persistence';
import { indexedDbCacheStorage } from '../../lib/cache-storage';
import { aNote, fakeServer, type FakeServer } from '../../test-support/fake-server';
import { FIRST_BATCH } from '../../features/notes/list/use-revealed-count';
import { renderApp, testUser } from '../../test-support/render-app';

/**
 * Issue 15, a big saved cache: the notes no list shows on its first page are saved apart and
 * read back after the first screen, so a repeat visit draws its first cards without reading every
 * saved note first; the rest then follow, still without the server, drawn a page at a time as the
 * user reaches the end of the list.
 */

const storage = indexedDbCacheStorage();
const COUNT = PAGE_SIZE + 10;
let server: FakeServer;

/** The end of the list, as the browser would report it: reached when a test says so. */
const observers = new Set<IntersectionObserverCallback>();
class EndOfList {
  constructor(private readonly report: IntersectionObserverCallback) {}
  observe() {
    observers.add(this.report);
  }
  disconnect() {
    observers.delete(this.report);
  }
}
const reachEnd = () =>
  act(() => {
    for (const report of observers) {
      report([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver);
    }
  });

beforeAll(() => {
  window.IntersectionObserver = EndOfList as unknown as typeof IntersectionObserver;
});
afterAll(() => {
  delete (window as { IntersectionObserver?: unknown }).IntersectionObserver;
});

beforeEach(() => {
  localStorage.clear();
  server = fakeServer(
    Array.from({ length: COUNT }, (_, i) =>
      aNote({
        id: `n${i + 1}`,
        title: `Note ${i + 1}`,
        createdAt: new Date(Date.UTC(2026, 10, 20, 0, i)).toISOString(),
      }),
    ),
  );
});

afterEach(async () => {
  await Promise.all((await storage.keys()).map((key) => storage.delete(key)));
});

/** Newest first: Note 40, Note 39, … */
const newestFirst = Array.from({ length: COUNT }, (_, i) => `Note ${COUNT - i}`);

const cardTitles = () =>
  within(screen.getByRole('list', { name: 'Notes' }))
    .queryAllByRole('article')
    .map((card) => card.getAttribute('aria-label'));

/** The user reaching the end of the list until `count` cards are drawn, a batch more each time. */
async function scrollUntilDrawn(count: number) {
  while (cardTitles().length < count) {
    const drawn = cardTitles().length;
    reachEnd();
    await waitFor(() => expect(cardTitles().length).toBeGreaterThan(drawn));
  }
}

/** An earlier visit that scrolled to the end of the list: every note in the saved cache. */
async function earlierVisit() {
  const persistence = createCachePersistence(storage, { later: notesAfterFirstPage });
  const client = createApolloClient(server.link, noteTypePolicies, persistence);
  await persistence.restore(client.cache, testUser.id);
  const first = await client.query({
    query: NotesListDocument,
    variables: firstPageVariables('NOTES'),
  });
  await client.query({
    query: NotesListDocument,
    variables: {
      ...firstPageVariables('NOTES'),
      first: PAGE_SIZE,
      after: first.data?.list.pageInfo.endCursor,
    },
    fetchPolicy: 'network-only',
  });
  await persistence.flush();
}

it('draws the first page from the saved cache, then every other saved note as the user scrolls, without the server', async () => {
  await earlierVisit();
  const asked = server.sent.length;
  server.hold();

  const { client } = renderApp('/home', server, {
    persistence: createCachePersistence(storage, { later: notesAfterFirstPage }),
  });
  await waitFor(() => expect(cardTitles().length).toBeGreaterThan(0));
  expect(newestFirst.slice(0, cardTitles().length)).toEqual(cardTitles());
  // The rest of the saved notes are read back into the list; the first page alone is drawn.
  const listed = () =>
    client.readQuery({
      query: NotesListDocument,
      variables: { ...firstPageVariables('NOTES'), first: COUNT * 2 },
    })?.list.nodes.length;
  await waitFor(() => expect(listed()).toBe(COUNT));
  // The first batch of cards alone is drawn: the rest wait at the end of the list, for the user
  // to get there.
  await waitFor(() => expect(cardTitles()).toEqual(newestFirst.slice(0, FIRST_BATCH)));
  expect(observers.size).toBe(1);

  await scrollUntilDrawn(COUNT);
  expect(cardTitles()).toEqual(newestFirst);
  // The cards came from the saved cache: the server was asked for the list once (the route's
  // refresh of the first page, held back), and for no page after it.
  expect(server.sent.slice(asked).filter((name) => name === 'NotesList')).toHaveLength(1);
});

it('asks the server for the next page only once the user has reached the end of what the cache holds', async () => {
  const { client } = renderApp('/home', server, {
    persistence: createCachePersistence(storage, { later: notesAfterFirstPage }),
  });
  const listed = () =>
    client.readQuery({ query: NotesListDocument, variables: firstPageVariables('NOTES') })?.list
      .nodes.length;
  await waitFor(() => expect(cardTitles()).toEqual(newestFirst.slice(0, FIRST_BATCH)));
  // The cache holds the whole first page: the other cards wait for the user.
  expect(listed()).toBe(FIRST_PAGE_SIZE);
  const pages = () => server.sent.filter((name) => name === 'NotesList').length;
  // Once the live feed has started (it reads the lists it catches up), every list read is the
  // user's.
  await waitFor(() => expect(server.sent).toContain('NoteEvents'));
  const before = pages();

  // Scrolling down, the first page's other cards are drawn from the cache.
  await scrollUntilDrawn(FIRST_PAGE_SIZE);
  expect(pages()).toBe(before);
  // At its end, the first reach asks for a page more than the cache holds; the marker that
  // follows asks the server for it, and its cards are drawn as the user goes on.
  reachEnd();
  reachEnd();
  await waitFor(() => expect(cardTitles().length).toBeGreaterThan(FIRST_PAGE_SIZE));
  await scrollUntilDrawn(COUNT);
  expect(cardTitles()).toEqual(newestFirst);
  expect(pages()).toBe(before + 1);
  expect(
    client.readQuery({
      query: NotesListDocument,
      variables: { ...firstPageVariables('NOTES'), first: COUNT * 2 },
    })?.list.pageInfo.hasNextPage,
  ).toBe(false);
});
