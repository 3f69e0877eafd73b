import { sql, type Kysely } from 'kysely';

import type { Dialect } from '../dialect';

/**
 * SQLite's search index holds a note's title and its text as two entries, so an edit of one
 * re-indexes that one alone: a title edit used to take the whole text out of the index and
 * put it back (bench/sync.ts's writes: the transaction's largest step).
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect !== 'sqlite') return;
  for (const trigger of ['notes_search_insert', 'notes_search_delete', 'notes_search_update']) {
    await sql`drop trigger ${sql.ref(trigger)}`.execute(db);
  }
  await sql`drop table notes_search`.execute(db);
  await sqliteSearchIndexByPart(db);
}

/**
 * SQLite's search index from 0009: as 0002's (0002_search_index.ts), but each note is two
 * entries of one column, its title at rowid × 2 and its plain text at rowid × 2 + 1 (a search's
 * matches are `rowid >> 1`), through the view `notes_search_content`, so that FTS5 can still
 * rebuild the index from the notes. A substring is in the title or in the text, never across
 * them, so an entry holding all of a query's trigrams is the same test as before, per part. Each
 * part is re-indexed only when its own value changed. Its segments are merged after writes
 * (0008: `automerge` 0).
 */
async function sqliteSearchIndexByPart(db: Kysely<unknown>) {
  await sql`create view notes_search_content as
    select rowid * 2 as part, title as text from notes
    union all
    select rowid * 2 + 1 as part, text_content as text from notes`.execute(db);
  await sql`create virtual table notes_search using fts5(
    text,
    content = 'notes_search_content', content_rowid = 'part',
    tokenize = 'trigram case_sensitive 1', detail = 'none'
  )`.execute(db);
  await sql`create trigger notes_search_insert after insert on notes begin
    insert into notes_search (rowid, text) values (new.rowid * 2, new.title);
    insert into notes_search (rowid, text) values (new.rowid * 2 + 1, new.text_content);
  end`.execute(db);
  await sql`create trigger notes_search_delete after delete on notes begin
    insert into notes_search (notes_search, rowid, text) values ('delete', old.rowid * 2, old.title);
    insert into notes_search (notes_search, rowid, text)
      values ('delete', old.rowid * 2 + 1, old.text_content);
  end`.execute(db);
  await sql`create trigger notes_search_title after update of title on notes
    when old.title is not new.title begin
    insert into notes_search (notes_search, rowid, text) values ('delete', old.rowid * 2, old.title);
    insert into notes_search (rowid, text) values (new.rowid * 2, new.title);
  end`.execute(db);
  await sql`create trigger notes_search_text after update of text_content on notes
    when old.text_content is not new.text_content begin
    insert into notes_search (notes_search, rowid, text)
      values ('delete', old.rowid * 2 + 1, old.text_content);
    insert into notes_search (rowid, text) values (new.rowid * 2 + 1, new.text_content);
  end`.execute(db);
  await sql`insert into notes_search (notes_search, rank) values ('automerge', 0)`.execute(db);
  await sql`insert into notes_search (notes_search) values ('rebuild')`.execute(db);
}
