import type { Kysely } from 'kysely';

import type { UserRecord } from './records';
import type { UserRepository } from './repositories';
import type { Database, UserRow } from './schema';

/** A user row as the record the layers above see. */
export const toUserRecord = (row: UserRow): UserRecord => ({
  id: row.id,
  email: row.email,
  firstName: row.first_name,
  lastName: row.last_name,
  passwordHash: row.password_hash,
  tokenVersion: row.token_version,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
  eventSeq: row.event_seq,
  disabledAt: row.disabled_at,
  lastSignInAt: row.last_sign_in_at,
});

/** Accounts over `db`, the database or a transaction. */
export function userRepository(db: Kysely<Database>): UserRepository {
  return {
    async findById(id) {
      const row = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
      return row && toUserRecord(row);
    },

    async findByEmail(email) {
      const row = await db
        .selectFrom('users')
        .selectAll()
        .where('email_key', '=', email.toLowerCase())
        .executeTakeFirst();
      return row && toUserRecord(row);
    },

    async insert(user) {
      await db
        .insertInto('users')
        .values({
          id: user.id,
          email: user.email,
          email_key: user.email.toLowerCase(),
          first_name: user.firstName,
          last_name: user.lastName,
          password_hash: user.passwordHash,
          token_version: user.tokenVersion,
          created_at: user.createdAt,
          updated_at: user.updatedAt,
        })
        .execute();
    },

    async bumpTokenVersion(id, at) {
      await db
        .updateTable('users')
        .set((eb) => ({ token_version: eb('token_version', '+', 1), updated_at: at }))
        .where('id', '=', id)
        .execute();
    },

    async setPasswordHash(id, passwordHash, at) {
      await db
        .updateTable('users')
        .set({ password_hash: passwordHash, updated_at: at })
        .where('id', '=', id)
        .execute();
    },

    async setEmail(id, email, at) {
      await db
        .updateTable('users')
        .set({ email, email_key: email.toLowerCase(), updated_at: at })
        .where('id', '=', id)
        .execute();
    },

    async setDisabled(id, at) {
      await db.updateTable('users').set({ disabled_at: at }).where('id', '=', id).execute();
    },

    async recordSignIn(id, at) {
      await db.updateTable('users').set({ last_sign_in_at: at }).where('id', '=', id).execute();
    },

    async delete(id) {
      await db.deleteFrom('users').where('id', '=', id).execute();
    },
  };
}
