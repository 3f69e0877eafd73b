import type { ApolloClient } from '@apollo/client';
import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';
import { UNREACHABLE_STATUSES } from '../../../lib/connection-status';
import { graphQLErrorCode } from '../../../lib/errors';
import type { NoteInput, NoteLocation } from '../../../gql/graphql';
import { draftOf, mergeDraft, type Draft } from '../editor/draft';
import { keepDraft } from './local-drafts';
import type { Note } from '../api/note-fields';
import { forgetNote } from '../cache/note-cache';
import { withChanges, writeNote } from '../cache/note-changes';
import { CurrentNoteDocument } from '../api/note-queries';
import { entryKey, PENDING } from './outbox-keys';
import { sendChange } from './send-change';

/**
 * The outbox: changes made while the server cannot be reached wait here, in this browser's
 * storage (IndexedDB), and are sent in order when it can be reached again.
 *
 * - A change is queued when the browser is offline, when sending it failed for want of a network
 *   (no answer at all, or a gateway's 502/503/504), or when earlier changes are still waiting (so
 *   the order holds). Otherwise it goes straight to the server, shown at once (Apollo's optimistic
 *   answer); a refusal or a server error rolls back with the spec's toast.
 * - The hooks (api/) only declare a change and the note it makes; the outbox is the one place that
 *   sends it (send-change.ts maps each kind of change to its mutation).
 * - What waits is sent when the browser says it is back online, and tried again meanwhile after
 *   1, 2, 4… up to 30 seconds, whatever the browser says: a browser with no network at all can
 *   still reach a Jotter server on the same machine (`navigator.onLine` is then false), and a
 *   browser that says it is online may not reach the server.
 * - A queued change shows at once, written into the cache as the note will be, and is marked as
 *   waiting (the cards and the top bar say so). A reload or a closed tab keeps the queue; the
 *   next visit shows the changes again and sends them.
 * - Sending carries each edit's base version. A note changed elsewhere meanwhile is merged when
 *   the two changes touch different fields; when both changed the same field, the change is kept
 *   as a draft awaiting the user's choice (keep mine, take theirs, keep both) in the note's editor.
 * - A change the server refuses for another reason is dropped, the note shown as the server has
 *   it, and the user told; a new note's text is kept as the new-note draft, so nothing is lost.
 * - One tab at a time sends (Web Locks); the others hear of it through a BroadcastChannel.
 */

/** A change that can wait for the network. `id` is the note's (a local `pending-` id for a new one). */
export type OutboxChange =
  | { kind: 'add'; id: string; input: NoteInput; location: NoteLocation }
  | { kind: 'update'; id: string; input: NoteInput; baseVersion?: number; base?: Note }
  | { kind: 'archive' | 'unarchive' | 'trash' | 'restore'; id: string }
  | { kind: 'delete'; id: string };

export interface OutboxEntry {
  /** Sorts the entries in the order they were made. */
  key: string;
  change: OutboxChange;
  /** The note as it shows once this change is made; null when the change deletes it. */
  note: Note | null;
}

/** Where the entries are kept, per user (IndexedDB in the browser; a Map in tests). */
export interface OutboxStorage {
  list(userId: string): Promise<OutboxEntry[]>;
  put(userId: string, entry: OutboxEntry): Promise<void>;
  remove(userId: string, key: string): Promise<void>;
}

/** What the screen shows of the outbox. */
export interface OutboxState {
  /** Ids of the notes with changes waiting to be sent. */
  waiting: ReadonlySet<string>;
  /** How many changes are waiting. */
  count: number;
}

export interface Outbox {
  /**
   * Makes `change`, which turns the note into `local` (null: deletes it): straight to the server
   * when it can go now, shown at once and rolled back if refused; else (or when it fails for want
   * of a network) queued, with `local` written into the cache. Resolves to the note as the server
   * has it (null for a delete), or as it shows locally while it waits; rejects with a refusal.
   */
  submit(change: OutboxChange, local: Note | null): Promise<Note | null>;
  /** Starts serving `userId`: shows their waiting changes and sends them. Returns the stop. */
  start(userId: string): () => void;
  /** Sends what is waiting, if the server can be reached; resolves when done or stopped. */
  flush(): Promise<void>;
  getState: () => OutboxState;
  subscribe: (listener: () => void) => () => void;
}

