import fs from 'node:fs';
import path from 'node:path';

import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql } from 'kysely';
import type { Pool, PoolConfig } from 'pg';

import { isDatabaseUnavailable } from '../errors';
import type { Dialect } from './dialect';
import { LiveHub, listenOnPostgres, type LiveLog } from './live';
import { migrationProvider } from './migrations';
import type { Database } from './schema';
import { preparedOnce } from './prepared-statements';
import { sqliteDialect } from './sqlite-dialect';

export type { Dialect } from './dialect';

/** An open database: the Kysely handle, which engine is underneath, and how to check and close it. */
export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  /** This server's live-change listeners, fed after each commit (from any server on PostgreSQL). */
  live: LiveHub;
  /** Throws when the database cannot take a write now: gone, locked, read-only or its disk full. */
  ping(): Promise<void>;
  /** Called after each transaction commits, for upkeep kept off the write path. */
  afterCommit(): void;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** Where the PostgreSQL listener reports losing and regaining its connection. */
  log?: LiveLog;
}

/**
 * Opens the database named by `url` and brings its schema up to date:
 * `file:path` or `:memory:` for SQLite, `postgres://…` for PostgreSQL. On PostgreSQL it also
 * starts listening for the other servers' changes.
 */
export async function openDatabase(
  url: string,
  options: OpenOptions = {},
): Promise<DatabaseHandle> {
  const live = new LiveHub(options.log);
  const handle =
    url.startsWith('postgres://') || url.startsWith('postgresql://')
      ? // Loaded only for PostgreSQL: a SQLite server starts without it.
        openPostgres(url, (await import('pg')).Pool, live)
      : openSqlite(url, live);
  try {
    if (handle.dialect === 'postgres') {
      await migrate(handle.db, handle.dialect);
      const listener = await listenOnPostgres(url, live, options.log);
      const closePool = handle.close.bind(handle);
      handle.close = async () => {
        await listener.close();
        await closePool();
      };
    }
    // SQLite opens (and migrates) on first use; only a database that cannot serve now may wait.
    else await sql`select 1`.execute(handle.db);
  } catch (error) {
    if (handle.dialect === 'postgres' || !isDatabaseUnavailable(error)) {
      await handle.close();
      throw error;
    }
  }
  return handle;
}

/** Below this much free space on the database's disk, /healthz reports the disk as full. */
const minFreeBytes = 1024 * 1024;

/** An error carrying a database-style code, so the APIs map it to 503 like the real thing. */
const unavailable = (code: string, message: string) => Object.assign(new Error(message), { code });

function openSqlite(url: string, live: LiveHub): DatabaseHandle {
  const file =
    url === ':memory:' || url === 'file::memory:' ? ':memory:' : url.replace(/^file:/, '');
  let sqlite: SQLite.Database | undefined;
  // Opened on first use, and again on the next query after a failure: a server started on a
  // read-only or missing data folder answers 503 and recovers by itself when the folder is back.
  const connect = async (): Promise<SQLite.Database> => {
    if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    const handle = new SQLite(file);
    try {
      handle.pragma('journal_mode = WAL');
      handle.pragma('synchronous = NORMAL');
      handle.pragma('foreign_keys = ON');
      handle.pragma('busy_timeout = 5000');
      await migrate(
        new Kysely<Database>({ dialect: new SqliteDialect({ database: handle }) }),
        'sqlite',
      );
    } catch (error) {
      handle.close();
      throw error;
    }
    sqlite = handle;
    return handle;
  };
  const statements = preparedOnce(() => sqlite);
  const db = new Kysely<Database>({
    dialect: sqliteDialect(
      {
        database: async () => {
          await connect();
          return statements;
        },
      },
      () => sqlite?.inTransaction !== false,
    ),
  });
  const searchIndex = searchIndexMerger(db);
  return {
    db,
    dialect: 'sqlite',
    live,
    ping: async () => {
      // A write lock, not just a read: a read-only file or folder fails here.
      await db.connection().execute(async (conn) => {
        await sql`begin immediate`.execute(conn);
        await sql`rollback`.execute(conn);
      });
      if (file === ':memory:') return;
      const disk = await fs.promises.statfs(path.dirname(path.resolve(file)));
      if (disk.bavail * disk.bsize < minFreeBytes) {
        throw unavailable('SQLITE_FULL', 'the disk holding the database is full');
      }
    },
    afterCommit: () => searchIndex.afterWrite(),
    close: async () => {
      await searchIndex.close();
      await db.destroy();
    },
  };
}

/** Pages of index one merge step writes: a step takes about a third of a millisecond. */
const mergePages = 50;

/**
 * Merges the SQLite search index's segments after writes instead of inside them.
 *
 * FTS5 adds a segment to its index at each commit. By default (its `automerge`), the write that
 * fills a level merges that level too. That made one write in four several times slower: the
 * p95 of a one-note write was 1.5 ms, against 0.4 ms with the merges deferred. Migration 0008
 * turns `automerge` off. Instead, once a write has committed, and its answer and its events are
 * out, this merges in steps of {@link mergePages} pages through FTS5's 'merge' command, letting
 * other work in between steps, until FTS5 reports nothing left to merge. FTS5's documentation
 * gives the test: `total_changes()` grew by less than 2.
 *
 * A failed step is dropped: the next commit starts again. If merges ever fall behind, FTS5's
 * crisis merge, at 16 segments on a level, still runs inside a write. Closing lets the merges
 * under way finish.
 */
function searchIndexMerger(db: Kysely<Database>): { afterWrite(): void; close(): Promise<void> } {
  let running: Promise<void> | undefined;
  let again = false;
  let closed = false;
  const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
  const step = () =>
    db.connection().execute(async (conn) => {
      const changes = async () =>
        (await sql<{ n: number }>`select total_changes() as n`.execute(conn)).rows[0]!.n;
      const before = await changes();
      await sql`insert into notes_search (notes_search, rank) values ('merge', ${mergePages})`.execute(
        conn,
      );
      return (await changes()) - before >= 2;
    });
  const run = async () => {
    do {
      again = false;
      await nextTurn();
      while (await step()) await nextTurn();
    } while (again);
  };
  return {
    afterWrite() {
      if (closed) return;
      if (running) {
        again = true;
        return;
      }
      running = run()
        .catch(() => undefined)
        .finally(() => (running = undefined));
    },
    async close() {
      closed = true;
      await running;
    },
  };
}

function openPostgres(
  url: string,
  Pool: new (config: PoolConfig) => Pool,
  live: LiveHub,
): DatabaseHandle {
  const pool = new Pool({ connectionString: url, max: 10 });
  // An idle client losing its connection must not crash the server; the next query reconnects.
  pool.on('error', () => undefined);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    dialect: 'postgres',
    live,
    ping: async () => {
      const { rows } = await pool.query<{ transaction_read_only: string }>(
        'show transaction_read_only',
      );
      if (rows[0]?.transaction_read_only === 'on') {
        throw unavailable('25006', 'the database is read-only');
      }
    },
    afterCommit: () => undefined,
    close: () => db.destroy(),
  };
}

async function migrate(db: Kysely<Database>, dialect: Dialect): Promise<void> {
  const migrator = new Migrator({ db, provider: migrationProvider(dialect) });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error('migration failed', { cause: error });
}
