import { sql, type Kysely } from 'kysely';

import type { Dialect } from '../dialect';

/** The search index: FTS5 trigrams on SQLite, pg_trgm on PostgreSQL. */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') await postgresSearchIndex(db);
  else await sqliteSearchIndex(db);
}

/**
 * SQLite: an FTS5 trigram index over title and plain text, external content on `notes` (so the
 * text is stored once), kept in step by triggers on every insert, delete and change of text
 * (from 0007, only a change of its value).
 * Trigrams are case-sensitive. detail=none keeps only which notes hold each trigram (about a sixth
 * of the size of full position lists, measured at 20,000 notes), so the index finds the notes
 * holding all of a query's trigrams and the store rechecks with instr(). Keyed by notes' rowid:
 * after a VACUUM, run
 * `insert into notes_search(notes_search) values('rebuild')`.
 */
async function sqliteSearchIndex(db: Kysely<unknown>) {
  await sql`create virtual table notes_search using fts5(
    title, text_content,
    content = 'notes', content_rowid = 'rowid',
    tokenize = 'trigram case_sensitive 1', detail = 'none'
  )`.execute(db);
  await sql`create trigger notes_search_insert after insert on notes begin
    insert into notes_search (rowid, title, text_content)
      values (new.rowid, new.title, new.text_content);
  end`.execute(db);
  await sql`create trigger notes_search_delete after delete on notes begin
    insert into notes_search (notes_search, rowid, title, text_content)
      values ('delete', old.rowid, old.title, old.text_content);
  end`.execute(db);
  await sql`create trigger notes_search_update after update of title, text_content on notes begin
    insert into notes_search (notes_search, rowid, title, text_content)
      values ('delete', old.rowid, old.title, old.text_content);
    insert into notes_search (rowid, title, text_content)
      values (new.rowid, new.title, new.text_content);
  end`.execute(db);
  await sql`insert into notes_search (notes_search) values ('rebuild')`.execute(db);
}

/** PostgreSQL: pg_trgm GIN indexes, which serve `LIKE '%…%'` (case-sensitive) on each column. */
async function postgresSearchIndex(db: Kysely<unknown>) {
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql`create index notes_title_trgm on notes using gin (title gin_trgm_ops)`.execute(db);
  await sql`create index notes_text_trgm on notes using gin (text_content gin_trgm_ops)`.execute(
    db,
  );
}
