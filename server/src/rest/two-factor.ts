import { Router } from 'express';

import { requireSignedInPerson } from '../services/caller';
import { currentAuth, type RestDeps } from './context';
import { anyBody, parseBody } from './validate';

/**
 * Two-factor sign-in (TOTP) of the signed-in person, mounted at /auth/totp behind authentication:
 * GET (on or off), POST /setup, /enable {code}, /disable {password}. API tokens get 403.
 */
export function twoFactorRouter({ services, authLimiter }: RestDeps): Router {
  const router = Router();

  router.use((_req, res, next) => {
    requireSignedInPerson(currentAuth(res));
    next();
  });

  router.get('/', async (_req, res) => {
    res.json(await services.twoFactor.status(currentAuth(res).user.id));
  });

  router.post('/setup', async (req, res) => {
    parseBody(req, anyBody);
    res.json(await services.twoFactor.setup(currentAuth(res).user.id));
  });

  router.post('/enable', async (req, res) => {
    const { user } = currentAuth(res);
    res.json(await services.twoFactor.enable(user.id, req.body));
  });

  router.post('/disable', async (req, res) => {
    const { user } = currentAuth(res);
    // A wrong password here counts toward the sign-in limit, as it does at login.
    await authLimiter.attempt(req.ip ?? '', user.email, () =>
      services.twoFactor.disable(user.id, req.body),
    );
    res.json({ enabled: false });
  });

  return router;
}
