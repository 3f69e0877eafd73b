import { sql, type Kysely } from 'kysely';

import type { Dialect } from '../dialect';
import { foldCase } from '../search-text';

/** Notes folded per statement while filling the new columns. */
const batch = 500;

/**
 * Search forgives case (store/search-text.ts): each note keeps its title and plain text folded
 * by foldCase in `search_title` and `search_text`, filled here for the notes already stored
 * and written by the store with every write since. The search indexes move to those columns:
 * SQLite's FTS5 trigram index (as 0009 made it, each note a title entry and a text entry) and
 * PostgreSQL's pg_trgm indexes; the old ones, on the texts as typed, go. A later change of
 * foldCase needs a migration that folds every note again.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('notes')
    .addColumn('search_title', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('notes')
    .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await fold(db, dialect);
  if (dialect === 'postgres') await postgresIndexes(db);
  else await sqliteIndex(db);
}

/** Folds every note's title and text into the new columns, a batch at a time, by id. */
async function fold(db: Kysely<unknown>, dialect: Dialect) {
  for (let after = ''; ;) {
    const { rows } = await sql<{ id: string; title: string; text_content: string }>`
      select id, title, text_content from notes where id > ${after} order by id limit ${batch}
    `.execute(db);
    if (rows.length === 0) return;
    const ids = rows.map((r) => r.id);
    const titles = rows.map((r) => foldCase(r.title));
    const texts = rows.map((r) => foldCase(r.text_content));
    if (dialect === 'postgres') {
      await sql`update notes set search_title = v.t, search_text = v.x
        from unnest(${ids}::text[], ${titles}::text[], ${texts}::text[]) as v(id, t, x)
        where notes.id = v.id`.execute(db);
    } else {
      for (let i = 0; i < rows.length; i += 1) {
        await sql`update notes set search_title = ${titles[i]}, search_text = ${texts[i]}
          where id = ${ids[i]}`.execute(db);
      }
    }
    after = ids[ids.length - 1]!;
  }
}

/** PostgreSQL: pg_trgm GIN indexes on the folded columns, serving `LIKE '%…%'` there. */
async function postgresIndexes(db: Kysely<unknown>) {
  await sql`create index notes_search_title_trgm on notes using gin (search_title gin_trgm_ops)`.execute(
    db,
  );
  await sql`create index notes_search_text_trgm on notes using gin (search_text gin_trgm_ops)`.execute(
    db,
  );
  await sql`drop index notes_title_trgm`.execute(db);
  await sql`drop index notes_text_trgm`.execute(db);
}

/**
 * SQLite: 0009's index (title at rowid × 2, text at rowid × 2 + 1, each re-indexed only when
 * its own value changed, merged after writes), over the folded columns.
 */
async function sqliteIndex(db: Kysely<unknown>) {
  for (const trigger of [
    'notes_search_insert',
    'notes_search_delete',
    'notes_search_title',
    'notes_search_text',
  ]) {
    await sql`drop trigger ${sql.ref(trigger)}`.execute(db);
  }
  await sql`drop table notes_search`.execute(db);
  await sql`drop view notes_search_content`.execute(db);
  await sql`create view notes_search_content as
    select rowid * 2 as part, search_title as text from notes
    union all
    select rowid * 2 + 1 as part, search_text as text from notes`.execute(db);
  await sql`create virtual table notes_search using fts5(
    text,
    content = 'notes_search_content', content_rowid = 'part',
    tokenize = 'trigram case_sensitive 1', detail = 'none'
  )`.execute(db);
  await sql`create trigger notes_search_insert after insert on notes begin
    insert into notes_search (rowid, text) values (new.rowid * 2, new.search_title);
    insert into notes_search (rowid, text) values (new.rowid * 2 + 1, new.search_text);
  end`.execute(db);
  await sql`create trigger notes_search_delete after delete on notes begin
    insert into notes_search (notes_search, rowid, text)
      values ('delete', old.rowid * 2, old.search_title);
    insert into notes_search (notes_search, rowid, text)
      values ('delete', old.rowid * 2 + 1, old.search_text);
  end`.execute(db);
  await sql`create trigger notes_search_title after update of search_title on notes
    when old.search_title is not new.search_title begin
    insert into notes_search (notes_search, rowid, text)
      values ('delete', old.rowid * 2, old.search_title);
    insert into notes_search (rowid, text) values (new.rowid * 2, new.search_title);
  end`.execute(db);
  await sql`create trigger notes_search_text after update of search_text on notes
    when old.search_text is not new.search_text begin
    insert into notes_search (notes_search, rowid, text)
      values ('delete', old.rowid * 2 + 1, old.search_text);
    insert into notes_search (rowid, text) values (new.rowid * 2 + 1, new.search_text);
  end`.execute(db);
  await sql`insert into notes_search (notes_search, rank) values ('automerge', 0)`.execute(db);
  await sql`insert into notes_search (notes_search) values ('rebuild')`.execute(db);
}
