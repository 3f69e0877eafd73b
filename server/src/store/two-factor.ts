import type { Kysely } from 'kysely';

import type { TwoFactorRepository } from './repositories';
import type { Database } from './schema';

/** TOTP secrets and recovery codes over the database (not a transaction: it opens its own). */
export function twoFactorRepository(db: Kysely<Database>): TwoFactorRepository {
  return {
    async find(userId) {
      const row = await db
        .selectFrom('user_totp')
        .select(['secret', 'enabled_at', 'last_step'])
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        secret: row.secret,
        enabledAt: row.enabled_at,
        lastStep: row.last_step === null ? null : Number(row.last_step),
      };
    },

    async setPending(userId, secret, at) {
      const result = await db
        .insertInto('user_totp')
        .values({ user_id: userId, secret, enabled_at: null, last_step: null, created_at: at })
        .onConflict((oc) =>
          oc
            .column('user_id')
            .doUpdateSet({ secret, created_at: at })
            .where('user_totp.enabled_at', 'is', null),
        )
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    enable(userId, secret, step, codeHashes, at) {
      return db.transaction().execute(async (trx) => {
        const result = await trx
          .updateTable('user_totp')
          .set({ enabled_at: at, last_step: step })
          .where('user_id', '=', userId)
          .where('secret', '=', secret)
          .where('enabled_at', 'is', null)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) return false;
        await trx.deleteFrom('user_recovery_codes').where('user_id', '=', userId).execute();
        await trx
          .insertInto('user_recovery_codes')
          .values(codeHashes.map((code_hash) => ({ user_id: userId, code_hash, used_at: null })))
          .execute();
        return true;
      });
    },

    async useStep(userId, step) {
      const result = await db
        .updateTable('user_totp')
        .set({ last_step: step })
        .where('user_id', '=', userId)
        .where('enabled_at', 'is not', null)
        .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async useRecoveryCode(userId, codeHash, at) {
      const result = await db
        .updateTable('user_recovery_codes')
        .set({ used_at: at })
        .where('user_id', '=', userId)
        .where('code_hash', '=', codeHash)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async recoveryCodesLeft(userId) {
      const row = await db
        .selectFrom('user_recovery_codes')
        .select((eb) => eb.fn.countAll<number | string>().as('left'))
        .where('user_id', '=', userId)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(row?.left ?? 0);
    },

    async disable(userId) {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('user_recovery_codes').where('user_id', '=', userId).execute();
        await trx.deleteFrom('user_totp').where('user_id', '=', userId).execute();
      });
    },
  };
}
