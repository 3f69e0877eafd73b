import type { NextFunction, Request, Response } from 'express';

import type { AuthLimiter } from '../auth/rate-limit';
import type { Services } from '../services';
import { requireWriteAccess } from '../services/caller';
import type { Authenticated, PublicUser } from '../services/users';
import { offerAttachmentCookie } from '../services/attachments/cookie';

/** What the REST routers need from the app. */
export interface RestDeps {
  services: Services;
  authLimiter: AuthLimiter;
  /** The largest file POST /api/import takes. */
  importMaxBytes: number;
  /** PUBLIC_URL: where people open Jotter (passkeys are bound to it); else the request's own. */
  publicUrl?: string;
}

/** The methods that change nothing: all a read-only API token may use. */
const readOnlyMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Requires a valid token (a read-only API token only reads: 403 on every other method): puts the caller in `res.locals.user` and how they were authenticated in
 * `res.locals.auth`, or answers 401 (503 when the database is down).
 */
export function authenticate(services: Services) {
  return async (req: Request, res: Response, next: NextFunction) => {
    const auth = await services.caller.requireSession(req.headers.authorization);
    if (!readOnlyMethods.has(req.method)) requireWriteAccess(auth);
    res.locals.auth = auth;
    res.locals.user = auth.user;
    offerAttachmentCookie(req, res, auth);
    next();
  };
}

/** The signed-in caller of an authenticated route. */
export const currentUser = (res: Response): PublicUser => res.locals.user as PublicUser;

/** How the caller of an authenticated route was authenticated. */
export const currentAuth = (res: Response): Authenticated => res.locals.auth as Authenticated;
