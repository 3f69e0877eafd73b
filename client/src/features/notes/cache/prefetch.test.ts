import { InMemoryCache } from '@apollo/client';
import { aNote } from '../../../test-support/fake-server';
import { noteTypePolicies } from './note-cache';
import type { Note } from '../api/note-fields';
import { NotesListDocument } from '../api/note-queries';
import { firstPageVariables, notesAfterFirstPage, PAGE_SIZE } from './prefetch';

/** A note a minute, `n` minutes into the day: a later one sorts first. */
const at = (n: number) => new Date(Date.UTC(2026, 10, 20, 0, n)).toISOString();
const notes = (count: number) =>
  Array.from({ length: count }, (_, i) => aNote({ id: `n${i + 1}`, createdAt: at(i + 1) }));

/** Writes `list` as the main list's entry for `filter`, as a page of it would. */
function writeList(cache: InMemoryCache, list: Note[], filter = {}) {
  cache.writeQuery({
    query: NotesListDocument,
    variables: { ...firstPageVariables('NOTES'), filter },
    data: {
      __typename: 'Query',
      list: {
        __typename: 'NoteConnection',
        nodes: list,
        pageInfo: { __typename: 'PageInfo', endCursor: 'c', hasNextPage: true },
      },
    },
  });
}

function cacheWith(list: Note[]) {
  const cache = new InMemoryCache({ typePolicies: noteTypePolicies });
  writeList(cache, list);
  return cache;
}

const ids = (set: ReadonlySet<string>) => [...set].map((id) => id.slice('Note:'.length)).sort();

it("leaves out of the first screen every note after a list's first page, in the list's order", () => {
  // Stored oldest first: the list still shows the newest first, and so does the first screen.
  const data = cacheWith(notes(PAGE_SIZE + 5)).extract();
  expect(ids(notesAfterFirstPage(data).entities)).toEqual(['n1', 'n2', 'n3', 'n4', 'n5']);
});

it('keeps a pinned note on the first page, and leaves out a note that has left the list', () => {
  const list = notes(PAGE_SIZE + 2);
  list[0] = { ...list[0]!, pinned: true };
  list[PAGE_SIZE + 1] = { ...list[PAGE_SIZE + 1]!, location: 'ARCHIVE' };
  const data = cacheWith(list).extract();
  expect(ids(notesAfterFirstPage(data).entities)).toEqual(['n2', 'n32']);
});

it("keeps the first page of each filter's entry", () => {
  const list = notes(PAGE_SIZE + 2);
  const milk = { ...list[0]!, title: 'Milk' };
  list[0] = milk;
  const cache = cacheWith(list);
  writeList(cache, [milk], { search: 'Milk' });
  expect(ids(notesAfterFirstPage(cache.extract()).entities)).toEqual(['n2']);
});

it('cuts a long list to its first page in the first screen, saying it has no next page', () => {
  const data = cacheWith(notes(PAGE_SIZE + 5)).extract();
  const { shortened } = notesAfterFirstPage(data);
  const [name, list] = Object.entries(shortened)[0]!;
  expect(Object.keys(shortened)).toEqual([name]);
  expect(name).toMatch(/^notes/);
  // The first page: the newest PAGE_SIZE notes, n6 to n35, in the order they were stored.
  expect(list.nodes?.map((node) => node.__ref)).toEqual(
    notes(PAGE_SIZE + 5)
      .slice(5)
      .map((note) => `Note:${note.id}`),
  );
  expect(list.pageInfo).toEqual({ __typename: 'PageInfo', endCursor: 'c', hasNextPage: false });
});

it('leaves a list no longer than a page whole', () => {
  const data = cacheWith(notes(PAGE_SIZE)).extract();
  expect(notesAfterFirstPage(data).shortened).toEqual({});
});
