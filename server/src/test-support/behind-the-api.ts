import type { Kysely } from 'kysely';

import type { Database, NoteRow, UserRow } from '../store/schema';

/** Reads and writes behind the API: for tests that check what is stored, or do what no route does. */
export interface BehindTheApi {
  /** Every user row, hashes and token versions included, by id. */
  users(): Promise<UserRow[]>;
  /** Every note row (or one user's), as stored, by id. */
  notes(userId?: string): Promise<NoteRow[]>;
  /** Deletes an account outright, as an administrator would. */
  deleteUser(id: string): Promise<void>;
}

/** {@link BehindTheApi} over the app's own database handle. */
export function behindTheApi(db: Kysely<Database>): BehindTheApi {
  return {
    users: () => db.selectFrom('users').selectAll().orderBy('id').execute(),
    notes: (userId) =>
      db
        .selectFrom('notes')
        .selectAll()
        .$if(userId !== undefined, (q) => q.where('user_id', '=', userId!))
        .orderBy('id')
        .execute(),
    deleteUser: async (id) => {
      await db.deleteFrom('users').where('id', '=', id).execute();
    },
  };
}
