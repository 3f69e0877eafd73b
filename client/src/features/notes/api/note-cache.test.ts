import { InMemoryCache } from '@apollo/client';
import { NoteFieldsFragment, type Note } from './note-fields';
import { aNote } from '../../../test-support/fake-server';
import { noteTypePolicies, placeInLists } from './note-cache';
import { ArchivesListDocument, NotesListDocument } from './note-queries';

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
  const ids = (f = filter, doc = document) =>
    cache
      .readQuery({ query: doc, variables: { filter: f, first: 30 } })
      ?.list.nodes.map((n) => n.id);
  return { cache, ids };
}

const older = aNote({ id: 'old', createdAt: '2026-01-01T00:00:00.000Z' });
const newer = aNote({ id: 'new', createdAt: '2026-02-01T00:00:00.000Z', tags: ['work'] });

describe('the notes lists in the cache', () => {
  it('show only the notes that are in their place now, and re-sort on change', () => {
    const { cache, ids } = cacheWith([newer, older]);
    cache.modify({ id: cache.identify(newer), fields: { location: () => 'ARCHIVE' } });
    expect(ids()).toEqual(['old']);
    cache.modify({ id: cache.identify(newer), fields: { location: () => 'NOTES' } });
    cache.modify({
      id: cache.identify(older),
      fields: { createdAt: () => '2026-03-01T00:00:00.000Z' },
    });
    expect(ids()).toEqual(['old', 'new']);
  });

  it('drop a note from a filtered list when it stops matching, and take it back when it matches again', () => {
    const { cache, ids } = cacheWith([newer], { tags: ['work'] });
    cache.modify({ id: cache.identify(newer), fields: { tags: () => [] } });
    expect(ids({ tags: ['work'] })).toEqual([]);
    cache.modify({ id: cache.identify(newer), fields: { tags: () => ['work'] } });
    expect(ids({ tags: ['work'] })).toEqual(['new']);

    const search = cacheWith([newer, older], { search: 'Note' });
    search.cache.modify({ id: search.cache.identify(older), fields: { title: () => 'Plan' } });
    search.cache.modify({ id: search.cache.identify(older), fields: { textContent: () => '' } });
    expect(search.ids()).toEqual(['new']);
    search.cache.modify({
      id: search.cache.identify(older),
      fields: { title: () => 'Note again' },
    });
    expect(search.ids()).toEqual(['new', 'old']);
  });

  it('put a pinned note first, and leave out a note no longer in the cache', () => {
    const third = aNote({ id: 'mid', createdAt: '2026-01-15T00:00:00.000Z' });
    const { cache, ids } = cacheWith([newer, third, older]);
    cache.modify({ id: cache.identify(older), fields: { pinned: () => true } });
    expect(ids()).toEqual(['old', 'new', 'mid']);
    cache.evict({ id: cache.identify(third) });
    expect(ids()).toEqual(['old', 'new']);
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
    const { cache, ids } = cacheWith([newer], {}, true);
    cache.writeFragment({ data: older, fragment: NoteFieldsFragment, fragmentName: 'NoteFields' });
    placeInLists(cache, older);
    expect(ids()).toEqual(['new']);
  });

  it('put a note into the list of its new place', () => {
    const { cache, ids } = cacheWith([], {}, false, ArchivesListDocument);
    const archived = { ...older, location: 'ARCHIVE' as const };
    cache.writeFragment({
      data: archived,
      fragment: NoteFieldsFragment,
      fragmentName: 'NoteFields',
    });
    placeInLists(cache, archived);
    expect(ids({}, ArchivesListDocument)).toEqual(['old']);
  });
});
