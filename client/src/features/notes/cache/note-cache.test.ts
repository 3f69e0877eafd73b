import { InMemoryCache } from '@apollo/client';
import { NoteFieldsFragment, type Note } from '../api/note-fields';
import { aNote } from '../../../test-support/fake-server';
import { noteTypePolicies, placeInLists } from './note-cache';
import { writeNote } from './note-changes';
import { ArchivesListDocument, NotesListDocument } from '../api/note-queries';

function cacheWith(
  notes: Note[],
  filter: Record<string, unknown> = {},
  hasNextPage = false,
  document = NotesListDocument,
) {
  const cache = new InMemoryCache({ typePolicies: noteTypePolicies });
  cache.writeQuery({
    query: document,
    variables: { filter, first: 30 },
    data: {
      __typename: 'Query',
      list: {
        __typename: 'NoteConnection',
        nodes: notes,
        pageInfo: { __typename: 'PageInfo', endCursor: 'c', hasNextPage },
      },
    },
  });
  const read = (f = filter, doc = document, first = 30) =>
    cache.readQuery({ query: doc, variables: { filter: f, first } })?.list;
  const ids = (f = filter, doc = document) => read(f, doc)?.nodes.map((n) => n.id);
  return { cache, ids, read };
}

const older = aNote({ id: 'old', createdAt: '2026-01-01T00:00:00.000Z' });
const newer = aNote({ id: 'new', createdAt: '2026-02-01T00:00:00.000Z', tags: ['work'] });
const middle = aNote({ id: 'mid', createdAt: '2026-01-15T00:00:00.000Z' });

/** `count` notes, newest first: n1 is the newest. */
const manyNotes = (count: number) =>
  Array.from({ length: count }, (_, i) =>
    aNote({
      id: `n${i + 1}`,
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, count - i)).toISOString(),
    }),
  );

describe('the notes lists in the cache', () => {
  it('leave out a note no longer in their place, whatever wrote the change', () => {
    const { cache, ids } = cacheWith([newer, older]);
    cache.modify({ id: cache.identify(newer), fields: { location: () => 'ARCHIVE' } });
    expect(ids()).toEqual(['old']);
    cache.modify({ id: cache.identify(newer), fields: { location: () => 'NOTES' } });
    expect(ids()).toEqual(['new', 'old']);
  });

  it('move a changed note to where it now sorts', () => {
    const { cache, ids } = cacheWith([newer, middle, older]);
    writeNote(cache, { ...older, pinned: true });
    expect(ids()).toEqual(['old', 'new', 'mid']);
    writeNote(cache, { ...older, pinned: false, createdAt: '2026-01-20T00:00:00.000Z' });
    expect(ids()).toEqual(['new', 'old', 'mid']);
  });

  it('drop a note from a filtered list when it stops matching, and take it back when it matches again', () => {
    const { cache, ids } = cacheWith([newer], { tags: ['work'] });
    writeNote(cache, { ...newer, tags: [] });
    expect(ids({ tags: ['work'] })).toEqual([]);
    writeNote(cache, { ...newer, tags: ['work'] });
    expect(ids({ tags: ['work'] })).toEqual(['new']);

    const search = cacheWith([newer, older], { search: 'Note' });
    writeNote(search.cache, { ...older, title: 'Plan', textContent: '' });
    expect(search.ids()).toEqual(['new']);
    writeNote(search.cache, { ...older, title: 'Note again', textContent: '' });
    expect(search.ids()).toEqual(['new', 'old']);
  });

  it('leave out a note no longer in the cache', () => {
    const { cache, ids } = cacheWith([newer, middle, older]);
    cache.evict({ id: cache.identify(middle) });
    expect(ids()).toEqual(['new', 'old']);
  });

  it('take a note in where it sorts, only into lists whose filter it matches', () => {
    const { cache, ids } = cacheWith([], { tags: ['work'] });
    cache.writeQuery({
      query: NotesListDocument,
      variables: { filter: {}, first: 30 },
      data: {
        __typename: 'Query',
        list: {
          __typename: 'NoteConnection',
          nodes: [older],
          pageInfo: { __typename: 'PageInfo', endCursor: 'c', hasNextPage: false },
        },
      },
    });
    const untagged = aNote({ id: 'plain', createdAt: '2026-03-01T00:00:00.000Z' });
    for (const note of [newer, untagged]) {
      cache.writeFragment({ data: note, fragment: NoteFieldsFragment, fragmentName: 'NoteFields' });
      placeInLists(cache, note);
    }
    expect(ids({})).toEqual(['plain', 'new', 'old']);
    expect(ids({ tags: ['work'] })).toEqual(['new']);
  });

  it('leave a note that sorts after an unfinished list to its own page', () => {
    const { cache, ids } = cacheWith([newer, middle], {}, true);
    writeNote(cache, older);
    expect(ids()).toEqual(['new', 'mid']);
    // A listed note that now sorts past the loaded pages leaves them too.
    writeNote(cache, { ...newer, createdAt: '2025-12-01T00:00:00.000Z' });
    expect(ids()).toEqual(['mid']);
  });

  it('move a note out of the list of its old place and into the list of its new one', () => {
    const { cache, ids } = cacheWith([newer, older]);
    cache.writeQuery({
      query: ArchivesListDocument,
      variables: { filter: {}, first: 30 },
      data: {
        __typename: 'Query',
        list: {
          __typename: 'NoteConnection',
          nodes: [],
          pageInfo: { __typename: 'PageInfo', endCursor: null, hasNextPage: false },
        },
      },
    });
    writeNote(cache, { ...older, location: 'ARCHIVE' });
    expect(ids({}, ArchivesListDocument)).toEqual(['old']);
    expect(ids()).toEqual(['new']);
    // Stored, not only hidden: the main list's entry no longer holds it.
    const stored = cache.extract().ROOT_QUERY?.['notes:{}'] as { nodes: unknown[] };
    expect(stored.nodes).toHaveLength(1);
  });

  it('answer with the first notes a query asks for, and say when the cache holds more', () => {
    const { read } = cacheWith(manyNotes(100));
    const page = read({}, NotesListDocument, 30)!;
    expect(page.nodes.map((n) => n.id)).toEqual(manyNotes(30).map((n) => n.id));
    expect(page.pageInfo.hasNextPage).toBe(true);
    const all = read({}, NotesListDocument, 200)!;
    expect(all.nodes).toHaveLength(100);
    expect(all.pageInfo.hasNextPage).toBe(false);
  });

  it('read only the notes they answer with: a change past them leaves the answer as it was', () => {
    const notes = manyNotes(100);
    const { cache, read } = cacheWith(notes);
    const before = read();
    writeNote(cache, { ...notes[80]!, title: 'Changed far down the list' });
    expect(read()).toBe(before);
    writeNote(cache, { ...notes[3]!, title: 'Changed on the first page' });
    expect(read()).not.toBe(before);
    expect(read()!.nodes[3]!.title).toBe('Changed on the first page');
  });
});
