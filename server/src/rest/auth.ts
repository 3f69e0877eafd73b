import { type Request, Router } from 'express';
import { z } from 'zod';

import { fromZodIssues } from '../errors';
import type { Services } from '../services';
import type { SignInContext } from '../services/users';
import type { RestDeps } from './context';
import { presentUser } from './present';
import { parseBody } from './validate';

const loginBody = z.object({
  email: z.string('must be a string'),
  password: z.string('must be a string'),
  /** The second factor, for an account with two-factor on: a TOTP or recovery code. */
  code: z.string('must be a string').max(64, 'must be at most 64 characters').optional(),
});

const signupQuery = z.object({ invite: z.string('must be one string').max(200).optional() });

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

  // Whether this server takes signups (ALLOW_SIGNUP), for the signup page to say so up front;
  // with `?invite=`, whether that invitation opens it (and why not, when it does not).
  router.get('/signup', async (req, res) => {
    const parsed = signupQuery.safeParse(req.query);
    if (!parsed.success) throw fromZodIssues(parsed.error.issues);
    res.json(await services.users.signupStatus(parsed.data.invite));
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
    const { email, password, code } = parseBody(req, loginBody);
    const { user, token } = await authLimiter.attempt(req.ip ?? '', email, () =>
      services.users.login(email, password, signInContext(req), code),
    );
    res.status(200).json({ foundUser: await userWithLists(services, user), encodedToken: token });
  });

  return router;
}
