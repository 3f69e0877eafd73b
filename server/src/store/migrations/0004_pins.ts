import type { Kysely } from 'kysely';

/**
 * Pins: pinned notes lead every GraphQL list. A page reads the pinned and the unpinned notes
 * as two runs, each `pinned = ?` then the list's order, so each run walks one index in
 * either direction. The date index without `pinned` stays: REST lists come oldest first
 * whatever is pinned (the spec's order).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
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
}