/**
 * True when a request failed for want of a network (no answer at all, or a gateway saying the
 * server cannot be reached), not because the server refused it or failed at it.
 */
export function isNetworkFailure(error: unknown): boolean {
  if (CombinedGraphQLErrors.is(error)) return false;
  if (ServerError.is(error)) return UNREACHABLE_STATUSES.has(error.statusCode);
  return error instanceof TypeError;
}

/** The note a refused save's CONFLICT carries (the note as the server has it now), if any. */
export function conflictCurrent(error: unknown): Note | undefined {
  if (!CombinedGraphQLErrors.is(error)) return undefined;
  const found = error.errors.find((e) => e.extensions?.code === 'CONFLICT');
  return found?.extensions?.current as Note | undefined;
}

const EMPTY: OutboxState = { waiting: new Set(), count: 0 };
/**
 * The longest wait between two attempts to send. The waits are the outbox's own rather than
 * Apollo's RetryLink: a RetryLink holds a failed request until its own timer fires (client.mutate
 * gives no handle to cut that short), so neither the `online` event nor the live connection
 * coming back could send what waits at once, and the Web Lock would stay held meanwhile.
 */
const MAX_RETRY_MS = 30_000;

export interface OutboxOptions {
  /** Tells the user a queued change was refused (the spec's failure toast). */
  onRefused?: (change: OutboxChange, error: unknown) => void;
}

