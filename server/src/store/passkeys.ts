import type { Kysely, Selectable } from 'kysely';

import type { PasskeyRecord } from './records';
import type { PasskeyRepository } from './repositories';
import type { Database } from './schema';

const toRecord = (row: Selectable<Database['passkeys']>): PasskeyRecord => ({
  id: row.id,
  userId: row.user_id,
  credentialId: row.credential_id,
  publicKey: row.public_key,
  counter: Number(row.counter),
  transports: JSON.parse(row.transports) as string[],
  name: row.name,
  createdAt: row.created_at,
  lastUsedAt: row.last_used_at,
});

/** Passkeys and their ceremonies' challenges over `db`. */
export function passkeyRepository(db: Kysely<Database>): PasskeyRepository {
  return {
    async list(userId) {
      const rows = await db
        .selectFrom('passkeys')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .execute();
      return rows.map(toRecord);
    },

    async findByCredentialId(credentialId) {
      const row = await db
        .selectFrom('passkeys')
        .selectAll()
        .where('credential_id', '=', credentialId)
        .executeTakeFirst();
      return row && toRecord(row);
    },

    async insert(p) {
      await db
        .insertInto('passkeys')
        .values({
          id: p.id,
          user_id: p.userId,
          credential_id: p.credentialId,
          public_key: p.publicKey,
          counter: p.counter,
          transports: JSON.stringify(p.transports),
          name: p.name,
          created_at: p.createdAt,
          last_used_at: p.lastUsedAt,
        })
        .execute();
    },

    async rename(userId, id, name) {
      const result = await db
        .updateTable('passkeys')
        .set({ name })
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async delete(userId, id) {
      const result = await db
        .deleteFrom('passkeys')
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async markUsed(id, counter, at) {
      await db
        .updateTable('passkeys')
        .set({ counter, last_used_at: at })
        .where('id', '=', id)
        .execute();
    },

    async saveChallenge(challenge, purpose, userId, expiresAt, at) {
      await db.deleteFrom('webauthn_challenges').where('expires_at', '<=', at).execute();
      await db
        .insertInto('webauthn_challenges')
        .values({ challenge, purpose, user_id: userId, expires_at: expiresAt })
        .execute();
    },

    async takeChallenge(challenge, purpose, userId, at) {
      const result = await db
        .deleteFrom('webauthn_challenges')
        .where('challenge', '=', challenge)
        .where('purpose', '=', purpose)
        .where((eb) => (userId === null ? eb('user_id', 'is', null) : eb('user_id', '=', userId)))
        .where('expires_at', '>', at)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
