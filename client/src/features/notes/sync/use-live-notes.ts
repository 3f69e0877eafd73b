import { useEffect } from 'react';
import { useApolloClient } from '@apollo/client/react';
import type { ApolloClient } from '@apollo/client';
import { setConnectionStatus } from '../../../lib/connection-status';
import { graphQLErrorCode } from '../../../lib/errors';
import { feedCursorSeen, forgetFeedCursor } from '../../../lib/feed-cursor';
import { whenIdle } from '../../../lib/when-idle';
import {
  applyNoteEvent,
  cachedNote,
  mayDropLabel,
  NoteEventsCursorDocument,
  NoteEventsDocument,
} from './note-events';
import { LabelsDocument } from '../api/note-queries';
import { showReminderToast } from '../reminders/reminder-toast';

/** The longest wait between two attempts to reconnect. */
const MAX_RETRY_MS = 15_000;

/**
 * Keeps the cache in step with every change made in another tab or on another device, through
 * the server's change feed: while signed in, a subscription to `noteEvents` puts each change into
 * the cache (so lists, cards and open editors follow within a moment, with no reload). After a
 * dropped connection, a laptop waking up or a server restart it resubscribes from the last
 * change it had, and the server replays what it missed. It starts when the browser is first idle,
 * after the first screen, from the earliest cursor the server's answers on this page carried
 * (feed-cursor.ts): everything they hold is at least that recent, and every change since is
 * replayed. Only what is on screen without an answer of this page (restored from the saved copy)
 * is asked for again. Without such answers (the page opened offline, say) it asks for the
 * current cursor and then refreshes everything on screen.
 */
export function useLiveNotes(): void {
  const client = useApolloClient();
  useEffect(() => startLiveNotes(client), [client]);
}

/** The subscription's life, outside React: returns the function that ends it. */
export function startLiveNotes(client: ApolloClient): () => void {
  let cursor: string | null = null;
  let stopped = false;
  let attempt = 0;
  let subscription: { unsubscribe(): void } | undefined;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let labelsTimer: ReturnType<typeof setTimeout> | undefined;

  // A change that may take a label out of use has the label list asked for again, once changes
  // settle; any other change leaves it as the cache has it (its labels are merged into it).
  const refreshLabels = () => {
    clearTimeout(labelsTimer);
    labelsTimer = setTimeout(() => void client.refetchQueries({ include: [LabelsDocument] }), 300);
  };

  const retry = (error?: unknown) => {
    subscription = undefined;
    if (stopped) return;
    if (graphQLErrorCode(error) === 'UNAUTHENTICATED') return;
    setConnectionStatus(navigator.onLine ? 'connecting' : 'offline');
    if (graphQLErrorCode(error) === 'CURSOR_EXPIRED') {
      // Offline longer than the server keeps its feed: start afresh from what the server has now.
      cursor = null;
      forgetFeedCursor(client);
      void client.resetStore().catch(() => undefined);
    }
    clearTimeout(retryTimer);
    retryTimer = setTimeout(() => void start(), Math.min(MAX_RETRY_MS, 500 * 2 ** attempt));
    attempt += 1;
  };

  /**
   * Where the feed starts, once what is on screen is at least that recent: the earliest cursor
   * of this page's answers (asking again only for what none of them filled), or else the
   * current one (and everything on screen asked for again). Null when stopped meanwhile.
   */
  async function startingCursor(): Promise<string | null> {
    const seen = await feedCursorSeen(client);
    if (stopped) return null;
    if (seen) {
      // As refetchQueries picks them: a cache-only query never goes to the server.
      const unanswered = [...client.getObservableQueries('active')].filter(
        (query) =>
          query.options.fetchPolicy !== 'cache-only' &&
          !seen.answered(query.queryName, query.variables),
      );
      await Promise.all(unanswered.map((query) => query.refetch()));
      return seen.cursor;
    }
    const { data } = await client.query({
      query: NoteEventsCursorDocument,
      fetchPolicy: 'network-only',
    });
    if (!data || stopped) return null;
    await client.refetchQueries({ include: 'active' });
    return data.noteEventsCursor;
  }

  async function start() {
    if (stopped || subscription) return;
    try {
      // Kept only once the refresh is done: a refresh that fails is tried again with the start.
      cursor ??= await startingCursor();
    } catch (error) {
      retry(error);
      return;
    }
    if (stopped || cursor === null) return;
    subscription = client
      // Not written to the cache as it comes: applyNoteEvent decides, keeping the newest version.
      .subscribe({
        query: NoteEventsDocument,
        variables: { since: cursor },
        fetchPolicy: 'no-cache',
      })
      .subscribe({
        next: ({ data, error }) => {
          if (error) return retry(error);
          if (!data) return;
          attempt = 0;
          const before = cachedNote(client.cache, data.noteEvents.noteId);
          applyNoteEvent(client.cache, data.noteEvents);
          // A reminder that fires while this tab is open says so here, with Done and Snooze.
          const { kind, note } = data.noteEvents;
          if (kind === 'REMINDED' && note) showReminderToast(client, note);
          cursor = data.noteEvents.cursor;
          if (mayDropLabel(before, data.noteEvents)) refreshLabels();
        },
        error: retry,
        complete: () => retry(),
      });
  }

  // Back online, or back to a tab that slept: try at once rather than at the next retry.
  const now = () => {
    if (subscription || stopped) return;
    attempt = 0;
    clearTimeout(retryTimer);
    void start();
  };
  const offline = () => setConnectionStatus('offline');
  // The network is back: until the socket is up again the badge says it is reconnecting.
  const online = () => {
    if (!subscription) setConnectionStatus('connecting');
    now();
  };
  window.addEventListener('online', online);
  window.addEventListener('offline', offline);
  document.addEventListener('visibilitychange', now);
  // Once the first screen is drawn: its own loaders have just asked for what it shows.
  const cancelStart = whenIdle(() => void start());

  return () => {
    stopped = true;
    cancelStart();
    subscription?.unsubscribe();
    clearTimeout(retryTimer);
    clearTimeout(labelsTimer);
    window.removeEventListener('online', online);
    window.removeEventListener('offline', offline);
    document.removeEventListener('visibilitychange', now);
  };
}
