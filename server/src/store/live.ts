import type { Logger } from 'pino';

import type { CommittedNoteEvent } from './records';
import type { LiveChanges } from './repositories';

/**
 * The PostgreSQL channels: `<userId>:<seq>` after a note event; `<userId>` after every token of
 * the user was revoked, `<userId>/<credential>` after one credential was (a session ended, an API
 * token revoked).
 */
export const noteEventsChannel = 'jotter_note_events';
export const signOutsChannel = 'jotter_sign_outs';

/** The credential named when the tokens issued before sessions existed (no `sid`) are revoked. */
export const legacyCredential = 'legacy';

/** What the store reports when something goes wrong out of any request's sight. */
export type LiveLog = Pick<Logger, 'warn' | 'info' | 'error'>;

function listen<K, L>(map: Map<K, Set<L>>, key: K, listener: L): () => void {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(listener);
  return () => {
    set.delete(listener);
    if (set.size === 0 && map.get(key) === set) map.delete(key);
  };
}

/**
 * This server's listeners, by user. The engine's transport tells it what happened: SQLite's
 * store after each commit, PostgreSQL's listener on each notification.
 */
export class LiveHub implements LiveChanges {
  private readonly noteEvents = new Map<
    string,
    Set<(seq: number, committed?: CommittedNoteEvent) => void>
  >();
  private readonly signOuts = new Map<string, Set<(credential?: string) => void>>();
  private readonly resyncs = new Set<() => void>();

  constructor(private readonly log?: LiveLog) {}

  onNoteEvent(
    userId: string,
    listener: (seq: number, committed?: CommittedNoteEvent) => void,
  ): () => void {
    return listen(this.noteEvents, userId, listener);
  }

  /** Whether any listener waits for the user's note events on this server. */
  listensTo(userId: string): boolean {
    return this.noteEvents.has(userId);
  }

  onSignOut(userId: string, listener: (credential?: string) => void): () => void {
    return listen(this.signOuts, userId, listener);
  }

  onResync(listener: () => void): () => void {
    this.resyncs.add(listener);
    return () => this.resyncs.delete(listener);
  }

  noteEvent(userId: string, seq: number, committed?: CommittedNoteEvent): void {
    this.call(this.noteEvents.get(userId), (l) => l(seq, committed));
  }

  signOut(userId: string, credential?: string): void {
    this.call(this.signOuts.get(userId), (l) => l(credential));
  }

  resync(): void {
    this.call(this.resyncs, (l) => l());
  }

  /** Calls each listener; one that throws is logged and does not stop the others. */
  private call<L>(listeners: Set<L> | undefined, fn: (listener: L) => void): void {
    if (!listeners) return;
    for (const listener of [...listeners]) {
      try {
        fn(listener);
      } catch (error) {
        this.log?.error({ err: error }, 'a live-change listener failed');
      }
    }
  }
}

/** Passes one PostgreSQL notification to the hub; anything else on the channels is ignored. */
function dispatch(hub: LiveHub, channel: string, payload: string | undefined): void {
  if (!payload) return;
  if (channel === signOutsChannel) {
    const slash = payload.indexOf('/');
    if (slash < 0) hub.signOut(payload);
    else hub.signOut(payload.slice(0, slash), payload.slice(slash + 1));
    return;
  }
  if (channel !== noteEventsChannel) return;
  const at = payload.lastIndexOf(':');
  const seq = Number(payload.slice(at + 1));
  if (at > 0 && Number.isSafeInteger(seq)) hub.noteEvent(payload.slice(0, at), seq);
}

/** How long to wait before listening again after the connection was lost: 0.1 s, doubling, at most 5 s. */
const retryDelay = (attempt: number) => Math.min(5000, 100 * 2 ** attempt);

/**
 * Listens on PostgreSQL for every server's notifications, on one dedicated connection (not the
 * pool's: a pooled connection is shared, and LISTEN belongs to a session). When the connection
 * is lost it connects and listens again, then asks every listener to resync, since notifications
 * sent in between are gone. The first connection is awaited, so a server never serves
 * subscriptions it cannot feed; a failure there is thrown.
 */
export async function listenOnPostgres(
  url: string,
  hub: LiveHub,
  log?: LiveLog,
): Promise<{ close(): Promise<void> }> {
  const { Client } = await import('pg');
  type PgClient = InstanceType<typeof Client>;
  let current: PgClient | undefined;
  let closing = false;
  let retry: NodeJS.Timeout | undefined;
  let attempt = 0;

  const connect = async (): Promise<void> => {
    const client = new Client({
      connectionString: url,
      keepAlive: true,
      application_name: 'jotter-listener',
    });
    client.on('notification', (message) => dispatch(hub, message.channel, message.payload));
    client.on('error', (error) => {
      if (client === current)
        log?.warn({ err: error }, 'the PostgreSQL listener lost its connection');
      lost(client);
    });
    client.on('end', () => lost(client));
    try {
      await client.connect();
      await client.query(`listen ${noteEventsChannel}`);
      await client.query(`listen ${signOutsChannel}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    if (closing) {
      await client.end().catch(() => undefined);
      return;
    }
    current = client;
  };

  const reconnect = () => {
    retry = undefined;
    connect().then(
      () => {
        if (closing) return;
        log?.info({ attempts: attempt + 1 }, 'the PostgreSQL listener is listening again');
        attempt = 0;
        hub.resync();
      },
      (error: unknown) => {
        if (closing) return;
        log?.warn({ err: error }, 'the PostgreSQL listener cannot connect; retrying');
        attempt += 1;
        retry = setTimeout(reconnect, retryDelay(attempt));
      },
    );
  };

  function lost(client: PgClient) {
    if (client !== current) return;
    current = undefined;
    client.end().catch(() => undefined);
    if (!closing && !retry) retry = setTimeout(reconnect, retryDelay(0));
  }

  await connect();
  return {
    close: async () => {
      closing = true;
      if (retry) clearTimeout(retry);
      const client = current;
      current = undefined;
      await client?.end().catch(() => undefined);
    },
  };
}
