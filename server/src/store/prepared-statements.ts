import type SQLite from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

/** How many distinct statements {@link preparedOnce} keeps. */
export const keptStatements = 256;

/**
 * The database as Kysely's `SqliteDatabase`, preparing each distinct SQL text once: Kysely asks
 * for a new statement for every query it runs, and SQLite's prepare was about a tenth of the
 * server's CPU under live sync (ten statements a write, the same texts every time).
 * better-sqlite3's statements are made to be run again; one still walking its rows (`busy`,
 * from `iterate()`) is not handed out twice: the caller gets a fresh one. The last
 * {@link keptStatements} texts used are kept.
 */
export function preparedOnce(handle: () => SQLite.Database | undefined): SqliteDatabase {
  const kept = new Map<string, SQLite.Statement>();
  return {
    prepare(text) {
      const database = handle();
      if (!database) throw new Error('the SQLite database is not open');
      let statement = kept.get(text);
      if (!statement || statement.database !== database || statement.busy) {
        statement = database.prepare(text);
      }
      // Most recently used last, so the first is the one to let go.
      kept.delete(text);
      kept.set(text, statement);
      if (kept.size > keptStatements) kept.delete(kept.keys().next().value!);
      return statement;
    },
    close() {
      kept.clear();
      handle()?.close();
    },
  };
}
