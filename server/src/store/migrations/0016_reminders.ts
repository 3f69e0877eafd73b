import type { Kysely } from 'kysely';

/**
 * Reminders (issue 41): one row per member and note with the next time it fires (`next_at`,
 * null once a one-off has fired), the wall-clock time it repeats at (`anchor`, in `time_zone`);
 * each user's Web Push subscriptions; and each user's reminder settings (email on or off, the
 * time zone last used). Every row goes with its user, and a reminder with its note.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('reminders')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('note_id', 'text', (c) => c.notNull().references('notes.id').onDelete('cascade'))
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('next_at', 'text')
    .addColumn('repeat', 'text', (c) => c.notNull())
    .addColumn('time_zone', 'text', (c) => c.notNull())
    .addColumn('anchor', 'text', (c) => c.notNull())
    .addColumn('fired_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('reminders_pk', ['user_id', 'note_id'])
    .execute();
  // The scheduler's "next due"; a user's list, soonest first; a note's deletion (cascade).
  await db.schema.createIndex('reminders_by_next').on('reminders').column('next_at').execute();
  await db.schema
    .createIndex('reminders_by_user_at')
    .on('reminders')
    .columns(['user_id', 'at', 'note_id'])
    .execute();
  await db.schema.createIndex('reminders_by_note').on('reminders').column('note_id').execute();

  await db.schema
    .createTable('push_subscriptions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('endpoint', 'text', (c) => c.notNull().unique())
    .addColumn('p256dh', 'text', (c) => c.notNull())
    .addColumn('auth', 'text', (c) => c.notNull())
    .addColumn('user_agent', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('push_subscriptions_by_user')
    .on('push_subscriptions')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('reminder_settings')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('email', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('time_zone', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}
