import { Router } from 'express';

import { adminRouter } from './admin';
import { archivesRouter } from './archives';
import { attachmentsRouter } from './attachments';
import { accountRouter } from './account';
import { authRouter, userWithLists } from './auth';
import { authenticate, currentUser, type RestDeps } from './context';
import { apiNotFound } from './errors';
import { filesRouter } from './files';
import { notesRouter } from './notes';
import { oidcRouter } from './oidc';
import { passkeysRouter } from './passkeys';
import { pushRouter, reminderSettingsRouter } from './reminders';
import { trashRouter } from './trash';
import { twoFactorRouter } from './two-factor';

const testTodos = [
  { id: 1, title: 'Try the request tester', completed: true },
  { id: 2, title: 'Log in with the test credentials', completed: false },
  { id: 3, title: 'Write a first note', completed: false },
];

/** The REST API of spec §7, mounted at /api. */
export function restRouter(deps: RestDeps): Router {
  const router = Router();
  const requireUser = authenticate(deps.services);

  router.get('/test-todos', (_req, res) => {
    res.json({ todos: testTodos });
  });
  router.use('/auth/totp', requireUser, twoFactorRouter(deps));
  router.use('/auth/passkeys', passkeysRouter(deps, requireUser));
  // The account's routes (accountRouter) and GET /api/user need a signed-in caller.
  router.use(['/auth/sessions', '/auth/logout', '/tokens', '/user'], requireUser);
  router.use(accountRouter(deps));
  router.use('/auth', authRouter(deps));
  router.use('/auth', oidcRouter(deps));
  router.use('/user/reminder-settings', requireUser, reminderSettingsRouter(deps.services));
  router.use('/push', requireUser, pushRouter(deps.services));
  router.get('/user', async (_req, res) => {
    res.json({ user: await userWithLists(deps.services, currentUser(res)) });
  });
  router.use('/notes', requireUser, notesRouter(deps.services));
  router.use('/archives', requireUser, archivesRouter(deps.services));
  router.use('/trash', requireUser, trashRouter(deps.services));
  router.use('/admin', requireUser, adminRouter(deps.services));
  router.use('/attachments', attachmentsRouter(deps.services, requireUser));
  router.use(['/import', '/export'], requireUser);
  router.use(filesRouter(deps.services, deps.importMaxBytes));
  router.use(apiNotFound);
  return router;
}
