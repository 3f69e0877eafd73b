import type { Kysely } from 'kysely';

import type { Database, NoteRow, UserRow } from '../store/schema';

/** One row of the label index: a label of a note. */
export interface NoteTagRow {
  note_id: string;
  user_id: string;
  tag: string;
}

/** Reads and writes behind the API: for tests that check what is stored, or do what no route does. */
export interface BehindTheApi {
  /** Every user row, hashes and token versions included, by id. */
  users(): Promise<UserRow[]>;
  /** Every note row (or one user's), as stored, by id. */
  notes(userId?: string): Promise<NoteRow[]>;
  /** The label index (one row per label of a note), or one user's, by note then label. */
  tags(userId?: string): Promise<NoteTagRow[]>;
  /** Deletes an account outright, as an administrator would. */
  deleteUser(id: string): Promise<void>;
  /** Every row of the two-factor and passkey tables, as stored (to check what is hashed). */
  secondFactorRows(
    table: 'user_totp' | 'user_recovery_codes' | 'passkeys' | 'webauthn_challenges',
  ): Promise<Array<Record<string, unknown>>>;
  /** How many rows of a per-user table are the user's. */
  countOf(table: 'notes' | 'user_sessions' | 'api_tokens', userId: string): Promise<number>;
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
    tags: (userId) =>
      db
        .selectFrom('note_tags')
        .selectAll()
        .$if(userId !== undefined, (q) => q.where('user_id', '=', userId!))
        .orderBy('note_id')
        .orderBy('tag')
        .execute(),
    deleteUser: async (id) => {
      await db.deleteFrom('users').where('id', '=', id).execute();
    },
    secondFactorRows: (table) => db.selectFrom(table).selectAll().execute(),
    countOf: async (table, userId) => {
      const row = await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}
