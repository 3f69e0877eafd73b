import { sql, type Kysely } from 'kysely';

import type { Dialect } from '../dialect';

/**
 * SQLite's search index re-indexes a note only when its text changed: an edit that sends the
 * note whole (a REST client changing its colour, say) set the same text again, and FTS5 took
 * the old text out and put it back in.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect !== 'sqlite') return;
  await sql`drop trigger notes_search_update`.execute(db);
  await sql`create trigger notes_search_update after update of title, text_content on notes
          when old.title is not new.title or old.text_content is not new.text_content begin
          insert into notes_search (notes_search, rowid, title, text_content)
            values ('delete', old.rowid, old.title, old.text_content);
          insert into notes_search (rowid, title, text_content)
            values (new.rowid, new.title, new.text_content);
        end`.execute(db);
}
