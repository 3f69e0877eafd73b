import { useCallback, useMemo } from 'react';
import { useQuery } from '@apollo/client/react';
import type { TypedDocumentNode } from '@apollo/client';
import type { NoteFilter, NoteLocation, NotesListQuery } from '../../../gql/graphql';
import type { Note } from '../api/note-fields';
import { LIST_DOCUMENT } from '../api/note-queries';
import { firstPageVariables } from '../api/prefetch';

/** What a list page renders. */
export interface NoteListState {
  notes: Note[];
  loading: boolean;
  error: unknown;
  hasNextPage: boolean;
  loadMore: () => void;
}

interface ListVariables {
  filter?: NoteFilter;
  first: number;
  after?: string;
}

/** One empty list for every render without data, so the result below stays the same object. */
const NO_NOTES: Note[] = [];

/**
 * The list of one place (main list, archive or trash) for a filter, paged with `loadMore`. It
 * reads the cache first: the route's loader refreshes the first page on every visit (prefetch.ts),
 * and the cache keeps every list in step with the changes made here.
 */
export function useNoteList(location: NoteLocation, filter: NoteFilter): NoteListState {
  // The three list queries differ only in the field they read (each answers as `list`).
  const document = LIST_DOCUMENT[location] as TypedDocumentNode<NotesListQuery, ListVariables>;
  const { data, fetchMore, loading, error } = useQuery(document, {
    variables: { ...firstPageVariables(location), ...(location === 'TRASH' ? {} : { filter }) },
    fetchPolicy: 'cache-first',
  });
  const connection = data?.list;
  const endCursor = connection?.pageInfo.endCursor;
  const hasNextPage = connection?.pageInfo.hasNextPage ?? false;

  const loadMore = useCallback(() => {
    if (!hasNextPage || !endCursor || loading) return;
    void fetchMore({ variables: { after: endCursor } }).catch((e: unknown) =>
      console.error('Loading more notes failed:', e),
    );
  }, [fetchMore, hasNextPage, endCursor, loading]);

  const notes = connection?.nodes ?? NO_NOTES;
  // The same object until something in it changes: NotesList defers it, and a new object on
  // every render would make each render a deferred one too.
  return useMemo(
    () => ({ notes, loading, error, hasNextPage, loadMore }),
    [notes, loading, error, hasNextPage, loadMore],
  );
}
