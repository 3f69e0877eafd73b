import { type Request, Router } from 'express';
import { z } from 'zod';

import type { Services } from '../services';
import type { SignInContext } from '../services/users';
import type { RestDeps } from './context';
import { presentUser } from './present';
import { parseBody } from './validate';

const loginBody = z.object({
  email: z.string('must be a string'),
  password: z.string('must be a string'),
});

/** The user with the three lists spec clients load from the login answer. */
export async function userWithLists(services: Services, user: Parameters<typeof presentUser>[0]) {
  const [notes, archives, trash] = await Promise.all([
    services.notes.all(user.id, 'notes'),
    services.notes.all(user.id, 'archive'),
    services.notes.all(user.id, 'trash'),
  ]);
  const reminders = await services.reminders.forNotes(
    user.id,
    [...notes, ...archives, ...trash].map((n) => n.id),
  );
  return presentUser(user, { notes, archives, trash }, reminders);
}

/** What a sign-in records of the client it comes from. */
export const signInContext = (req: Request): SignInContext => ({
  userAgent: req.headers['user-agent'],
});

/** POST /auth/signup and /auth/login. */
export function authRouter({ services, authLimiter }: RestDeps): Router {
  const router = Router();

  // Whether this server takes signups (ALLOW_SIGNUP), for the signup page to say so up front.
  router.get('/signup', (_req, res) => {
    res.json({ open: services.users.signupOpen });
  });

  router.post('/signup', async (req, res) => {
    const body = parseBody(req, z.object({}).passthrough());
    const email = typeof body.email === 'string' ? body.email : undefined;
    const { user, token } = await authLimiter.attempt(req.ip ?? '', email, () =>
      services.users.signup(body, signInContext(req)),
    );
    res.status(201).json({ createdUser: await userWithLists(services, user), encodedToken: token });
  });

  router.post('/login', async (req, res) => {
    const { email, password } = parseBody(req, loginBody);
    const { user, token } = await authLimiter.attempt(req.ip ?? '', email, () =>
      services.users.login(email, password, signInContext(req)),
    );
    res.status(200).json({ foundUser: await userWithLists(services, user), encodedToken: token });
  });

  return router;
}
