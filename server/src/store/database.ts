import fs from 'node:fs';
import path from 'node:path';

import SQLite from 'better-sqlite3';
import {
  Kysely,
  Migrator,
  PostgresDialect,
  SqliteDialect,
  sql,
  type Driver,
  type SqliteDialectConfig,
} from 'kysely';
import type { Pool, PoolConfig } from 'pg';

import { isDatabaseUnavailable } from '../errors';
import { migrationProvider } from './migrations';
import type { Database } from './schema';

export type Dialect = 'sqlite' | 'postgres';

/** An open database: the Kysely handle, which engine is underneath, and how to check and close it. */
export interface Store {
  db: Kysely<Database>;
  dialect: Dialect;
  /** Throws when the database cannot take a write now: gone, locked, read-only or its disk full. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Opens the database named by `url` and brings its schema up to date:
 * `file:path` or `:memory:` for SQLite, `postgres://…` for PostgreSQL.
 */
export async function openStore(url: string): Promise<Store> {
  const store =
    url.startsWith('postgres://') || url.startsWith('postgresql://')
      ? // Loaded only for PostgreSQL: a SQLite server starts without it.
        openPostgres(url, (await import('pg')).Pool)
      : openSqlite(url);
  try {
    if (store.dialect === 'postgres') await migrate(store.db, store.dialect);
    // SQLite opens (and migrates) on first use; only a database that cannot serve now may wait.
    else await sql`select 1`.execute(store.db);
  } catch (error) {
    if (store.dialect === 'postgres' || !isDatabaseUnavailable(error)) {
      await store.close();
      throw error;
    }
  }
  return store;
}

/** Below this much free space on the database's disk, /healthz reports the disk as full. */
const minFreeBytes = 1024 * 1024;

/** An error carrying a database-style code, so the APIs map it to 503 like the real thing. */
const unavailable = (code: string, message: string) => Object.assign(new Error(message), { code });

/**
 * SQLite rolls a transaction back by itself on some errors (SQLITE_FULL, SQLITE_IOERR); Kysely's
 * ROLLBACK after that fails with "no transaction is active" and would hide the real error.
 */
class SqliteDialectKeepingErrors extends SqliteDialect {
  constructor(
    config: SqliteDialectConfig,
    private readonly handle: () => SQLite.Database | undefined,
  ) {
    super(config);
  }

  override createDriver(): Driver {
    const driver = super.createDriver();
    const rollback = driver.rollbackTransaction.bind(driver);
    driver.rollbackTransaction = async (connection) => {
      if (this.handle()?.inTransaction === false) return;
      await rollback(connection);
    };
    return driver;
  }
}

/** How many distinct prepared statements one SQLite connection keeps (least recently used go). */
const statementCacheSize = 256;

/**
 * Kysely prepares every query anew; the hot ones have a fixed SQL text (values are bound), so
 * the connection keeps what it prepared and hands it back for the same text. Kysely only runs
 * statements to completion (`all`/`run`), so a cached statement is never busy when reused.
 */
function cachePreparedStatements(handle: SQLite.Database): void {
  const prepare = handle.prepare.bind(handle);
  const cache = new Map<string, SQLite.Statement>();
  handle.prepare = ((source: string) => {
    let statement = cache.get(source);
    if (statement) {
      cache.delete(source);
    } else {
      statement = prepare(source);
      if (cache.size >= statementCacheSize) cache.delete(cache.keys().next().value!);
    }
    cache.set(source, statement);
    return statement;
  }) as SQLite.Database['prepare'];
}

function openSqlite(url: string): Store {
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
      cachePreparedStatements(handle);
    } catch (error) {
      handle.close();
      throw error;
    }
    sqlite = handle;
    return handle;
  };
  const db = new Kysely<Database>({
    dialect: new SqliteDialectKeepingErrors({ database: connect }, () => sqlite),
  });
  return {
    db,
    dialect: 'sqlite',
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
    close: () => db.destroy(),
  };
}

function openPostgres(url: string, Pool: new (config: PoolConfig) => Pool): Store {
  const pool = new Pool({ connectionString: url, max: 10 });
  // An idle client losing its connection must not crash the server; the next query reconnects.
  pool.on('error', () => undefined);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    dialect: 'postgres',
    ping: async () => {
      const { rows } = await pool.query<{ transaction_read_only: string }>(
        'show transaction_read_only',
      );
      if (rows[0]?.transaction_read_only === 'on') {
        throw unavailable('25006', 'the database is read-only');
      }
    },
    close: () => db.destroy(),
  };
}

async function migrate(db: Kysely<Database>, dialect: Dialect): Promise<void> {
  const migrator = new Migrator({ db, provider: migrationProvider(dialect) });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error('migration failed', { cause: error });
}
