import type { Kysely } from 'kysely';

/** Live sync: a version per note (for conflicts) and each user's feed of note changes. */
export async function up(db: Kysely<unknown>): Promise<void> {
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
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
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
}
