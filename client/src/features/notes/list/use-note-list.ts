import { useCallback, useEffect, useMemo, useState } from 'react';
import { useApolloClient, useQuery } from '@apollo/client/react';
import type { TypedDocumentNode } from '@apollo/client';
import type { NoteFilter, NoteLocation, NotesListQuery } from '../../../gql/graphql';
import type { Note } from '../api/note-fields';
import { cachedMatches, forgetList } from '../cache/note-cache';
import { LIST_DOCUMENT } from '../api/note-queries';
import { isNetworkFailure } from '../sync/outbox';
import { useConnectionStatus } from '../../../lib/connection-status';
import { FIRST_PAGE_SIZE, firstPageVariables, PAGE_SIZE } from '../cache/prefetch';

/** What a list page renders. */
export interface NoteListState {
  /** The list's notes so far: the first page, then a page more each time `loadMore` is called. */
  notes: Note[];
  loading: boolean;
  error: unknown;
  /** Whether there is more of the list, in the cache or on the server. */
  hasNextPage: boolean;
  /** How many notes are wanted now: it grows by a page with each `loadMore`. */
  limit: number;
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
 * The list of one place (main list, archive or trash) for a filter, a page at a time. It reads the
 * cache first: the route's loader refreshes the first page on every visit (prefetch.ts), and the
 * cache keeps every list in step with the changes made here. The query's `first` is how much of
 * the list is wanted, not how much the cache holds: a cache restored with thousands of notes
 * answers with the first page, and each `loadMore` asks for a page more, from the cache while it
 * holds more and from the server after that. A new filter starts again from the first page.
 */
export function useNoteList(location: NoteLocation, filter: NoteFilter): NoteListState {
  // The three list queries differ only in the field they read (each answers as `list`).
  const document = LIST_DOCUMENT[location] as TypedDocumentNode<NotesListQuery, ListVariables>;
  const listKey = `${location}:${JSON.stringify(filter)}`;
  const [wanted, setWanted] = useState({ listKey, limit: FIRST_PAGE_SIZE });
  const limit = wanted.listKey === listKey ? wanted.limit : FIRST_PAGE_SIZE;
  const variables = {
    ...firstPageVariables(location),
    ...(location === 'TRASH' ? {} : { filter }),
    first: limit,
  };
  const { data, fetchMore, loading, error } = useQuery(document, {
    variables,
    fetchPolicy: 'cache-first',
  });
  const offlineList = useOfflineList(location, document, variables, data, error);
  const connection = data?.list;
  const endCursor = connection?.pageInfo.endCursor;
  const hasNextPage = connection?.pageInfo.hasNextPage ?? false;
  const notes = connection?.nodes ?? NO_NOTES;
  const shown = notes.length;

  const loadMore = useCallback(() => {
    if (!hasNextPage || loading) return;
    // As many as the cache gave and a page more: reaching the end again before they are drawn
    // asks for nothing more.
    if (shown >= limit) {
      setWanted({ listKey, limit: shown + PAGE_SIZE });
      return;
    }
    // Fewer than wanted, and more to come: the cache holds no more, the server does.
    if (!endCursor) return;
    void fetchMore({ variables: { after: endCursor, first: PAGE_SIZE } }).catch((e: unknown) =>
      console.error('Loading more notes failed:', e),
    );
  }, [fetchMore, hasNextPage, endCursor, loading, shown, limit, listKey]);

  const shownError = offlineList ? undefined : error;
  // The same object until something in it changes: NotesList defers it, and a new object on
  // every render would make each render a deferred one too.
  return useMemo(
    () => ({ notes, loading, error: shownError, hasNextPage, limit, loadMore }),
    [notes, loading, shownError, hasNextPage, limit, loadMore],
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
