import fs from 'node:fs';

import SQLite from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect } from 'kysely';

import { migrationFiles, migrationProvider, type MigrationFile } from '.';

/** The names existing databases have recorded in kysely_migration, in order. */
const recorded = [
  '0001_users_and_notes',
  '0002_search_index',
  '0003_versions_and_events',
  '0004_pins',
  '0005_imports',
  '0006_revisions',
  '0007_search_index_on_text_changes',
  '0008_search_index_merged_after_writes',
  '0009_search_index_title_and_text_apart',
  '0010_notes_by_owner_date',
  '0011_search_folded',
  '0012_sessions_and_api_tokens',
  '0013_two_factor_and_passkeys',
  '0014_user_identities',
  '0015_admin',
  '0016_reminders',
  '0017_attachments',
];

it('keeps the names existing databases recorded, in order', async () => {
  expect(migrationFiles.map(([name]) => name)).toEqual(recorded);
  expect(Object.keys(await migrationProvider('sqlite').getMigrations())).toEqual(recorded);
});

it('lists every migration file of the folder under its own name', async () => {
  const files = fs
    .readdirSync(__dirname)
    .filter((file) => /^\d{4}_\w+\.ts$/.test(file))
    .map((file) => file.replace(/\.ts$/, ''))
    .sort();
  expect(migrationFiles.map(([name]) => name)).toEqual(files);
  for (const [name, file] of migrationFiles) {
    expect(file.up).toBe(((await import(`./${name}`)) as MigrationFile).up);
  }
});

it('brings a new SQLite database up to date and records each migration', async () => {
  const sqlite = new SQLite(':memory:');
  const db = new Kysely<unknown>({ dialect: new SqliteDialect({ database: sqlite }) });
  try {
    const { error, results } = await new Migrator({
      db,
      provider: migrationProvider('sqlite'),
    }).migrateToLatest();
    expect(error).toBeUndefined();
    expect(results?.map((r) => [r.migrationName, r.status])).toEqual(
      recorded.map((name) => [name, 'Success']),
    );
    const rows = sqlite.prepare('select name from kysely_migration order by name').all();
    expect(rows).toEqual(recorded.map((name) => ({ name })));
  } finally {
    await db.destroy();
  }
});
