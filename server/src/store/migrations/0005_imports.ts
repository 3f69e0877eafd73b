import type { Kysely } from 'kysely';

/** Imports: which source notes each user has imported, so the same file twice adds nothing. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('note_imports')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('import_key', 'text', (c) => c.notNull())
    .addColumn('note_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('note_imports_pk', ['user_id', 'import_key'])
    .execute();
}
