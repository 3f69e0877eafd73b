import fs from 'node:fs';
import path from 'node:path';

import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect } from 'kysely';
import { Pool } from 'pg';

import { migrationProvider } from './migrations';
import type { Database } from './schema';

export type Dialect = 'sqlite' | 'postgres';

/** An open database: the Kysely handle, which engine is underneath, and how to check and close it. */
export interface Store {
  db: Kysely<Database>;
  dialect: Dialect;
  /** Throws when the database cannot answer a trivial query. */
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
      ? openPostgres(url)
      : openSqlite(url);
  try {
    await migrate(store);
  } catch (error) {
    await store.close();
    throw error;
  }
  return store;
}

function openSqlite(url: string): Store {
  const file =
    url === ':memory:' || url === 'file::memory:' ? ':memory:' : url.replace(/^file:/, '');
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return {
    db,
    dialect: 'sqlite',
    ping: () => {
      sqlite.prepare('select 1').get();
      return Promise.resolve();
    },
    close: () => db.destroy(),
  };
}

function openPostgres(url: string): Store {
  const pool = new Pool({ connectionString: url, max: 10 });
  // An idle client losing its connection must not crash the server; the next query reconnects.
  pool.on('error', () => undefined);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    dialect: 'postgres',
    ping: async () => {
      await pool.query('select 1');
    },
    close: () => db.destroy(),
  };
}

async function migrate(store: Store): Promise<void> {
  const migrator = new Migrator({ db: store.db, provider: migrationProvider(store.dialect) });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error('migration failed', { cause: error });
}
