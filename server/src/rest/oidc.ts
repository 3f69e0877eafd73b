import { type Request, type Response, Router } from 'express';

import { AppError } from '../errors';
import { SsoError } from '../services/oidc';
import { signInContext } from './auth';
import type { RestDeps } from './context';

/** The cookie holding a started sign-in's sealed state, sent back only to the callback. */
const stateCookie = 'jotter_oidc';
const cookiePath = '/api/auth/oidc';

const notConfigured = () =>
  new AppError('NOT_FOUND', 'Single sign-on is not configured on this server');

/** The origin the browser used, as Express sees it (TRUST_PROXY decides whether to believe X-Forwarded-*). */
const requestOrigin = (req: Request) => `${req.protocol}://${req.get('host') ?? 'localhost'}`;

/** A cookie's value from the request's Cookie header. */
function cookieValue(req: Request, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}

/** Back to the login page, which shows the text it has for `code`. */
function refuse(req: Request, res: Response, error: SsoError) {
  // The code and what failed underneath, never a token: the log keeps no secret.
  const cause = error.cause instanceof Error ? error.cause.message : undefined;
  req.log.warn({ code: error.code, reason: error.message, cause }, 'single sign-on refused');
  res.redirect(302, `/login?sso_error=${error.code}`);
}

/**
 * GET /auth/options (what the login page offers), and single sign-on: GET /auth/oidc/start sends
 * the browser to the provider, GET /auth/oidc/callback takes it back and signs it in on /home.
 */
export function oidcRouter({ services }: RestDeps): Router {
  const router = Router();
  const { oidc } = services;

  router.get('/options', (_req, res) => {
    res.json(oidc.loginOptions());
  });

  router.get('/oidc/start', async (req, res) => {
    if (!oidc.configured) throw notConfigured();
    const redirectUri = oidc.redirectUri(requestOrigin(req));
    try {
      const { url, cookie } = await oidc.start(redirectUri);
      res.cookie(stateCookie, cookie, {
        httpOnly: true,
        sameSite: 'lax',
        secure: redirectUri.startsWith('https:'),
        path: cookiePath,
        maxAge: 600_000,
      });
      res.set('cache-control', 'no-store');
      res.redirect(302, url);
    } catch (error) {
      if (error instanceof SsoError) refuse(req, res, error);
      else throw error;
    }
  });

  router.get('/oidc/callback', async (req, res) => {
    if (!oidc.configured) throw notConfigured();
    const redirectUri = oidc.redirectUri(requestOrigin(req));
    const callbackUrl = new URL(redirectUri);
    callbackUrl.search = new URL(req.originalUrl, 'http://callback').search;
    // One use: whatever happens now, the started sign-in is over.
    res.clearCookie(stateCookie, { path: cookiePath });
    res.set('cache-control', 'no-store');
    try {
      const { token } = await oidc.finish(
        callbackUrl,
        cookieValue(req, stateCookie),
        signInContext(req),
      );
      // In the fragment, which browsers never send to a server (nor a proxy logs): the client's
      // /login/sso page reads it, keeps it as a login does, and goes on to /home.
      res.redirect(302, `/login/sso#token=${encodeURIComponent(token)}`);
    } catch (error) {
      if (error instanceof SsoError) refuse(req, res, error);
      else throw error;
    }
  });

  return router;
}
