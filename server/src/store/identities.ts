import type { Kysely } from 'kysely';

import type { IdentityRepository } from './repositories';
import type { Database } from './schema';

/** Single sign-on identities over `db`, the database or a transaction. */
export function identityRepository(db: Kysely<Database>): IdentityRepository {
  return {
    async userOf(issuer, subject) {
      const row = await db
        .selectFrom('user_identities')
        .select('user_id')
        .where('issuer', '=', issuer)
        .where('subject', '=', subject)
        .executeTakeFirst();
      return row?.user_id;
    },

    async link({ issuer, subject, userId, createdAt }) {
      await db
        .insertInto('user_identities')
        .values({ issuer, subject, user_id: userId, created_at: createdAt })
        .execute();
    },
  };
}
