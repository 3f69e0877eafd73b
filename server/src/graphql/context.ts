import type { ExpressContextFunctionArgument } from '@as-integrations/express5';

import type { AuthLimiter } from '../auth/rate-limit';
import { AppError } from '../errors';
import type { Services } from '../services';
import type { Authenticated, PublicUser } from '../services/users';
import { clearAttachmentCookie, offerAttachmentCookie } from '../services/attachments/cookie';

/** What every resolver gets: the services, the caller (if signed in) and why not (if refused). */
export interface GraphQLContext {
  services: Services;
  /** The signed-in user, looked up for this request. */
  user: PublicUser | null;
  /** How the signed-in user was authenticated (a sign-in's token or an API token). */
  auth: Authenticated | null;
  /** The client's User-Agent, recorded by a sign-in. */
  userAgent: string | undefined;
  /** The signed-in user's change-feed cursor, read with their token (see `feedCursorPlugin`). */
  eventsCursor: string | null;
  /** Set when a token was sent but refused: resolvers that need a user report it. */
  authError: AppError | null;
  /** The client's address, for rate limits. */
  ip: string;
  authLimiter: AuthLimiter;
  /** Clears the attachments' cookie on this answer (logout); absent over WebSocket. */
  clearAttachmentCookie?: () => void;
}

/** Builds each request's context; a refused token is left to the resolvers that need a user. */
export function contextFunction(services: Services, authLimiter: AuthLimiter) {
  return async ({ req, res }: ExpressContextFunctionArgument): Promise<GraphQLContext> => {
    let session = null;
    let authError = null;
    try {
      session = await services.caller.session(req.headers.authorization);
    } catch (error) {
      // Public operations (signup, login) still run with a bad token beside them.
      if (!(error instanceof AppError)) throw error;
      authError = error;
    }
    // A sign-in's token also lets the browser's <img> read attachments (services/attachments/cookie.ts).
    if (session) offerAttachmentCookie(req, res, session);
    return {
      services,
      user: session?.user ?? null,
      auth: session,
      userAgent: req.headers['user-agent'],
      eventsCursor: session?.eventsCursor ?? null,
      authError,
      ip: req.ip ?? '',
      authLimiter,
      clearAttachmentCookie: () => clearAttachmentCookie(req, res),
    };
  };
}
