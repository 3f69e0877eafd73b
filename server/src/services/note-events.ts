import { AppError, badInput } from '../errors';
import type {
  CommittedNoteEvent,
  NoteEventKind,
  NoteEventRecord,
  NoteRecord,
  Store,
} from '../store';

/**
 * One change of a user's notes as a subscriber receives it: the note as the change left it or
 * newer (as it is when the event is read from the feed; live on SQLite, as the change's own
 * transaction committed it), or null when it is gone. A client that keeps, per note, the state
 * with the highest `version` (and drops a DELETED note) ends with the server's.
 */
export interface DeliveredNoteEvent {
  /** The event's place in the user's feed, as a decimal string: resume after it with `since`. */
  cursor: string;
  kind: NoteEventKind;
  noteId: string;
  note: NoteRecord | null;
}

export interface NoteEventsOptions {
  /** How long the feed keeps an event; a client further behind must reload. */
  retentionHours: number;
  /** Events read per query while catching up. */
  batchSize?: number;
}

const cursorPattern = /^\d{1,15}$/;

/** A cursor from `noteEventsCursor` or an event: a decimal seq. */
function parseCursor(since: string): number {
  if (!cursorPattern.test(since)) throw badInput('since', 'is not a cursor this API gave out');
  return Number(since);
}

const cursorExpired = (since: number) =>
  new AppError(
    'CURSOR_EXPIRED',
    `The changes after cursor ${since} are no longer kept, so this copy of the notes cannot catch up. Reload the notes (with noteEventsCursor) and subscribe from there.`,
  );

/** A batch of a user's feed as delivered, each event with its seq. */
type Batch = ReadonlyArray<{ seq: number; event: DeliveredNoteEvent }>;

/** Reads the batch of a user's feed after a seq. */
type BatchReader = (userId: string, after: number) => Promise<Batch>;

/**
 * Reads a batch of the feed with each note as it is now. Reads in flight are shared by user and
 * position: a user's sockets, told of a change at once, read it once between them rather than
 * each on its own (on SQLite every query waits for the one connection).
 */
function sharedBatchReader(store: Store, batchSize: number): BatchReader {
  const inFlight = new Map<string, Promise<Batch>>();
  const read = async (userId: string, after: number): Promise<Batch> => {
    const events = await store.events.after(userId, after, batchSize);
    if (events.length === 0) return [];
    const ids = [...new Set(events.map((e) => e.noteId))];
    const notes = new Map((await store.notes.findMany(userId, ids)).map((n) => [n.id, n]));
    return events.map((e) => ({ seq: e.seq, event: delivered(e, notes.get(e.noteId)) }));
  };
  return (userId, after) => {
    const key = `${after}:${userId}`;
    let batch = inFlight.get(key);
    if (!batch) {
      batch = read(userId, after).finally(() => inFlight.delete(key));
      inFlight.set(key, batch);
    }
    return batch;
  };
}

/**
 * The committed event as subscribers deliver it, made once for all the sockets it reaches (each
 * of them executes its selection over the same object).
 */
const deliveredOnce = new WeakMap<CommittedNoteEvent, DeliveredNoteEvent>();
function deliveredFromCommit(committed: CommittedNoteEvent): DeliveredNoteEvent {
  let event = deliveredOnce.get(committed);
  if (!event) {
    event = delivered(committed, committed.note ?? undefined);
    deliveredOnce.set(committed, event);
  }
  return event;
}

/**
 * One subscriber's place in a user's feed. It listens before it reads, so nothing committed
 * after its starting point can slip by unheard; it reads the feed itself (by seq, after the last
 * seq it handed out), so a notification that comes twice, late or never (when it is followed by
 * another, or a resync) neither repeats nor loses an event. It reads only when its consumer asks
 * for the next event, so a slow socket holds at most one batch here. One exception to reading:
 * a consumer waiting for the very next event takes it as its transaction committed it, when
 * the notification carries it (see LiveChanges.onNoteEvent), with no read.
 */
class FeedSubscription implements AsyncIterableIterator<DeliveredNoteEvent> {
  /** The seq of the last event put in `ready`. */
  private last = 0;
  /** The highest seq known to be committed. */
  private known = 0;
  private recheck = false;
  private readonly ready: DeliveredNoteEvent[] = [];
  private wake: (() => void) | undefined;
  private done = false;
  private readonly stops: Array<() => void>;

  constructor(
    store: Store,
    private readonly userId: string,
    private readonly readBatch: BatchReader,
  ) {
    this.stops = [
      store.live.onNoteEvent(userId, (seq, committed) => {
        if (seq <= this.known) return;
        this.known = seq;
        // A consumer waiting with nothing ready has no read in flight: `last` is where it stands.
        if (committed && this.wake && this.ready.length === 0 && seq === this.last + 1) {
          this.ready.push(deliveredFromCommit(committed));
          this.last = seq;
        }
        this.wake?.();
      }),
      store.live.onResync(() => {
        this.recheck = true;
        this.wake?.();
      }),
    ];
  }

