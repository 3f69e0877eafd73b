import { sql, type Kysely } from 'kysely';

/**
 * Single sign-on: which account each of a provider's users is, by the provider's issuer and its
 * subject (the `sub` claim, stable where an email is not). An account may have several; deleting
 * the account deletes them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('user_identities')
    .addColumn('issuer', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_identities_pk', ['issuer', 'subject'])
    .execute();
  // The cascade from users finds an account's identities by this index.
  await sql`create index user_identities_by_user on user_identities (user_id)`.execute(db);
}
