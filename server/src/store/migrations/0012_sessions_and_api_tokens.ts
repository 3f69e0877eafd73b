import type { Kysely } from 'kysely';

/**
 * Sessions (one row per sign-in: a token names its row in its `sid` claim, and ending the row
 * ends the token) and API tokens (stored as the sha256 of the token, never the token). Both go
 * with their user. Tokens issued before this migration carry no `sid`: they keep working as
 * before (checked by their user's token version) until they expire or their user logs out with
 * one or changes the password; nothing here signs anyone out.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('user_sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text')
    .addColumn('user_agent', 'text')
    .execute();
  await db.schema
    .createIndex('user_sessions_by_user')
    .on('user_sessions')
    .columns(['user_id', 'last_used_at'])
    .execute();
  await db.schema
    .createTable('api_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text')
    .addColumn('last_used_at', 'text')
    .execute();
  await db.schema
    .createIndex('api_tokens_by_user')
    .on('api_tokens')
    .columns(['user_id', 'created_at'])
    .execute();
}
