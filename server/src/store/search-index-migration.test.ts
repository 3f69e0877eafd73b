import SQLite from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect, sql } from 'kysely';

import { migrationProvider, searchTables } from './migrations';

/**
 * SQLite's search index split in one FTS5 table per column (migration 0007): a database made
 * before it keeps finding its notes, and each table follows the writes to its own column.
 */
let sqlite: SQLite.Database;
let db: Kysely<unknown>;

beforeEach(async () => {
  sqlite = new SQLite(':memory:');
  db = new Kysely<unknown>({ dialect: new SqliteDialect({ database: sqlite }) });
  const migrator = new Migrator({ db, provider: migrationProvider('sqlite') });
  const before = await migrator.migrateTo('0006_revisions');
  expect(before.error).toBeUndefined();
  const at = '2026-11-25T10:00:00.000Z';
  sqlite
    .prepare(
      `insert into users (id, email, email_key, first_name, last_name, password_hash, created_at, updated_at)
       values ('u1', 'a@example.com', 'a@example.com', 'A', 'B', 'x', ?, ?)`,
    )
    .run(at, at);
  const note = sqlite.prepare(
    `insert into notes (id, user_id, title, content, text_content, color, priority, tags, location, created_at, updated_at)
     values (?, 'u1', ?, '', ?, '', 0, '[]', 'notes', ?, ?)`,
  );
  note.run('n1', 'Shopping list', 'Milk and bread', at, at);
  note.run('n2', 'Holiday', 'Book the train to Lisbon', at, at);
  const after = await migrator.migrateToLatest();
  expect(after.error).toBeUndefined();
});

afterEach(() => db.destroy());

/** The notes each table names for every trigram of `text`. */
function found(text: string): Record<string, string[]> {
  const match = [...text]
    .slice(0, -2)
    .map((_, i) => `"${text.slice(i, i + 3)}"`)
    .join(' AND ');
  return Object.fromEntries(
    Object.entries(searchTables).map(([column, table]) => [
      column,
      (
        sqlite
          .prepare(
            `select notes.id from ${table} join notes on notes.rowid = ${table}.rowid where ${table} match ? order by notes.id`,
          )
          .all(match) as { id: string }[]
      ).map((r) => r.id),
    ]),
  );
}

it('indexes the notes written before it, each column in its own table', () => {
  expect(found('Shopping')).toEqual({ title: ['n1'], text_content: [] });
  expect(found('Lisbon')).toEqual({ title: [], text_content: ['n2'] });
  expect(
    sqlite.prepare(`select name from sqlite_master where name = 'notes_search'`).all(),
  ).toEqual([]);
});

it('follows every write: a title edit, a text edit, an insert and a delete', async () => {
  await sql`update notes set title = 'Groceries' where id = 'n1'`.execute(db);
  expect(found('Shopping')).toEqual({ title: [], text_content: [] });
  expect(found('Groceries')).toEqual({ title: ['n1'], text_content: [] });
  expect(found('Milk')).toEqual({ title: [], text_content: ['n1'] });

  await sql`update notes set text_content = 'Cheese' where id = 'n1'`.execute(db);
  expect(found('Milk')).toEqual({ title: [], text_content: [] });
  expect(found('Cheese')).toEqual({ title: [], text_content: ['n1'] });

  await sql`insert into notes (id, user_id, title, content, text_content, color, priority, tags, location, created_at, updated_at)
    values ('n3', 'u1', 'Cheese board', '', 'Brie', '', 0, '[]', 'notes', 'x', 'x')`.execute(db);
  expect(found('Cheese')).toEqual({ title: ['n3'], text_content: ['n1'] });

  await sql`delete from notes where id = 'n1'`.execute(db);
  expect(found('Cheese')).toEqual({ title: ['n3'], text_content: [] });
  expect(sqlite.pragma('integrity_check', { simple: true })).toBe('ok');
  for (const table of Object.values(searchTables)) {
    // FTS5's own check that the index matches the notes it indexes.
    sqlite.prepare(`insert into ${table} (${table}) values ('integrity-check')`).run();
  }
});
