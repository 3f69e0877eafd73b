import SQLite from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect } from 'kysely';

import { migrationProvider } from './migrations';

/**
 * SQLite's search index after migration 0007: a note is re-indexed when its title or text
 * changes, and not when an edit sets the same text again.
 */
let sqlite: SQLite.Database;
let db: Kysely<unknown>;

beforeEach(async () => {
  sqlite = new SQLite(':memory:');
  db = new Kysely<unknown>({ dialect: new SqliteDialect({ database: sqlite }) });
  // A database made before 0007, with a note in it, then brought up to date.
  const migrator = new Migrator({ db, provider: migrationProvider('sqlite') });
  expect((await migrator.migrateTo('0006_revisions')).error).toBeUndefined();
  const at = '2026-11-25T10:00:00.000Z';
  sqlite
    .prepare(
      `insert into users (id, email, email_key, first_name, last_name, password_hash, created_at, updated_at)
       values ('u1', 'a@example.com', 'a@example.com', 'A', 'B', 'x', ?, ?)`,
    )
    .run(at, at);
  sqlite
    .prepare(
      `insert into notes (id, user_id, title, content, text_content, color, priority, tags, location, created_at, updated_at)
       values ('n1', 'u1', 'Shopping list', '<p>Milk</p>', 'Milk', '', 0, '[]', 'notes', ?, ?)`,
    )
    .run(at, at);
  expect((await migrator.migrateToLatest()).error).toBeUndefined();
});

afterEach(() => db.destroy());

/** FTS5's structure record: it changes whenever the index takes in a change. */
const structure = () =>
  (sqlite.prepare('select block from notes_search_data where id = 10').get() as { block: Buffer })
    .block;

const found = (text: string) =>
  (
    sqlite
      .prepare(
        `select notes.id from notes_search join notes on notes.rowid = notes_search.rowid
         where notes_search match ?`,
      )
      .all(`"${text}"`) as { id: string }[]
  ).map((row) => row.id);

it('leaves the index alone when an edit sets the same text again', () => {
  const before = structure();
  sqlite
    .prepare(
      `update notes set title = 'Shopping list', text_content = 'Milk', color = '#fff' where id = 'n1'`,
    )
    .run();
  expect(structure()).toEqual(before);
  expect(found('Sho')).toEqual(['n1']);
});

it('re-indexes a note whose title or text changed', () => {
  const before = structure();
  sqlite.prepare(`update notes set title = 'Groceries' where id = 'n1'`).run();
  expect(structure()).not.toEqual(before);
  expect(found('Sho')).toEqual([]);
  expect(found('Gro')).toEqual(['n1']);
  sqlite.prepare(`update notes set text_content = 'Bread' where id = 'n1'`).run();
  expect(found('Mil')).toEqual([]);
  expect(found('Bre')).toEqual(['n1']);
  // FTS5's own check that the index holds exactly what the notes hold.
  sqlite.prepare(`insert into notes_search (notes_search) values ('integrity-check')`).run();
});
