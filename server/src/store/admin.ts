import { sql, type Kysely, type RawBuilder } from 'kysely';

import type { Dialect } from './dialect';
import type { InviteRecord } from './records';
import type { AdminReader, InviteRepository } from './repositories';
import type { Database, InviteRow } from './schema';
import { toUserRecord } from './users';

/**
 * The bytes a note takes, as the admin's list counts an account's storage: its title, content
 * and plain text in UTF-8. The one place storage is computed; an account's attachments' bytes
 * are added to it (`usage`).
 */
function storageBytes(dialect: Dialect): RawBuilder<number> {
  return dialect === 'postgres'
    ? sql<number>`octet_length(notes.title) + octet_length(notes.content) + octet_length(notes.text_content)`
    : sql<number>`length(cast(notes.title as blob)) + length(cast(notes.content as blob)) + length(cast(notes.text_content as blob))`;
}

/** The admin page's reads over `db`. */
export function adminReader(db: Kysely<Database>, dialect: Dialect): AdminReader {
  return {
    async usage(userId) {
      const rows = await db
        .selectFrom('users')
        .leftJoin('notes', 'notes.user_id', 'users.id')
        .selectAll('users')
        .select((eb) => [
          eb.fn.count<number | string>('notes.id').as('note_count'),
          sql<number | string>`coalesce(sum(${storageBytes(dialect)}), 0)`.as('storage_bytes'),
          sql<number | string>`(select coalesce(sum(a.size), 0) from attachments a
            where a.user_id = users.id)`.as('attachment_bytes'),
        ])
        .$if(userId !== undefined, (q) => q.where('users.id', '=', userId!))
        .groupBy('users.id')
        .orderBy('users.created_at')
        .orderBy('users.id')
        .execute();
      return rows.map(({ note_count, storage_bytes, attachment_bytes, ...row }) => ({
        user: toUserRecord(row),
        notes: Number(note_count),
        storage: Number(storage_bytes) + Number(attachment_bytes),
      }));
    },

    async stats() {
      const counts = await db
        .selectNoFrom((eb) => [
          eb.selectFrom('users').select(eb.fn.countAll<number | string>().as('n')).as('users'),
          eb.selectFrom('notes').select(eb.fn.countAll<number | string>().as('n')).as('notes'),
        ])
        .executeTakeFirstOrThrow();
      const size =
        dialect === 'postgres'
          ? sql<{ size: string | number }>`select pg_database_size(current_database()) as size`
          : sql<{ size: string | number }>`select page_count * page_size as size
              from pragma_page_count(), pragma_page_size()`;
      const { rows } = await size.execute(db);
      return {
        users: Number(counts.users),
        notes: Number(counts.notes),
        databaseBytes: Number(rows[0]?.size ?? 0),
      };
    },
  };
}

const toInviteRecord = (row: InviteRow): InviteRecord => ({
  id: row.id,
  createdBy: row.created_by,
  createdAt: row.created_at,
  expiresAt: row.expires_at,
  usedAt: row.used_at,
  usedBy: row.used_by,
});

/** Invitations over `db`, the database or a transaction. */
export function inviteRepository(db: Kysely<Database>): InviteRepository {
  return {
    async insert(invite, tokenHash) {
      await db
        .insertInto('invites')
        .values({
          id: invite.id,
          token_hash: tokenHash,
          created_by: invite.createdBy,
          created_at: invite.createdAt,
          expires_at: invite.expiresAt,
          used_at: invite.usedAt,
          used_by: invite.usedBy,
        })
        .execute();
    },

    async findByTokenHash(tokenHash) {
      const row = await db
        .selectFrom('invites')
        .selectAll()
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst();
      return row && toInviteRecord(row);
    },

    async pending(at) {
      const rows = await db
        .selectFrom('invites')
        .selectAll()
        .where('used_at', 'is', null)
        .where('expires_at', '>', at)
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .execute();
      return rows.map(toInviteRecord);
    },

    async delete(id) {
      const result = await db.deleteFrom('invites').where('id', '=', id).executeTakeFirst();
      return result.numDeletedRows > 0n;
    },

    async use(tokenHash, userId, at) {
      const result = await db
        .updateTable('invites')
        .set({ used_at: at, used_by: userId })
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', at)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },
  };
}
