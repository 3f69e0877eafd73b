import type { NextFunction, Request, Response } from 'express';

import { tokenFromHeader } from '../auth/tokens';
import type { AuthLimiter } from '../auth/rate-limit';
import type { Services } from '../services';
import { invalidToken } from '../errors';
import type { PublicUser } from '../services/users';

/** What the REST routers need from the app. */
export interface RestDeps {
  services: Services;
  authLimiter: AuthLimiter;
}

/** Requires a valid token: puts the caller in `res.locals.user`, or answers 401. */
export function authenticate(services: Services) {
  return async (req: Request, res: Response, next: NextFunction) => {
    const token = tokenFromHeader(req.headers.authorization);
    if (!token) throw invalidToken();
    res.locals.user = await services.users.authenticate(token);
    next();
  };
}

/** The signed-in caller of an authenticated route. */
export const currentUser = (res: Response): PublicUser => res.locals.user as PublicUser;
