import type { Kysely } from 'kysely';

/**
 * An export walks all of a user's notes, every place, in the order they were made, a step at
 * a time (store.notes.walk): without this index each step sorted all the notes still to come.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('notes_by_owner_date')
    .on('notes')
    .columns(['user_id', 'created_at', 'id'])
    .execute();
}