  /** Starts after `seq`; the feed holds events up to `latest` already. */
  startAfter(seq: number, latest: number): void {
    this.last = seq;
    this.known = Math.max(this.known, latest);
  }

  /**
   * Reads the next batch after `last` into `ready`. The first event must be `last + 1`: when it
   * was pruned, the subscriber cannot catch up, and the subscription ends with CURSOR_EXPIRED
   * rather than skip it.
   */
  async read(): Promise<void> {
    const from = this.last;
    const batch = await this.readBatch(this.userId, from);
    if (batch.length === 0) {
      if (this.known > from) throw cursorExpired(from);
      return;
    }
    batch.forEach(({ seq }, i) => {
      if (seq !== from + 1 + i) throw cursorExpired(from + i);
    });
    if (this.done) return;
    this.ready.push(...batch.map(({ event }) => event));
    this.last = batch[batch.length - 1]!.seq;
    this.known = Math.max(this.known, this.last);
  }

  async next(): Promise<IteratorResult<DeliveredNoteEvent>> {
    for (;;) {
      if (this.done) return { value: undefined, done: true };
      const event = this.ready.shift();
      if (event) return { value: event, done: false };
      if (this.known > this.last || this.recheck) {
        this.recheck = false;
        try {
          await this.read();
        } catch (error) {
          this.stop();
          throw error;
        }
        continue;
      }
      await new Promise<void>((resolve) => (this.wake = resolve));
      this.wake = undefined;
    }
  }

  return(): Promise<IteratorResult<DeliveredNoteEvent>> {
    this.stop();
    return Promise.resolve({ value: undefined, done: true });
  }

  throw(error: unknown): Promise<IteratorResult<DeliveredNoteEvent>> {
    this.stop();
    return Promise.reject(error instanceof Error ? error : new Error(String(error)));
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  /** Stops listening and ends the iteration, waking a consumer that waits. */
  stop(): void {
    if (this.done) return;
    this.done = true;
    for (const stop of this.stops) stop();
    this.ready.length = 0;
    this.wake?.();
  }
}

/** An event with its note: gone (or deleted) means DELETED with no note. */
function delivered(
  event: Pick<NoteEventRecord, 'seq' | 'noteId' | 'kind'>,
  note: NoteRecord | undefined,
): DeliveredNoteEvent {
  const there = event.kind !== 'DELETED' && note !== undefined;
  return {
    cursor: String(event.seq),
    kind: there ? (event.kind === 'REMINDED' ? 'REMINDED' : 'UPSERTED') : 'DELETED',
    noteId: event.noteId,
    note: there ? note : null,
  };
}

/** Live sync: each user's ordered feed of note changes, its cursor, and its pruning. */
export function noteEventsService(store: Store, options: NoteEventsOptions) {
  const readBatch = sharedBatchReader(store, options.batchSize ?? 200);
  return {
    /** Where the user's feed stands now: read it with the first page, subscribe from it. */
    cursor: async (userId: string): Promise<string> => String(await store.events.latest(userId)),

    /**
     * The user's note changes, in order. Without `since`, from now on; with it, first every
     * change after that cursor, then the live ones, with no gap and no repeat between the two.
     * A `since` that is not a cursor, or is ahead of the feed, is BAD_USER_INPUT; one whose
     * next change was pruned is CURSOR_EXPIRED. Both are thrown here, before any event.
     */
    async subscribe(
      userId: string,
      since?: string | null,
    ): Promise<AsyncIterableIterator<DeliveredNoteEvent>> {
      const from = since === undefined || since === null ? undefined : parseCursor(since);
      // Listen first, then read where the feed stands: a change committed after that read is
      // heard, one committed before it is in the feed (or before `from`).
      const subscription = new FeedSubscription(store, userId, readBatch);
      try {
        const latest = await store.events.latest(userId);
        if (from === undefined) {
          subscription.startAfter(latest, latest);
        } else {
          if (from > latest) {
            throw badInput('since', `is ahead of this feed, whose latest cursor is ${latest}`);
          }
          subscription.startAfter(from, latest);
          if (from < latest) await subscription.read();
        }
      } catch (error) {
        subscription.stop();
        throw error;
      }
      return subscription;
    },

    /** Deletes the events older than the retention time; returns how many. */
    prune: (at = Date.now()): Promise<number> =>
      store.events.prune(new Date(at - options.retentionHours * 3_600_000).toISOString()),
  };
}

export type NoteEventsService = ReturnType<typeof noteEventsService>;
