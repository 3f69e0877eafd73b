import { sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';

import type { Dialect } from './database';

/**
 * The schema's history. Each migration runs once, in order, on SQLite and PostgreSQL alike;
 * the migrator records what ran, so start-up can run them every time.
 */
function migrations(dialect: Dialect): Record<string, Migration> {
  return {
    '0001_users_and_notes': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('users')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('email', 'text', (c) => c.notNull())
          .addColumn('email_key', 'text', (c) => c.notNull().unique())
          .addColumn('first_name', 'text', (c) => c.notNull())
          .addColumn('last_name', 'text', (c) => c.notNull())
          .addColumn('password_hash', 'text', (c) => c.notNull())
          .addColumn('token_version', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addColumn('updated_at', 'text', (c) => c.notNull())
          .execute();
        await db.schema
          .createTable('notes')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('user_id', 'text', (c) =>
            c.notNull().references('users.id').onDelete('cascade'),
          )
          .addColumn('title', 'text', (c) => c.notNull())
          .addColumn('content', 'text', (c) => c.notNull())
          .addColumn('text_content', 'text', (c) => c.notNull())
          .addColumn('color', 'text', (c) => c.notNull())
          .addColumn('priority', 'integer', (c) => c.notNull())
          .addColumn('tags', 'text', (c) => c.notNull())
          .addColumn('location', 'text', (c) => c.notNull())
          .addColumn('previous_location', 'text')
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addColumn('updated_at', 'text', (c) => c.notNull())
          .execute();
        // The list queries: a user's notes in one place, by date or grouped by priority.
        await db.schema
          .createIndex('notes_by_owner_location_date')
          .on('notes')
          .columns(['user_id', 'location', 'created_at', 'id'])
          .execute();
        await db.schema
          .createIndex('notes_by_owner_location_priority')
          .on('notes')
          .columns(['user_id', 'location', 'priority', 'created_at'])
          .execute();
        await db.schema
          .createTable('note_tags')
          .addColumn('note_id', 'text', (c) =>
            c.notNull().references('notes.id').onDelete('cascade'),
          )
          .addColumn('user_id', 'text', (c) => c.notNull())
          .addColumn('tag', 'text', (c) => c.notNull())
          .addPrimaryKeyConstraint('note_tags_pk', ['note_id', 'tag'])
          .execute();
        await db.schema
          .createIndex('note_tags_by_owner_tag')
          .on('note_tags')
          .columns(['user_id', 'tag', 'note_id'])
          .execute();
        if (dialect === 'postgres') {
          await sql`alter table notes add constraint notes_location_check
            check (location in ('notes', 'archive', 'trash'))`.execute(db);
        }
      },
    },
    '0002_search_index': {
      async up(db: Kysely<unknown>) {
        if (dialect === 'postgres') await postgresSearchIndex(db);
        else await sqliteSearchIndex(db);
      },
    },
    // Live sync: a version per note (for conflicts) and each user's feed of note changes.
    '0003_versions_and_events': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .alterTable('notes')
          .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
          .execute();
        await db.schema
          .alterTable('users')
          .addColumn('event_seq', 'integer', (c) => c.notNull().defaultTo(0))
          .execute();
        await db.schema
          .createTable('note_events')
          .addColumn('user_id', 'text', (c) =>
            c.notNull().references('users.id').onDelete('cascade'),
          )
          .addColumn('seq', 'integer', (c) => c.notNull())
          .addColumn('note_id', 'text', (c) => c.notNull())
          .addColumn('kind', 'text', (c) => c.notNull())
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addPrimaryKeyConstraint('note_events_pk', ['user_id', 'seq'])
          .execute();
        // The periodic prune deletes by age across all users.
        await db.schema
          .createIndex('note_events_by_time')
          .on('note_events')
          .column('created_at')
          .execute();
      },
    },
    // Pins: pinned notes lead every GraphQL list. A page reads the pinned and the unpinned notes
    // as two runs, each `pinned = ?` then the list's order, so each run walks one index in
    // either direction. The date index without `pinned` stays: REST lists come oldest first
    // whatever is pinned (the spec's order).
    '0004_pins': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .alterTable('notes')
          .addColumn('pinned', 'boolean', (c) => c.notNull().defaultTo(false))
          .execute();
        await db.schema
          .createIndex('notes_by_owner_location_pin_date')
          .on('notes')
          .columns(['user_id', 'location', 'pinned', 'created_at', 'id'])
          .execute();
        await db.schema.dropIndex('notes_by_owner_location_priority').execute();
        await db.schema
          .createIndex('notes_by_owner_location_pin_priority')
          .on('notes')
          .columns(['user_id', 'location', 'pinned', 'priority', 'created_at'])
          .execute();
      },
    },
    // Imports: which source notes each user has imported, so the same file twice adds nothing.
    '0005_imports': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('note_imports')
          .addColumn('user_id', 'text', (c) =>
            c.notNull().references('users.id').onDelete('cascade'),
          )
          .addColumn('import_key', 'text', (c) => c.notNull())
          .addColumn('note_id', 'text', (c) => c.notNull())
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addPrimaryKeyConstraint('note_imports_pk', ['user_id', 'import_key'])
          .execute();
      },
    },
    // Version history (earlier texts of each note) and trash retention (when a note was trashed).
    '0006_revisions': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('note_revisions')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('note_id', 'text', (c) =>
            c.notNull().references('notes.id').onDelete('cascade'),
          )
          .addColumn('user_id', 'text', (c) => c.notNull())
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addColumn('title', 'text', (c) => c.notNull())
          .addColumn('content', 'text', (c) => c.notNull())
          .addColumn('text_content', 'text', (c) => c.notNull())
          .execute();
        // A note's history, newest first; and the periodic prune, by age across all users.
        await db.schema
          .createIndex('note_revisions_by_note_time')
          .on('note_revisions')
          .columns(['note_id', 'created_at'])
          .execute();
        await db.schema
          .createIndex('note_revisions_by_time')
          .on('note_revisions')
          .column('created_at')
          .execute();
        await db.schema.alterTable('notes').addColumn('trashed_at', 'text').execute();
        // Notes already in the trash count from their last change.
        await sql`update notes set trashed_at = updated_at where location = 'trash'`.execute(db);
        // The retention job's scan: only trashed notes are in it.
        await sql`create index notes_by_trashed_at on notes (trashed_at)
          where trashed_at is not null`.execute(db);
      },
    },
    // SQLite's search index re-indexes a note only when its text changed: an edit that sends the
    // note whole (a REST client changing its colour, say) set the same text again, and FTS5 took
    // the old text out and put it back in.
    '0007_search_index_on_text_changes': {
      async up(db: Kysely<unknown>) {
        if (dialect !== 'sqlite') return;
        await sql`drop trigger notes_search_update`.execute(db);
        await sql`create trigger notes_search_update after update of title, text_content on notes
          when old.title is not new.title or old.text_content is not new.text_content begin
          insert into notes_search (notes_search, rowid, title, text_content)
            values ('delete', old.rowid, old.title, old.text_content);
          insert into notes_search (rowid, title, text_content)
            values (new.rowid, new.title, new.text_content);
        end`.execute(db);
      },
    },
    '0008_search_index_merged_after_writes': {
      async up(db: Kysely<unknown>) {
        if (dialect !== 'sqlite') return;
        // The store merges the index's segments after each commit (searchIndexMerger).
        await sql`insert into notes_search (notes_search, rank) values ('automerge', 0)`.execute(
          db,
        );
      },
    },
    // SQLite's search index holds a note's title and its text as two entries, so an edit of one
    // re-indexes that one alone: a title edit used to take the whole text out of the index and
    // put it back (bench/sync.ts's writes: the transaction's largest step).
    '0009_search_index_title_and_text_apart': {
      async up(db: Kysely<unknown>) {
        if (dialect !== 'sqlite') return;
        for (const trigger of [
          'notes_search_insert',
          'notes_search_delete',
          'notes_search_update',
        ]) {
          await sql`drop trigger ${sql.ref(trigger)}`.execute(db);
        }
        await sql`drop table notes_search`.execute(db);
        await sqliteSearchIndexByPart(db);
      },
    },
    // An export walks all of a user's notes, every place, in the order they were made, a step at
    // a time (store.notes.walk): without this index each step sorted all the notes still to come.
    '0010_notes_by_owner_date': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createIndex('notes_by_owner_date')
          .on('notes')
          .columns(['user_id', 'created_at', 'id'])
          .execute();
      },
    },
  };
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

/**
 * SQLite's search index from 0009: as {@link sqliteSearchIndex}, but each note is two entries of
 * one column, its title at rowid × 2 and its plain text at rowid × 2 + 1 (a search's matches are
 * `rowid >> 1`), through the view `notes_search_content`, so that FTS5 can still rebuild the index
 * from the notes. A substring is in the title or in the text, never across them, so an entry
 * holding all of a query's trigrams is the same test as before, per part. Each part is re-indexed
 * only when its own value changed. Its segments are merged after writes (0008: `automerge` 0).
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

/** PostgreSQL: pg_trgm GIN indexes, which serve `LIKE '%…%'` (case-sensitive) on each column. */
async function postgresSearchIndex(db: Kysely<unknown>) {
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql`create index notes_title_trgm on notes using gin (title gin_trgm_ops)`.execute(db);
  await sql`create index notes_text_trgm on notes using gin (text_content gin_trgm_ops)`.execute(
    db,
  );
}

/** Feeds the migrations above to Kysely's Migrator. */
export function migrationProvider(dialect: Dialect): MigrationProvider {
  return { getMigrations: () => Promise.resolve(migrations(dialect)) };
}
