import { sql, type Kysely } from 'kysely';

import type { Dialect } from '../dialect';

/** SQLite's search index no longer merges its segments inside writes. */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect !== 'sqlite') return;
  // The store merges the index's segments after each commit (searchIndexMerger).
  await sql`insert into notes_search (notes_search, rank) values ('automerge', 0)`.execute(db);
}
