import { Router } from 'express';
import { z } from 'zod';

import type { Services } from '../services';
import { currentUser } from './context';
import { anyBody, parseBody } from './validate';

const settingsBody = z.object({ email: z.boolean('must be true or false') });
/** Which subscription to drop: by its endpoint (a browser's own), or by its id (the profile's list). */
const unsubscribeBody = z.union(
  [
    z.object({ endpoint: z.string().min(1) }),
    z.object({ _id: z.string().min(1) }).transform(({ _id }) => ({ id: _id })),
  ],
  { error: 'must be {endpoint} (the subscription endpoint) or {_id} (its id)' },
);

/** /push: Web Push's key and the caller's subscriptions (issue 41). */
export function pushRouter(services: Services): Router {
  const router = Router();
  const { reminders } = services;

  router.get('/key', (_req, res) => {
    res.json({ publicKey: reminders.publicKey });
  });
  router.get('/subscriptions', async (_req, res) => {
    res.json({ subscriptions: await reminders.subscriptions(currentUser(res).id) });
  });
  router.post('/subscriptions', async (req, res) => {
    const body = parseBody(req, z.looseObject({}));
    await reminders.subscribe(currentUser(res).id, body, req.headers['user-agent']);
    res.status(201).json({ subscriptions: await reminders.subscriptions(currentUser(res).id) });
  });
  router.delete('/subscriptions', async (req, res) => {
    await reminders.unsubscribe(currentUser(res).id, parseBody(req, unsubscribeBody));
    res.status(200).json({ subscriptions: await reminders.subscriptions(currentUser(res).id) });
  });
  router.post('/test', async (req, res) => {
    if (req.body !== undefined) parseBody(req, anyBody);
    res.status(200).json({ sent: await reminders.test(currentUser(res).id) });
  });
  return router;
}

/** /user/reminder-settings: email on or off. */
export function reminderSettingsRouter(services: Services): Router {
  const router = Router();
  router.get('/', async (_req, res) => {
    res.json(await services.reminders.settings(currentUser(res).id));
  });
  router.put('/', async (req, res) => {
    const { email } = parseBody(req, settingsBody);
    res.json(await services.reminders.saveSettings(currentUser(res).id, email));
  });
  return router;
}
