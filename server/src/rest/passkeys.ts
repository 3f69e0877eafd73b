import { Router, type Request, type RequestHandler } from 'express';

import type { RelyingParty } from '../services/passkeys';
import { requireSignedInPerson } from '../services/caller';
import { signInContext, userWithLists } from './auth';
import { currentAuth, type RestDeps } from './context';
import { anyBody, parseBody } from './validate';

/**
 * The relying party: PUBLIC_URL when set, else the host and protocol the request came to
 * (behind a proxy, as TRUST_PROXY lets Express read them).
 */
function relyingParty(req: Request, publicUrl: string | undefined): RelyingParty {
  if (publicUrl) {
    const url = new URL(publicUrl);
    return { rpID: url.hostname, origin: url.origin };
  }
  return { rpID: req.hostname, origin: `${req.protocol}://${req.get('host') ?? req.hostname}` };
}

/**
 * Passkeys, mounted at /auth/passkeys. Signed in (not with an API token): POST
 * /registration/options and /registration/verify {name?, response}, GET /, PATCH /:id {name},
 * DELETE /:id. Public: POST /authentication/options and /authentication/verify {response}, which
 * answers as login does.
 */
export function passkeysRouter(
  { services, authLimiter, publicUrl }: RestDeps,
  requireUser: RequestHandler,
): Router {
  const router = Router();

  router.post('/authentication/options', async (req, res) => {
    parseBody(req, anyBody);
    res.json(await services.passkeys.authenticationOptions(relyingParty(req, publicUrl)));
  });

  router.post('/authentication/verify', async (req, res) => {
    parseBody(req, anyBody);
    const body: unknown = req.body;
    const { user, token } = await authLimiter.attempt(req.ip ?? '', undefined, async () => {
      const userId = await services.passkeys.authenticate(body, relyingParty(req, publicUrl));
      return services.users.signInAs(userId, signInContext(req));
    });
    res.status(200).json({ foundUser: await userWithLists(services, user), encodedToken: token });
  });

  // Everything below: the signed-in person only.
  router.use(requireUser, (_req, res, next) => {
    requireSignedInPerson(currentAuth(res));
    next();
  });

  router.get('/', async (_req, res) => {
    res.json({ passkeys: await services.passkeys.list(currentAuth(res).user.id) });
  });

  router.post('/registration/options', async (req, res) => {
    parseBody(req, anyBody);
    const userId = currentAuth(res).user.id;
    res.json(await services.passkeys.registrationOptions(userId, relyingParty(req, publicUrl)));
  });

  router.post('/registration/verify', async (req, res) => {
    const userId = currentAuth(res).user.id;
    parseBody(req, anyBody);
    const body: unknown = req.body;
    const passkey = await services.passkeys.register(userId, body, relyingParty(req, publicUrl));
    res.status(201).json({ passkey });
  });

  router.patch('/:id', async (req, res) => {
    const userId = currentAuth(res).user.id;
    const passkey = await services.passkeys.rename(userId, req.params.id, req.body);
    res.json({ passkey });
  });

  router.delete('/:id', async (req, res) => {
    const userId = currentAuth(res).user.id;
    await services.passkeys.remove(userId, req.params.id);
    res.json({ passkeys: await services.passkeys.list(userId) });
  });

  return router;
}
