import { tokenFromHeader } from '../auth/tokens';
import {
  AppError,
  databaseUnavailableMessage,
  invalidToken,
  isDatabaseUnavailable,
} from '../errors';
import type { Authenticated, PublicUser, UsersService } from './users';

/**
 * Who is calling, for every door alike (REST, GraphQL over HTTP, and a WebSocket's
 * `connectionParams`): the user an `authorization` value names, raw, JSON-quoted or `Bearer …`.
 */
export function callerService(users: UsersService) {
  /**
   * The caller and when their token expires, or null when no token was sent. A bad, expired or
   * revoked token throws UNAUTHENTICATED; a database that cannot answer throws UNAVAILABLE (its
   * error as the cause).
   */
  async function session(authorization: unknown): Promise<Authenticated | null> {
    const token = typeof authorization === 'string' ? tokenFromHeader(authorization) : undefined;
    if (!token) return null;
    try {
      return await users.session(token);
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      throw new AppError('UNAVAILABLE', databaseUnavailableMessage, undefined, { cause: error });
    }
  }

  /** The caller, as {@link session} without the expiry. */
  async function identify(authorization: unknown): Promise<PublicUser | null> {
    return (await session(authorization))?.user ?? null;
  }

  return {
    identify,
    session,
    /** The caller's session, as {@link session}, where no token at all is UNAUTHENTICATED too. */
    async requireSession(authorization: unknown): Promise<Authenticated> {
      const auth = await session(authorization);
      if (!auth) throw invalidToken();
      return auth;
    },
    /** The caller, as {@link identify}, where no token at all is UNAUTHENTICATED too. */
    async require(authorization: unknown): Promise<PublicUser> {
      const user = await identify(authorization);
      if (!user) throw invalidToken();
      return user;
    },
  };
}

export type CallerService = ReturnType<typeof callerService>;

/**
 * Refuses (FORBIDDEN) a request made with an API token where only a signed-in person may act:
 * managing tokens, sessions, the password, two-factor, passkeys or the account.
 */
export function requireSignedInPerson(auth: Authenticated): void {
  if (auth.credential.kind === 'apiToken') {
    throw new AppError('FORBIDDEN', 'API tokens cannot manage the account; sign in to do this');
  }
}

/** Why a read-only API token is refused a write. */
export const readOnlyTokenMessage =
  'This API token can only read: create a token with the write scope to change anything';

/** Refuses (FORBIDDEN) a write made with an API token whose scope is read. */
export function requireWriteAccess(auth: Authenticated): void {
  if (auth.credential.kind === 'apiToken' && auth.credential.scope === 'read') {
    throw new AppError('FORBIDDEN', readOnlyTokenMessage);
  }
}
