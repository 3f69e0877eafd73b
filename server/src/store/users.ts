import type { Kysely } from 'kysely';

import type { Database, NewUserRow, UserRow } from './schema';

/** SQL for accounts. Every function takes the Kysely handle (or a transaction). */
export const usersStore = {
  findById: (db: Kysely<Database>, id: string): Promise<UserRow | undefined> =>
    db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst(),

  findByEmail: (db: Kysely<Database>, email: string): Promise<UserRow | undefined> =>
    db
      .selectFrom('users')
      .selectAll()
      .where('email_key', '=', email.toLowerCase())
      .executeTakeFirst(),

  insert: async (db: Kysely<Database>, row: NewUserRow): Promise<void> => {
    await db.insertInto('users').values(row).execute();
  },

  bumpTokenVersion: async (db: Kysely<Database>, id: string, now: string): Promise<void> => {
    await db
      .updateTable('users')
      .set((eb) => ({ token_version: eb('token_version', '+', 1), updated_at: now }))
      .where('id', '=', id)
      .execute();
  },

  delete: async (db: Kysely<Database>, id: string): Promise<void> => {
    await db.deleteFrom('users').where('id', '=', id).execute();
  },
};
