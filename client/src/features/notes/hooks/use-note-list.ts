import { useCallback, useMemo } from 'react';
import { useQuery } from '@apollo/client/react';
import type { NoteFilter } from '../../../gql/graphql';
import type { Note } from '../api/note-fields';
import { ArchivesListDocument, NotesListDocument, TrashListDocument } from '../api/note-queries';
import type { NoteContext } from './use-note-actions';

/** Notes fetched per page as the user scrolls. */
export const PAGE_SIZE = 30;

/** What a list page renders. */
export interface NoteListState {
  notes: Note[];
  loading: boolean;
  error: unknown;
  hasNextPage: boolean;
  loadMore: () => void;
}

/** One empty list for every render without data, so the result below stays the same object. */
const NO_NOTES: Note[] = [];

const OPTIONS = { fetchPolicy: 'cache-and-network', nextFetchPolicy: 'cache-first' } as const;

/** The notes, archive or trash list for a filter, paged with `loadMore`. */
export function useNoteList(context: NoteContext, filter: NoteFilter): NoteListState {
  const notes = useQuery(NotesListDocument, {
    ...OPTIONS,
    variables: { filter, first: PAGE_SIZE },
    skip: context !== 'notes',
  });
  const archives = useQuery(ArchivesListDocument, {
    ...OPTIONS,
    variables: { filter, first: PAGE_SIZE },
    skip: context !== 'archive',
  });
  const trash = useQuery(TrashListDocument, {
    ...OPTIONS,
    variables: { first: PAGE_SIZE },
    skip: context !== 'trash',
  });

  const connection =
    context === 'notes'
      ? notes.data?.notes
      : context === 'archive'
        ? archives.data?.archives
        : trash.data?.trash;
  const active = context === 'notes' ? notes : context === 'archive' ? archives : trash;
  const { fetchMore, loading, error } = active;
  const endCursor = connection?.pageInfo.endCursor;
  const hasNextPage = connection?.pageInfo.hasNextPage ?? false;

  const loadMore = useCallback(() => {
    if (!hasNextPage || !endCursor || loading) return;
    void fetchMore({ variables: { after: endCursor } }).catch((e: unknown) =>
      console.error('Loading more notes failed:', e),
    );
  }, [fetchMore, hasNextPage, endCursor, loading]);

  const nodes = connection?.nodes ?? NO_NOTES;
  // The same object until something in it changes: NotesList defers it, and a new object on
  // every render would make each render a deferred one too.
  return useMemo(
    () => ({ notes: nodes, loading, error, hasNextPage, loadMore }),
    [nodes, loading, error, hasNextPage, loadMore],
  );
}
