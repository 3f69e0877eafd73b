import { type Request, Router } from 'express';

import type { Services } from '../services';
import type { AdminUserView } from '../services/admin';
import type { Invite } from '../services/invites';
import { currentAuth, currentUser } from './context';
import { anyBody, parseBody } from './validate';

/** An account on the REST wire of the admin routes. */
export function presentAdminUser(user: AdminUserView) {
  const { id, ...rest } = user;
  return { _id: id, ...rest };
}

/** An invitation on the wire: when it was made and until when it works, never its token. */
export const presentInvite = (invite: Invite) => ({
  _id: invite.id,
  createdAt: invite.createdAt,
  expiresAt: invite.expiresAt,
});

/** The origin the request came to, for links when PUBLIC_URL is unset. */
const originOf = (req: Request): string => `${req.protocol}://${req.get('host') ?? 'localhost'}`;

/**
 * /admin: accounts (list, disable, enable, delete), invitations and the instance's figures.
 * Mounted behind `authenticate`; only a signed-in admin passes (an API token never does).
 */
export function adminRouter(services: Services): Router {
  const router = Router();
  const { admin, invites } = services;

  router.use((_req, res, next) => {
    admin.requireAdmin(currentAuth(res));
    next();
  });

  const checkBody = (req: Request) => {
    if (req.body !== undefined) parseBody(req, anyBody);
  };
  const userList = async () => (await admin.users()).map(presentAdminUser);
  const inviteList = async () => (await invites.pending()).map(presentInvite);

  router.get('/users', async (_req, res) => {
    res.json({ users: await userList() });
  });

  router.post('/users/:id/disable', async (req, res) => {
    checkBody(req);
    const user = await admin.disable(currentUser(res).id, req.params.id);
    res.json({ user: presentAdminUser(user) });
  });

  router.post('/users/:id/enable', async (req, res) => {
    checkBody(req);
    const user = await admin.enable(currentUser(res).id, req.params.id);
    res.json({ user: presentAdminUser(user) });
  });

  router.delete('/users/:id', async (req, res) => {
    await admin.remove(currentUser(res).id, req.params.id);
    res.json({ users: await userList() });
  });

  router.get('/invites', async (_req, res) => {
    res.json({ invites: await inviteList() });
  });

  router.post('/invites', async (req, res) => {
    checkBody(req);
    const { url, invite } = await invites.create(currentUser(res).id, originOf(req));
    res.setHeader('cache-control', 'no-store');
    res.status(201).json({ url, invite: presentInvite(invite) });
  });

  router.delete('/invites/:id', async (req, res) => {
    await invites.revoke(req.params.id);
    res.json({ invites: await inviteList() });
  });

  router.get('/stats', async (_req, res) => {
    res.json(await admin.stats());
  });

  return router;
}
