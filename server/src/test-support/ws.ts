import WebSocket from 'ws';

/** How a socket ended. */
export interface Closed {
  code: number;
  reason: string;
}

/** A message of the graphql-transport-ws protocol, as received. */
export interface WsMessage {
  type: string;
  id?: string;
  // Tests read into payloads freely.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  payload?: any;
}

/** A note event as the subscription delivers it (the fields `noteEventsQuery` selects). */
export interface NoteEventPayload {
  cursor: string;
  kind: 'UPSERTED' | 'DELETED';
  noteId: string;
  note: { id: string; title: string; location: string; version: number } | null;
}

export const noteEventsQuery = `subscription($since: String) {
  noteEvents(since: $since) { cursor kind noteId note { id title location version } }
}`;

const defaultTimeoutMs = 10_000;

/**
 * A bare graphql-transport-ws client over `ws`, for tests that look at every message and close
 * code. It waits for conditions (a message, a close), never for time, except a timeout that
 * turns a hang into a clear failure.
 */
export class TestSocket {
  readonly messages: WsMessage[] = [];
  /** WebSocket pings received from the server. */
  pings = 0;
  /** Resolves when the socket has closed, with the server's code and reason. */
  readonly closed: Promise<Closed>;
  private closedWith: Closed | undefined;
  private readonly changes = new Set<() => void>();
  private nextId = 1;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data: WebSocket.RawData) => {
      this.messages.push(JSON.parse((data as Buffer).toString('utf8')) as WsMessage);
      this.changed();
    });
    this.closed = new Promise((resolve) => {
      ws.on('close', (code, reason) => {
        this.closedWith = { code, reason: reason.toString() };
        resolve(this.closedWith);
        this.changed();
      });
    });
    ws.on('ping', () => {
      this.pings += 1;
      this.changed();
    });
    ws.on('error', () => undefined);
  }

  /** Opens a socket and sends `connection_init` with `params` (no init when params is null). */
  static open(
    wsUrl: string,
    params: Record<string, unknown> | null,
    options: WebSocket.ClientOptions = {},
  ): Promise<TestSocket> {
    const ws = new WebSocket(wsUrl, 'graphql-transport-ws', options);
    const socket = new TestSocket(ws);
    return new Promise((resolve, reject) => {
      ws.once('open', () => {
        if (params) ws.send(JSON.stringify({ type: 'connection_init', payload: params }));
        resolve(socket);
      });
      ws.once('unexpected-response', (_req, res) =>
        reject(new Error(`upgrade refused: ${res.statusCode}`)),
      );
      ws.once('error', reject);
    });
  }

  /** A socket signed in with `authorization` (as the token, raw), once the server acknowledged it. */
  static async connect(
    wsUrl: string,
    authorization: string,
    options: WebSocket.ClientOptions = {},
  ): Promise<TestSocket> {
    const socket = await TestSocket.open(wsUrl, { authorization }, options);
    await socket.waitFor(
      () => socket.messages.some((m) => m.type === 'connection_ack'),
      'connection_ack',
    );
    return socket;
  }

  /** Starts an operation; returns its id. */
  subscribe(query: string, variables: Record<string, unknown> = {}): string {
    const id = String(this.nextId++);
    this.ws.send(JSON.stringify({ id, type: 'subscribe', payload: { query, variables } }));
    return id;
  }

  /** Subscribes to noteEvents (from `since`, when given). */
  noteEvents(since?: string): NoteEvents {
    return new NoteEvents(
      this,
      this.subscribe(noteEventsQuery, since === undefined ? {} : { since }),
    );
  }

  /** The messages of one operation. */
  of(id: string): WsMessage[] {
    return this.messages.filter((m) => m.id === id);
  }

  /**
   * Resolves once `condition()` holds (checked now and after every message, ping or close); rejects
   * when the socket closes first or `timeoutMs` passes, naming `what` it waited for.
   */
  waitFor(condition: () => boolean, what: string, timeoutMs = defaultTimeoutMs): Promise<void> {
    return new Promise((resolve, reject) => {
      const check = () => {
        if (condition()) {
          done();
          resolve();
        } else if (this.closedWith) {
          done();
          reject(
            new Error(
              `socket closed (${this.closedWith.code} ${this.closedWith.reason}) while waiting for ${what}`,
            ),
          );
        }
      };
      const timer = setTimeout(() => {
        done();
        reject(
          new Error(
            `timed out waiting for ${what}; received ${JSON.stringify(this.messages).slice(-1000)}`,
          ),
        );
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        this.changes.delete(check);
      };
      this.changes.add(check);
      check();
    });
  }

  /** Resolves with the close, or rejects after `timeoutMs`. */
  async waitForClose(timeoutMs = defaultTimeoutMs): Promise<Closed> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error('timed out waiting for the socket to close')),
        timeoutMs,
      );
    });
    try {
      return await Promise.race([this.closed, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  close(): Promise<Closed> {
    if (!this.closedWith) this.ws.close(1000, 'done');
    return this.closed;
  }

  private changed() {
    for (const check of [...this.changes]) check();
  }
}

/** One noteEvents subscription on a {@link TestSocket}. */
export class NoteEvents {
  constructor(
    readonly socket: TestSocket,
    readonly id: string,
  ) {}

  /** Every event received so far, in order. */
  get events(): NoteEventPayload[] {
    return this.socket
      .of(this.id)
      .filter((m) => m.type === 'next' && m.payload?.data)
      .map((m) => m.payload.data.noteEvents as NoteEventPayload);
  }

  /** Errors received: an `error` message's list, or a `next` carrying `errors`. */
  get errors(): Array<{ message: string; extensions?: { code?: string } }> {
    return this.socket.of(this.id).flatMap((m) => {
      if (m.type === 'error') return m.payload;
      if (m.type === 'next' && m.payload?.errors) return m.payload.errors;
      return [];
    });
  }

  get completed(): boolean {
    return this.socket.of(this.id).some((m) => m.type === 'complete' || m.type === 'error');
  }

  /** Waits until an event with this cursor (or a later one) has arrived. */
  async until(cursor: string | number): Promise<NoteEventPayload[]> {
    const target = Number(cursor);
    await this.socket.waitFor(
      () => this.events.some((e) => Number(e.cursor) >= target),
      `note event ${target}`,
    );
    return this.events;
  }

  /** Waits for the first error (or completion) and returns the errors. */
  async failure(): Promise<Array<{ message: string; extensions?: { code?: string } }>> {
    await this.socket.waitFor(() => this.errors.length > 0 || this.completed, 'an error');
    return this.errors;
  }
}
