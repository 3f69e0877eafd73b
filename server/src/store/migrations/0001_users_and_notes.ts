import { sql, type Kysely } from 'kysely';

import type { Dialect } from '../dialect';

/** Accounts and notes, the indexes of the note lists, and each note's labels. */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
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
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
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
    .addColumn('note_id', 'text', (c) => c.notNull().references('notes.id').onDelete('cascade'))
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
}