/** The outbox of one Apollo client (one per app), keeping its entries in `storage`. */
export function createOutbox(
  client: ApolloClient,
  storage: OutboxStorage,
  { onRefused }: OutboxOptions = {},
): Outbox {
  let userId: string | null = null;
  let entries: OutboxEntry[] = [];
  let state: OutboxState = EMPTY;
  let flushing: Promise<void> | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let attempt = 0;
  /** Notes whose offline edit waits for the user's choice, with the version it stood on. */
  const handedOver = new Map<string, Note>();
  const listeners = new Set<() => void>();
  const channel =
    typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('jotter-outbox');

  const publish = (next: OutboxEntry[], { tellTabs = true } = {}) => {
    entries = next;
    const waiting = new Set(next.map((e) => e.change.id));
    // The same state, the same object: nothing re-renders for it (at start-up, say).
    const same =
      state.count === next.length &&
      state.waiting.size === waiting.size &&
      [...waiting].every((id) => state.waiting.has(id));
    if (!same) {
      state = next.length === 0 ? EMPTY : { waiting, count: next.length };
      listeners.forEach((listener) => listener());
    }
    if (tellTabs) channel?.postMessage(userId);
  };

  /** Shows a change in the cache as it will be once made. */
  const showLocally = (entry: OutboxEntry) => {
    if (entry.note) writeNote(client.cache, entry.note);
    else forgetNote(client.cache, entry.change.id);
  };

  /**
   * Reads the stored entries again (another tab changed them): that tab's new changes show here
   * too, and a note added offline that another tab has sent leaves under its `pending-` id (the
   * server's copy comes through the live feed).
   */
  const reload = async () => {
    if (!userId) return;
    const owner = userId;
    const stored = await storage.list(owner);
    if (userId !== owner) return;
    const known = new Set(entries.map((entry) => entry.key));
    stored.filter((entry) => !known.has(entry.key)).forEach(showLocally);
    const stillPending = new Set(stored.map((entry) => `${entry.key} ${entry.change.id}`));
    for (const { key, change } of entries) {
      const pending = change.kind === 'add' && change.id.startsWith(PENDING);
      if (pending && !stillPending.has(`${key} ${change.id}`)) {
        forgetNote(client.cache, change.id);
      }
    }
    publish(stored, { tellTabs: false });
  };

  const cancelRetry = () => {
    clearTimeout(retryTimer);
    retryTimer = undefined;
  };
  const scheduleRetry = () => {
    cancelRetry();
    retryTimer = setTimeout(
      () => {
        retryTimer = undefined;
        void flush();
      },
      Math.min(MAX_RETRY_MS, 1000 * 2 ** attempt),
    );
    attempt += 1;
  };

  // The browser's word decides whether a new change waits; sending what waits is always tried.
  const online = () => typeof navigator === 'undefined' || navigator.onLine;

  async function queue(change: OutboxChange, local: Note | null): Promise<void> {
    if (!userId) throw new Error('Nobody is signed in to keep this change for.');
    const entry: OutboxEntry = { key: entryKey(), change, note: local };
    showLocally(entry);
    await storage.put(userId, entry);
    publish([...entries, entry]);
    // A try already planned stays as it is: each change made offline would push it further away.
    if (!flushing && retryTimer === undefined) scheduleRetry();
  }

  async function submit(change: OutboxChange, local: Note | null): Promise<Note | null> {
    const send = async () => {
      const baseVersion = change.kind === 'update' ? change.baseVersion : undefined;
      const answer = await sendChange(client, change, { baseVersion, shown: { local } });
      return answer === undefined ? null : answer;
    };
    // Nobody to keep it for (a stored sign-in without a user id): it goes, or fails, at once.
    if (!userId) return send();
    if (!online() || entries.length > 0) {
      await queue(change, local);
      return local;
    }
    try {
      return await send();
    } catch (error) {
      if (!isNetworkFailure(error) || !userId) throw error;
      await queue(change, local);
      return local;
    }
  }

  /** The note as the server has it now (null when it is gone), put into the cache. */
  async function refetchNote(id: string): Promise<void> {
    try {
      const { data } = await client.query({
        query: CurrentNoteDocument,
        variables: { id },
        fetchPolicy: 'network-only',
      });
      if (data) writeNote(client.cache, data.note);
    } catch (error) {
      if (graphQLErrorCode(error) === 'NOT_FOUND') forgetNote(client.cache, id);
      else throw error;
    }
  }

  /**
   * Sends one entry. Resolves to the server's note (null for a delete), or to `undefined` when the
   * entry was settled without one (handed to the user's choice, or refused and dropped). Rejects
   * only when the server could not be reached or the session is over: the entry stays.
   */
  async function send(
    owner: string,
    entry: OutboxEntry,
    baseVersion: number | undefined,
  ): Promise<Note | null | undefined> {
    const { change } = entry;
    try {
      return await sendChange(client, change, { baseVersion });
    } catch (error) {
      if (isNetworkFailure(error) || graphQLErrorCode(error) === 'UNAUTHENTICATED') throw error;
      const current = conflictCurrent(error);
      if (change.kind === 'update' && current) {
        return resolveConflict(owner, entry, change, current);
      }
      return refused(owner, entry, error);
    }
  }

  /**
   * An edit whose note changed elsewhere since its base version: merged and sent again when the
   * two changes touch different fields; kept as a draft for the user to choose otherwise.
   */
  async function resolveConflict(
    owner: string,
    entry: OutboxEntry,
    change: Extract<OutboxChange, { kind: 'update' }>,
    current: Note,
  ): Promise<Note | null | undefined> {
    writeNote(client.cache, current);
    const base = change.base ?? current;
    const mine = draftOf(entry.note ?? withChanges(base, change.input));
    const merged = mergeDraft(draftOf(base), mine, draftOf(current));
    if (merged.conflicts.length === 0) {
      const resent = { ...change, input: merged.draft, base: current };
      return send(owner, { ...entry, change: resent }, current.version);
    }
    // The draft stands on a version older than the current one, so the editor offers the choice.
    handOver(owner, change.id, mine, { ...base, version: current.version - 1 });
    return undefined;
  }

  /**
   * Leaves an offline edit to the user: kept as the note's draft (the editor offers the choice),
   * and any later edit of the same note made offline joins that draft rather than being sent.
   */
  function handOver(owner: string, id: string, mine: Draft, base: Note): void {
    keepDraft(owner, id, mine, base, { awaitsChoice: true });
    handedOver.set(id, base);
  }

  /** A change the server will not take: the user is told, and nothing typed is lost. */
  async function refused(owner: string, entry: OutboxEntry, error: unknown): Promise<undefined> {
    const { change } = entry;
    console.error('A change made offline was refused by the server:', change, error);
    if (change.kind === 'add' && entry.note) {
      keepDraft(owner, 'new', draftOf(entry.note), null);
      forgetNote(client.cache, change.id);
    } else if (change.kind === 'update' && entry.note && change.base) {
      // Its note is gone or cannot be edited there: the text waits as a draft, with the choice.
      handOver(owner, change.id, draftOf(entry.note), change.base);
      await refetchNote(change.id).catch(() => undefined);
      return undefined;
    } else {
      await refetchNote(change.id).catch(() => undefined);
    }
    onRefused?.(change, error);
    return undefined;
  }

  /** Gives the entries after `done` the server's id of a note added offline. */
  async function adopt(owner: string, localId: string, note: Note): Promise<void> {
    const renamed = (await storage.list(owner)).filter((e) => e.change.id === localId);
    for (const entry of renamed) {
      await storage.put(owner, {
        ...entry,
        change: { ...entry.change, id: note.id },
        note: entry.note && { ...entry.note, id: note.id, createdAt: note.createdAt },
      });
    }
    forgetNote(client.cache, localId);
    writeNote(client.cache, note);
  }

  /** Sends the waiting entries in order, one tab at a time. */
  async function sendAll(owner: string): Promise<void> {
    // What each note's local version became on the server, so a later edit of a note made here
    // names the version the server gave the earlier one, not a version only this browser knew.
    const versions = new Map<string, { local: number; server: number }>();
    handedOver.clear();
    for (;;) {
      if (userId !== owner) return;
      const [entry] = await storage.list(owner);
      if (!entry) break;
      const { change } = entry;
      const waitingBase = handedOver.get(change.id);
      if (change.kind === 'update' && waitingBase && entry.note) {
        handOver(owner, change.id, draftOf(entry.note), waitingBase);
        await storage.remove(owner, entry.key);
        continue;
      }
      // A version only this browser knew stands for the one the server gave that change.
      const known = versions.get(change.id);
      const server = (local: number) => (known?.local === local ? known.server : local);
      const baseVersion =
        change.kind === 'update' && change.baseVersion !== undefined
          ? server(change.baseVersion)
          : undefined;
      const answer = await send(owner, entry, baseVersion);
      if (change.kind === 'add' && answer) await adopt(owner, change.id, answer);
      await storage.remove(owner, entry.key);
      const later = (await storage.list(owner)).some((e) => e.change.id === (answer?.id ?? ''));
      // A change that went straight onto the version it was made on maps its version to the
      // server's. If the note changed elsewhere in between, the local version maps to one just
      // before the answer: a later edit made here over it then meets that change as a conflict.
      if (answer && entry.note) {
        const straight = answer.version === server(entry.note.version - 1) + 1;
        const mapped = straight ? answer.version : answer.version - 1;
        versions.set(answer.id, { local: entry.note.version, server: mapped });
      }
      // The server's note shows once no later change of it is waiting (else that one shows).
      if (answer && !later) writeNote(client.cache, answer);
      if (userId === owner) publish(entries.filter((e) => e.key !== entry.key));
    }
    attempt = 0;
  }

  async function flush(): Promise<void> {
    if (flushing) return flushing;
    const owner = userId;
    if (!owner) return;
    cancelRetry();
    const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
    const run = async () => {
      if (locks) await locks.request(`jotter-outbox:${owner}`, () => sendAll(owner));
      else await sendAll(owner);
    };
    flushing = run()
      .catch((error: unknown) => {
        if (graphQLErrorCode(error) === 'UNAUTHENTICATED') return;
        // Expected while the browser says it is offline: only a surprise is worth a warning.
        if (online()) console.warn('Changes made offline are waiting for the server:', error);
        scheduleRetry();
      })
      .finally(() => {
        flushing = null;
        void reload();
      });
    return flushing;
  }

  const onOnline = () => {
    attempt = 0;
    void flush();
  };
  const onMessage = (event: MessageEvent) => {
    if (event.data === userId) void reload();
  };

  return {
    submit,
    flush,
    start(owner) {
      userId = owner;
      publish([], { tellTabs: false });
      void storage.list(owner).then((stored) => {
        if (userId !== owner) return;
        stored.forEach(showLocally);
        publish(stored, { tellTabs: false });
        void flush();
      });
      window.addEventListener('online', onOnline);
      channel?.addEventListener('message', onMessage);
      return () => {
        if (userId === owner) userId = null;
        cancelRetry();
        window.removeEventListener('online', onOnline);
        channel?.removeEventListener('message', onMessage);
        publish([], { tellTabs: false });
      };
    },
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
