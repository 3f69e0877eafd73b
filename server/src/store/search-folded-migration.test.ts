import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql } from 'kysely';
import { Pool } from 'pg';

import { testDatabase } from '../test-support/database';
import type { Dialect } from './dialect';
import { migrationProvider } from './migrations';
import { foldCase } from './search-text';

/**
 * Migration 0011 on a database made before it (SQLite, and PostgreSQL under `npm run test:pg`):
 * every note already stored gets its title and plain text folded into the search columns, in
 * batches, and the search indexes serve the folded columns.
 */
let database: { url: string; drop: () => Promise<void> };
let db: Kysely<unknown>;
let dialect: Dialect;

/** More than one batch of the migration's 500. */
const count = 620;
const titleOf = (i: number) => (i % 2 ? `Straße ${i}` : `ÉTÉ Note ${i}`);
const textOf = (i: number) => `Line ${i} with CAPITALS and été`;

beforeAll(async () => {
  database = await testDatabase();
  dialect = database.url.startsWith('postgres') ? 'postgres' : 'sqlite';
  db = new Kysely<unknown>({
    dialect:
      dialect === 'postgres'
        ? new PostgresDialect({ pool: new Pool({ connectionString: database.url }) })
        : new SqliteDialect({ database: new SQLite(':memory:') }),
  });
  const migrator = new Migrator({ db, provider: migrationProvider(dialect) });
  expect((await migrator.migrateTo('0010_notes_by_owner_date')).error).toBeUndefined();
  const at = '2026-11-25T10:00:00.000Z';
  await sql`insert into users (id, email, email_key, first_name, last_name, password_hash, created_at, updated_at)
    values ('u1', 'a@example.com', 'a@example.com', 'A', 'B', 'x', ${at}, ${at})`.execute(db);
  for (let i = 0; i < count; i += 1) {
    await sql`insert into notes (id, user_id, title, content, text_content, color, priority, tags, location, created_at, updated_at)
      values (${`n${String(i).padStart(4, '0')}`}, 'u1', ${titleOf(i)}, '<p>x</p>', ${textOf(i)}, '', 0, '[]', 'notes', ${at}, ${at})`.execute(
      db,
    );
  }
  expect((await migrator.migrateToLatest()).error).toBeUndefined();
});

afterAll(async () => {
  await db.destroy();
  await database.drop();
});

it('folds every note stored before it into the search columns', async () => {
  const { rows } = await sql<{
    id: string;
    title: string;
    text_content: string;
    search_title: string;
    search_text: string;
  }>`select id, title, text_content, search_title, search_text from notes order by id`.execute(db);
  expect(rows).toHaveLength(count);
  for (const row of rows) {
    expect(row.search_title).toBe(foldCase(row.title));
    expect(row.search_text).toBe(foldCase(row.text_content));
  }
  expect(rows[1]!.search_title).toBe('strasse 1');
  expect(rows[0]!.search_title).toBe('été note 0');
});

it('indexes the folded columns', async () => {
  const found =
    dialect === 'postgres'
      ? sql<{ id: string }>`select id from notes where search_title like ${'%strasse 61%'}`
      : sql<{ id: string }>`select notes.id from notes where rowid in
          (select rowid >> 1 from notes_search where notes_search match ${'"str" AND "e 6" AND " 61"'})
          and instr(search_title, ${'strasse 61'}) > 0`;
  const ids = (await found.execute(db)).rows.map((r) => r.id).sort();
  expect(ids).toEqual(['n0061', 'n0611', 'n0613', 'n0615', 'n0617', 'n0619']);
});
