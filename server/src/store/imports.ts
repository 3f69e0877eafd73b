import type { Kysely } from 'kysely';

import type { ImportKeyRepository } from './repositories';
import type { Database } from './schema';

/** Import keys over a transaction. */
export function importKeyRepository(db: Kysely<Database>): ImportKeyRepository {
  return {
    async claim(userId, claims, at) {
      const claimed = new Set<string>();
      for (let i = 0; i < claims.length; i += 500) {
        const rows = await db
          .insertInto('note_imports')
          .values(
            claims.slice(i, i + 500).map((c) => ({
              user_id: userId,
              import_key: c.key,
              note_id: c.noteId,
              created_at: at,
            })),
          )
          .onConflict((oc) => oc.columns(['user_id', 'import_key']).doNothing())
          .returning('import_key')
          .execute();
        for (const row of rows) claimed.add(row.import_key);
      }
      return claimed;
    },

    async noteOf(userId, key) {
      const row = await db
        .selectFrom('note_imports')
        .select('note_id')
        .where('user_id', '=', userId)
        .where('import_key', '=', key)
        .executeTakeFirst();
      return row?.note_id;
    },
  };
}
