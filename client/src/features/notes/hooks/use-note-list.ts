import { useCallback, useEffect, useMemo, useState } from 'react';
import { useApolloClient, useQuery } from '@apollo/client/react';
import type { TypedDocumentNode } from '@apollo/client';
import type { NoteFilter, NoteLocation, NotesListQuery } from '../../../gql/graphql';
import type { Note } from '../api/note-fields';
import { cachedMatches, forgetList } from '../api/note-cache';
import { LIST_DOCUMENT } from '../api/note-queries';
import { isNetworkFailure } from '../api/outbox';
import { useConnectionStatus } from '../../../lib/connection-status';
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
  const variables = {
    ...firstPageVariables(location),
    ...(location === 'TRASH' ? {} : { filter }),
  };
  const { data, fetchMore, loading, error } = useQuery(document, {
    variables,
    fetchPolicy: 'cache-first',
  });
  const offlineList = useOfflineList(location, document, variables, data, error);
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
  const shownError = offlineList ? undefined : error;
  // The same object until something in it changes: NotesList defers it, and a new object on
  // every render would make each render a deferred one too.
  return useMemo(
    () => ({ notes, loading, error: shownError, hasNextPage, loadMore }),
    [notes, loading, shownError, hasNextPage, loadMore],
  );
}

/** The stand-in lists made offline, by place and variables, to drop once back online. */
const standIns = new Map<string, { location: NoteLocation; filter?: NoteFilter }>();

/**
 * Offline, a list the cache does not hold (a new search, another filter) is made from the notes
 * the cache does hold, with the server's rules; back online, every such stand-in is dropped and
 * the server asked again. Returns whether the list shown is a stand-in.
 */
function useOfflineList(
  location: NoteLocation,
  document: TypedDocumentNode<NotesListQuery, ListVariables>,
  variables: ListVariables,
  data: NotesListQuery | undefined,
  error: unknown,
): boolean {
  const client = useApolloClient();
  const offline = useConnectionStatus() !== 'online';
  const key = `${location}:${JSON.stringify(variables)}`;
  const [, setBuilt] = useState(0);

  useEffect(() => {
    if (!offline || data || !error || !isNetworkFailure(error)) return;
    const nodes = cachedMatches(client.cache, location, variables.filter);
    standIns.set(key, { location, filter: variables.filter });
    client.cache.writeQuery({
      query: document,
      variables,
      data: {
        __typename: 'Query',
        list: {
          __typename: 'NoteConnection',
          nodes,
          pageInfo: { __typename: 'PageInfo', endCursor: null, hasNextPage: false },
        },
      },
    });
    setBuilt((n) => n + 1);
    // `variables` is described by `key`.
  }, [client, location, document, key, offline, data, error]);

  useEffect(() => {
    if (offline || standIns.size === 0) return;
    for (const { location: place, filter } of standIns.values()) {
      forgetList(client.cache, place, filter);
    }
    standIns.clear();
    setBuilt((n) => n + 1);
  }, [client, offline]);

  return standIns.has(key);
}
