import type { Kysely } from 'kysely';

import type { ApiTokenRecord, SessionRecord } from './records';
import type { ApiTokenRepository, SessionRepository } from './repositories';
import type { ApiTokenRow, Database, UserSessionRow } from './schema';
import { toUserRecord } from './users';

const toSessionRecord = (row: UserSessionRow): SessionRecord => ({
  id: row.id,
  userId: row.user_id,
  createdAt: row.created_at,
  lastUsedAt: row.last_used_at,
  expiresAt: row.expires_at,
  userAgent: row.user_agent,
});

const toApiTokenRecord = (row: ApiTokenRow): ApiTokenRecord => ({
  id: row.id,
  userId: row.user_id,
  name: row.name,
  scope: row.scope,
  tokenHash: row.token_hash,
  createdAt: row.created_at,
  expiresAt: row.expires_at,
  lastUsedAt: row.last_used_at,
});

/** Sign-ins over `db`, the database or a transaction. */
export function sessionRepository(db: Kysely<Database>): SessionRepository {
  return {
    async insert(session) {
      await db
        .insertInto('user_sessions')
        .values({
          id: session.id,
          user_id: session.userId,
          created_at: session.createdAt,
          last_used_at: session.lastUsedAt,
          expires_at: session.expiresAt,
          user_agent: session.userAgent,
        })
        .execute();
    },

    async findWithUser(userId, sessionId) {
      // One read by two primary keys: the cost an authenticated request pays for its session.
      const row = await db
        .selectFrom('user_sessions as s')
        .innerJoin('users', 'users.id', 's.user_id')
        .selectAll('users')
        .select([
          's.id as s_id',
          's.created_at as s_created_at',
          's.last_used_at as s_last_used_at',
          's.expires_at as s_expires_at',
          's.user_agent as s_user_agent',
        ])
        .where('s.id', '=', sessionId)
        .where('users.id', '=', userId)
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        user: toUserRecord(row),
        session: {
          id: row.s_id,
          userId: row.id,
          createdAt: row.s_created_at,
          lastUsedAt: row.s_last_used_at,
          expiresAt: row.s_expires_at,
          userAgent: row.s_user_agent,
        },
      };
    },

    async list(userId) {
      const rows = await db
        .selectFrom('user_sessions')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('last_used_at', 'desc')
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .execute();
      return rows.map(toSessionRecord);
    },

    async delete(userId, sessionId) {
      const result = await db
        .deleteFrom('user_sessions')
        .where('id', '=', sessionId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async deleteAllBut(userId, keep) {
      const rows = await db
        .deleteFrom('user_sessions')
        .where('user_id', '=', userId)
        .$if(keep !== null, (q) => q.where('id', '!=', keep!))
        .returning('id')
        .execute();
      return rows.map((r) => r.id);
    },

    async deleteExpired(userId, at) {
      await db
        .deleteFrom('user_sessions')
        .where('user_id', '=', userId)
        .where('expires_at', 'is not', null)
        .where('expires_at', '<', at)
        .execute();
    },

    async touch(sessionId, at) {
      await db
        .updateTable('user_sessions')
        .set({ last_used_at: at })
        .where('id', '=', sessionId)
        .execute();
    },
  };
}

/** API tokens over `db`, the database or a transaction. */
export function apiTokenRepository(db: Kysely<Database>): ApiTokenRepository {
  return {
    async insert(token) {
      await db
        .insertInto('api_tokens')
        .values({
          id: token.id,
          user_id: token.userId,
          name: token.name,
          scope: token.scope,
          token_hash: token.tokenHash,
          created_at: token.createdAt,
          expires_at: token.expiresAt,
          last_used_at: token.lastUsedAt,
        })
        .execute();
    },

    async findWithUser(tokenHash) {
      const row = await db
        .selectFrom('api_tokens as t')
        .innerJoin('users', 'users.id', 't.user_id')
        .selectAll('users')
        .select([
          't.id as t_id',
          't.name as t_name',
          't.scope as t_scope',
          't.token_hash as t_token_hash',
          't.created_at as t_created_at',
          't.expires_at as t_expires_at',
          't.last_used_at as t_last_used_at',
        ])
        .where('t.token_hash', '=', tokenHash)
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        user: toUserRecord(row),
        token: {
          id: row.t_id,
          userId: row.id,
          name: row.t_name,
          scope: row.t_scope,
          tokenHash: row.t_token_hash,
          createdAt: row.t_created_at,
          expiresAt: row.t_expires_at,
          lastUsedAt: row.t_last_used_at,
        },
      };
    },

    async list(userId) {
      const rows = await db
        .selectFrom('api_tokens')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .execute();
      return rows.map(toApiTokenRecord);
    },

    async delete(userId, tokenId) {
      const result = await db
        .deleteFrom('api_tokens')
        .where('id', '=', tokenId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async touch(tokenId, at) {
      await db
        .updateTable('api_tokens')
        .set({ last_used_at: at })
        .where('id', '=', tokenId)
        .execute();
    },
  };
}
