import { type Request, type Response, Router } from 'express';
import { z } from 'zod';

import { requireSignedInPerson } from '../services/caller';
import type { ApiTokenView, SessionView } from '../services/users';
import { clearAttachmentCookie } from '../services/attachments/cookie';
import { userWithLists } from './auth';
import { currentAuth, type RestDeps } from './context';
import { parseBody } from './validate';

const presentSession = (s: SessionView) => ({
  _id: s.id,
  createdAt: s.createdAt,
  lastUsedAt: s.lastUsedAt,
  userAgent: s.userAgent,
  current: s.current,
});

const presentApiToken = (t: ApiTokenView) => ({
  _id: t.id,
  name: t.name,
  scope: t.scope,
  createdAt: t.createdAt,
  expiresAt: t.expiresAt,
  lastUsedAt: t.lastUsedAt,
});

const anyObject = z.object({}).passthrough();

/** The signed-in person (never an API token) of a route that manages the account. */
function person(res: Response) {
  const auth = currentAuth(res);
  requireSignedInPerson(auth);
  return auth;
}

/** The `:id` of a route, as a string (Express 5 types it loosely). */
const idParam = (req: Request) => String(req.params.id);

/**
 * The signed-in person's account, mounted at /api behind `authenticate`: sessions and logout
 * (/auth/sessions, /auth/logout), API tokens (/tokens), password, email and deleting the account
 * (/user). An API token may use none of them (403). Whatever checks a password counts toward
 * the sign-in rate limit, as login does.
 */
export function accountRouter({ services, authLimiter }: RestDeps): Router {
  const router = Router();
  const { users } = services;
  const checkingPassword = <T>(req: Request, res: Response, run: () => Promise<T>) =>
    authLimiter.attempt(req.ip ?? '', currentAuth(res).user.email, run);

  router.get('/auth/sessions', async (_req, res) => {
    const sessions = await users.sessions(person(res));
    res.json({ sessions: sessions.map(presentSession) });
  });

  router.delete('/auth/sessions/:id', async (req, res) => {
    const sessions = await users.endSession(person(res), idParam(req));
    res.json({ sessions: sessions.map(presentSession) });
  });

  router.post('/auth/logout', async (req, res) => {
    await users.logout(person(res));
    clearAttachmentCookie(req, res);
    res.json({ loggedOut: true });
  });

  router.get('/tokens', async (_req, res) => {
    const tokens = await users.apiTokens(person(res).user.id);
    res.json({ tokens: tokens.map(presentApiToken) });
  });

  router.post('/tokens', async (req, res) => {
    const { user } = person(res);
    const { token, apiToken } = await users.createApiToken(user.id, parseBody(req, anyObject));
    res.status(201).json({ token, apiToken: presentApiToken(apiToken) });
  });

  router.delete('/tokens/:id', async (req, res) => {
    const tokens = await users.revokeApiToken(person(res).user.id, idParam(req));
    res.json({ tokens: tokens.map(presentApiToken) });
  });

  router.post('/user/password', async (req, res) => {
    const auth = person(res);
    const body = parseBody(req, anyObject);
    await checkingPassword(req, res, () => users.changePassword(auth, body));
    res.json({ changed: true });
  });

  router.post('/user/email', async (req, res) => {
    const { user } = person(res);
    const body = parseBody(req, anyObject);
    const changed = await checkingPassword(req, res, () => users.changeEmail(user.id, body));
    res.json({ user: await userWithLists(services, changed) });
  });

  router.delete('/user', async (req, res) => {
    const { user } = person(res);
    const body = parseBody(req, anyObject);
    await checkingPassword(req, res, () => users.deleteAccount(user.id, body));
    res.json({ deleted: true });
  });

  return router;
}
