import type { Kysely, MigrationProvider } from 'kysely';

import type { Dialect } from '../dialect';
import * as usersAndNotes from './0001_users_and_notes';
import * as searchIndex from './0002_search_index';
import * as versionsAndEvents from './0003_versions_and_events';
import * as pins from './0004_pins';
import * as imports from './0005_imports';
import * as revisions from './0006_revisions';
import * as searchIndexOnTextChanges from './0007_search_index_on_text_changes';
import * as searchIndexMergedAfterWrites from './0008_search_index_merged_after_writes';
import * as searchIndexTitleAndTextApart from './0009_search_index_title_and_text_apart';
import * as notesByOwnerDate from './0010_notes_by_owner_date';
import * as searchFolded from './0011_search_folded';
import * as sessionsAndApiTokens from './0012_sessions_and_api_tokens';
import * as twoFactorAndPasskeys from './0013_two_factor_and_passkeys';
import * as userIdentities from './0014_user_identities';
import * as admin from './0015_admin';
import * as reminders from './0016_reminders';
import * as attachments from './0017_attachments';

/** A migration file: its `up`, told which engine it runs on when it has to differ. */
export interface MigrationFile {
  readonly up: (db: Kysely<unknown>, dialect: Dialect) => Promise<void>;
}

/**
 * The schema's history, one file per migration, each named as its file. Each migration runs
 * once, in order, on SQLite and PostgreSQL alike; the migrator records the names of those that
 * ran (the kysely_migration table), so start-up can run them every time, and a name must never
 * change. Their SQL is kept as first written, whitespace too: SQLite keeps the text of what it
 * creates. Imported here rather than read from the folder at run time: the built server is one
 * bundled file.
 */
export const migrationFiles: ReadonlyArray<readonly [name: string, file: MigrationFile]> = [
  ['0001_users_and_notes', usersAndNotes],
  ['0002_search_index', searchIndex],
  ['0003_versions_and_events', versionsAndEvents],
  ['0004_pins', pins],
  ['0005_imports', imports],
  ['0006_revisions', revisions],
  ['0007_search_index_on_text_changes', searchIndexOnTextChanges],
  ['0008_search_index_merged_after_writes', searchIndexMergedAfterWrites],
  ['0009_search_index_title_and_text_apart', searchIndexTitleAndTextApart],
  ['0010_notes_by_owner_date', notesByOwnerDate],
  ['0011_search_folded', searchFolded],
  ['0012_sessions_and_api_tokens', sessionsAndApiTokens],
  ['0013_two_factor_and_passkeys', twoFactorAndPasskeys],
  ['0014_user_identities', userIdentities],
  ['0015_admin', admin],
  ['0016_reminders', reminders],
  ['0017_attachments', attachments],
];

/** Feeds the migrations to Kysely's Migrator, for a database on `dialect`. */
export function migrationProvider(dialect: Dialect): MigrationProvider {
  return {
    getMigrations: () =>
      Promise.resolve(
        Object.fromEntries(
          migrationFiles.map(([name, file]) => [name, { up: (db) => file.up(db, dialect) }]),
        ),
      ),
  };
}
