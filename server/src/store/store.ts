import type { Kysely } from 'kysely';

import { openDatabase, type DatabaseHandle, type Dialect } from './database';
import { listQueries, type ListQueries } from './note-lists';
import { noteRepository } from './notes';
import type { Store, StoreTransaction } from './repositories';
import type { Database } from './schema';
import { userRepository } from './users';

/** Every repository over `db`, the database or one transaction. */
function repositories(
  db: Kysely<Database>,
  dialect: Dialect,
  lists: ListQueries,
): StoreTransaction {
  return { users: userRepository(db), notes: noteRepository(db, dialect, lists) };
}

/** The store over an open database; closing the store closes the database. */
export function storeOver(database: DatabaseHandle): Store {
  const { db, dialect } = database;
  const lists = listQueries(dialect);
  return {
    ...repositories(db, dialect, lists),
    transaction: (fn) => db.transaction().execute((trx) => fn(repositories(trx, dialect, lists))),
    ping: () => database.ping(),
    close: () => database.close(),
  };
}

/**
 * Opens the database named by `url`, brings its schema up to date and returns it as a store:
 * `file:path` or `:memory:` for SQLite, `postgres://…` for PostgreSQL.
 */
export async function openStore(url: string): Promise<Store> {
  return storeOver(await openDatabase(url));
}
