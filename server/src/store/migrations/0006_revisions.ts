import { sql, type Kysely } from 'kysely';

/** Version history (earlier texts of each note) and trash retention (when a note was trashed). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('note_revisions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('note_id', 'text', (c) => c.notNull().references('notes.id').onDelete('cascade'))
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
}
