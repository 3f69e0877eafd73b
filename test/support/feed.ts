import { TestSocket, type Closed, type NoteEventPayload } from '../../server/src/test-support/ws';

/** A note as a syncing client holds it. */
export interface HeldNote {
  title: string;
  location: string;
  version: number;
}

/**
 * A syncing client of one user's feed, as Jotter's own client is meant to be: it applies each
 * event as state (per note, the highest version wins; DELETED drops it), remembers its cursor,
 * and resumes from it on every new connection. It also checks what it receives: each connection
 * must deliver exactly the cursors after the one it resumed from, in order (no gap, no repeat).
 */
export class FeedFollower {
  /** The server's WebSocket address for an HTTP base URL. */
  static wsUrl = (base: string) => `${base.replace(/^http/, 'ws')}/graphql`;

  cursor = 0;
  connections = 0;
  /** Note ids by seq (index seq - 1): the feed as received. */
  readonly noteIdBySeq: string[] = [];
  readonly notes = new Map<string, HeldNote>();
  readonly problems: string[] = [];
  /** The connection being followed, if any: closing it ends {@link follow}. */
  socket: TestSocket | undefined;
  /** How the last connection that ended by closing was closed. */
  lastClose: Closed | undefined;

  private readonly waiting = new Set<{ at: number; resolve: () => void }>();

  constructor(readonly token: string) {}

  /** Resolves once the follower has applied the event at cursor `at`. */
  reached(at: number): Promise<void> {
    if (this.cursor >= at) return Promise.resolve();
    return new Promise((resolve) => this.waiting.add({ at, resolve }));
  }

  private apply(event: NoteEventPayload) {
    this.applyEvent(event);
    for (const waiter of [...this.waiting]) {
      if (this.cursor >= waiter.at) {
        this.waiting.delete(waiter);
        waiter.resolve();
      }
    }
  }

  private applyEvent(event: NoteEventPayload) {
    const seq = Number(event.cursor);
    if (seq !== this.cursor + 1)
      this.problems.push(`expected cursor ${this.cursor + 1}, received ${event.cursor}`);
    this.cursor = Math.max(this.cursor, seq);
    this.noteIdBySeq[seq - 1] = event.noteId;
    if (event.kind === 'DELETED' || !event.note) {
      this.notes.delete(event.noteId);
      return;
    }
    const held = this.notes.get(event.noteId);
    if (!held || event.note.version >= held.version) {
      this.notes.set(event.noteId, {
        title: event.note.title,
        location: event.note.location,
        version: event.note.version,
      });
    }
  }

  /**
   * One connection: subscribes from the current cursor and applies events until `stopWhen()`
   * holds after one (then closes the socket: 'stopped') or the socket closes ('closed': the
   * server went away, or the test closed it).
   */
  async follow(
    wsUrl: string,
    stopWhen: (f: FeedFollower) => boolean,
    timeoutMs = 120_000,
  ): Promise<'stopped' | 'closed'> {
    const socket = await TestSocket.connect(wsUrl, this.token);
    this.socket = socket;
    this.connections += 1;
    const sub = socket.noteEvents(String(this.cursor));
    let applied = 0;
    try {
      await socket.waitFor(
        () => {
          const events = sub.events;
          for (; applied < events.length; applied += 1) this.apply(events[applied]!);
          if (sub.errors.length > 0) {
            this.problems.push(`subscription failed: ${JSON.stringify(sub.errors)}`);
            return true;
          }
          return stopWhen(this);
        },
        'the feed',
        timeoutMs,
      );
    } catch (error) {
      if (socket.ws.readyState === socket.ws.CLOSED || socket.ws.readyState === socket.ws.CLOSING) {
        // Events that arrived with the close still count.
        for (const event of sub.events.slice(applied)) this.apply(event);
        this.lastClose = await socket.closed;
        return 'closed';
      }
      throw error;
    } finally {
      this.socket = undefined;
    }
    await socket.close();
    return 'stopped';
  }

  /** Follows until the cursor reaches `target` (the server's noteEventsCursor). */
  async catchUp(wsUrl: string, target: number): Promise<void> {
    if (this.cursor >= target) return;
    const outcome = await this.follow(wsUrl, (f) => f.cursor >= target, 60_000);
    if (outcome !== 'stopped')
      throw new Error(`the socket closed before cursor ${target} (at ${this.cursor})`);
  }
}
