import type { Kysely } from 'kysely';

import type { Dialect } from '../dialect';

/**
 * Attachments (issue 40): one row per uploaded file, charged to its uploader and gone with their
 * account. The bytes and the thumbnail sit in the row (BLOB on SQLite, bytea on PostgreSQL), or,
 * with ATTACHMENT_DIR, in a file named by `path` (then `bytes` is null; the thumbnail stays in the
 * row: it is small). Indexed for a user's usage and for the collection of old unused ones.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const binary = dialect === 'postgres' ? 'bytea' : 'blob';
  await db.schema
    .createTable('attachments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('bytes', binary)
    .addColumn('thumb', binary)
    .addColumn('path', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('attachments_by_user')
    .on('attachments')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('attachments_by_created')
    .on('attachments')
    .column('created_at')
    .execute();
}
