import SQLite from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect } from 'kysely';

import { migrationProvider } from './migrations';
import { foldCase } from './search-text';

/**
 * SQLite's search index, on a database made before migrations 0007, 0009 and 0011: a note is
 * re-indexed when its title or text changes, not when an edit sets the same text again, and
 * (0009) a change of one re-indexes that one alone; (0011) the index holds the folded copies the
 * store writes beside each text (search-text.ts), the note made before 0011 folded too.
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
        `select notes.id from notes where rowid in
           (select rowid >> 1 from notes_search where notes_search match ?)`,
      )
      .all(`"${foldCase(text)}"`) as { id: string }[]
  ).map((row) => row.id);

/** An edit of note n1 as the store makes it: each text with its folded copy beside it. */
function edit(changes: { title?: string; text_content?: string; color?: string }) {
  const sets: Record<string, string> = { ...changes };
  if (changes.title !== undefined) sets.search_title = foldCase(changes.title);
  if (changes.text_content !== undefined) sets.search_text = foldCase(changes.text_content);
  const columns = Object.keys(sets).map((column) => `${column} = @${column}`);
  sqlite.prepare(`update notes set ${columns.join(', ')} where id = 'n1'`).run(sets);
}

it('leaves the index alone when an edit sets the same text again', () => {
  const before = structure();
  edit({ title: 'Shopping list', text_content: 'Milk', color: '#fff' });
  expect(structure()).toEqual(before);
  expect(found('Sho')).toEqual(['n1']);
  expect(found('SHO')).toEqual(['n1']);
});

it('re-indexes a note whose title or text changed', () => {
  const before = structure();
  edit({ title: 'Groceries' });
  expect(structure()).not.toEqual(before);
  expect(found('Sho')).toEqual([]);
  expect(found('Gro')).toEqual(['n1']);
  edit({ text_content: 'Bread' });
  expect(found('Mil')).toEqual([]);
  expect(found('Bre')).toEqual(['n1']);
  // FTS5's own check that the index holds exactly what the notes hold.
  sqlite.prepare(`insert into notes_search (notes_search) values ('integrity-check')`).run();
});

/** Bytes the index's segments hold: a change adds a segment of the terms it took in and out. */
const indexBytes = () =>
  sqlite.prepare('select sum(length(block)) from notes_search_data').pluck().get() as number;

it('re-indexes only the part that changed: a title edit leaves a long text out of it', () => {
  // About 4,000 distinct trigrams of text, and a short title.
  const words = Array.from({ length: 800 }, (_, i) => `w${(i * 7919).toString(36)}z`).join(' ');
  edit({ text_content: words });
  const before = indexBytes();
  edit({ text_content: `${words} more` });
  const textEdit = indexBytes() - before;

  const beforeTitle = indexBytes();
  edit({ title: 'Groceries' });
  const titleEdit = indexBytes() - beforeTitle;
  // The text's own edit takes its trigrams out and in again; the title's, only the title's.
  expect(textEdit).toBeGreaterThan(4000);
  expect(titleEdit).toBeLessThan(textEdit / 10);
  expect(found('Gro')).toEqual(['n1']);
  expect(found('w0z')).toEqual(['n1']);
  expect(found('Sho')).toEqual([]);
  sqlite.prepare(`insert into notes_search (notes_search) values ('integrity-check')`).run();
});

it('finds a substring of the title or of the text, never one made across them', () => {
  edit({ title: 'abcd', text_content: 'efgh' });
  expect(found('bcd')).toEqual(['n1']);
  expect(found('efg')).toEqual(['n1']);
  // "cdef" would need the end of the title and the start of the text.
  expect(
    sqlite
      .prepare(`select count(*) from notes_search where notes_search match '"cde" "def"'`)
      .pluck()
      .get(),
  ).toBe(0);
});
