import crypto from 'node:crypto';

import * as client from 'openid-client';
import { z } from 'zod';

import type { OidcStateSealer } from '../auth/oidc-state';
import type { OidcConfig } from '../config';
import { hasNul } from '../errors';
import type { Store } from '../store';
import { now } from './clock';
import { newUserRecord, noPasswordHash, type SignInContext, type UsersService } from './users';

/**
 * Why a single sign-on did not sign anyone in, as a fixed code: the login page shows its own
 * text for each (never the provider's free text).
 */
export type SsoErrorCode =
  'state' | 'provider' | 'failed' | 'unverified_email' | 'signup_off' | 'no_email' | 'unavailable';

/** A single sign-on refused; `cause` (for the log) says what failed underneath. */
export class SsoError extends Error {
  constructor(
    readonly code: SsoErrorCode,
    reason: string,
    options?: ErrorOptions,
  ) {
    super(reason, options);
    this.name = 'SsoError';
  }
}

/** The path the provider sends the browser back to. */
export const oidcCallbackPath = '/api/auth/oidc/callback';

const scope = 'openid email profile';

export interface OidcServiceOptions {
  /** Undefined: single sign-on is not configured (its routes answer 404). */
  config: OidcConfig | undefined;
  /** PUBLIC_URL; unset, the redirect URI is built from the request's origin. */
  publicUrl: string | undefined;
  sealer: OidcStateSealer;
  passwordLogin: boolean;
  allowSignup: boolean;
}

const emailSchema = z.email().max(254);

/** A name claim as Jotter stores names: trimmed, at most 100 characters, no NUL. */
const cleanName = (value: unknown): string =>
  typeof value === 'string' ? value.replaceAll('\u0000', '').trim().slice(0, 100).trim() : '';

/** First and last name from the claims: given/family names, else `name` split, else the email's local part. */
function namesOf(claims: Record<string, unknown>, email: string) {
  let firstName = cleanName(claims.given_name);
  let lastName = cleanName(claims.family_name);
  if (!firstName && !lastName) {
    const [first = '', ...rest] = cleanName(claims.name).split(/\s+/);
    firstName = first;
    lastName = rest.join(' ').slice(0, 100);
  }
  if (!firstName) firstName = email.split('@')[0]!.slice(0, 100);
  return { firstName, lastName };
}

const sameText = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
};

/**
 * Single sign-on with OpenID Connect: the code flow with PKCE, state and nonce. Accounts are
 * found by the provider's (issuer, subject); a first sign-in joins the account with that email
 * only when the provider says the email is verified, else creates one (OIDC_SIGNUP).
 */
export function oidcService(store: Store, users: UsersService, options: OidcServiceOptions) {
  const settings = options.config;
  let discovered: Promise<client.Configuration> | undefined;

  /** The provider's configuration, discovered once (again after a failure). */
  function provider(): Promise<client.Configuration> {
    if (!settings) throw new Error('single sign-on is not configured');
    discovered ??= discover(settings).catch((error: unknown) => {
      discovered = undefined;
      throw new SsoError('unavailable', 'the provider could not be discovered', { cause: error });
    });
    return discovered;
  }

  async function discover(s: OidcConfig): Promise<client.Configuration> {
    // http only for a provider on this machine (config.ts refuses any other): the tests' provider.
    const insecure = new URL(s.issuer).protocol === 'http:';
    const found = await client.discovery(new URL(s.issuer), s.clientId, undefined, undefined, {
      execute: insecure ? [client.allowInsecureRequests] : [],
    });
    const metadata = found.serverMetadata();
    // client_secret_basic is the standard's default; client_secret_post when only it is offered.
    const methods = metadata.token_endpoint_auth_methods_supported ?? ['client_secret_basic'];
    const authentication = !s.clientSecret
      ? client.None()
      : methods.includes('client_secret_basic')
        ? client.ClientSecretBasic(s.clientSecret)
        : client.ClientSecretPost(s.clientSecret);
    const configuration = new client.Configuration(metadata, s.clientId, undefined, authentication);
    if (insecure) client.allowInsecureRequests(configuration);
    return configuration;
  }

  /** The account the provider's user signs in to: linked, joined by a verified email, or created. */
  async function accountOf(issuer: string, claims: Record<string, unknown>): Promise<string> {
    const subject = claims.sub as string;
    const linked = await store.identities.userOf(issuer, subject);
    if (linked) return linked;
    const raw = typeof claims.email === 'string' ? claims.email.trim() : '';
    const email = !hasNul(raw) && emailSchema.safeParse(raw).success ? raw : undefined;
    if (!email) throw new SsoError('no_email', 'the provider sent no usable email');
    const link = (userId: string) =>
      store.identities.link({ issuer, subject, userId, createdAt: now() });
    const existing = await store.users.findByEmail(email);
    if (existing) {
      // Never take over an account through an email the provider does not vouch for.
      if (claims.email_verified !== true) {
        throw new SsoError('unverified_email', 'an account has this email, which is not verified');
      }
      await link(existing.id).catch(async (error: unknown) => {
        if ((await store.identities.userOf(issuer, subject)) !== existing.id) throw error;
      });
      return existing.id;
    }
    if (!settings?.signup) throw new SsoError('signup_off', 'no account, and OIDC_SIGNUP is off');
    const at = now();
    const user = newUserRecord(
      { email, ...namesOf(claims, email), passwordHash: noPasswordHash },
      at,
    );
    try {
      await store.transaction(async (tx) => {
        await tx.users.insert(user);
        await tx.identities.link({ issuer, subject, userId: user.id, createdAt: at });
      });
      return user.id;
    } catch (error) {
      // The same person signing in twice at once: the first one made the account.
      const made = await store.identities.userOf(issuer, subject);
      if (made) return made;
      throw error;
    }
  }

  return {
    /** Whether single sign-on is configured (OIDC_ISSUER). */
    configured: settings !== undefined,

    /** What the login and signup pages offer: no secret in it. */
    loginOptions() {
      return {
        passwordLogin: options.passwordLogin,
        oidc: settings ? { label: settings.label, startUrl: '/api/auth/oidc/start' } : null,
        signupOpen: options.allowSignup && options.passwordLogin,
      };
    },

    /** Where the provider sends the browser back: PUBLIC_URL's, else the request's origin. */
    redirectUri: (requestOrigin: string) =>
      `${options.publicUrl ?? requestOrigin}${oidcCallbackPath}`,

    /**
     * Begins a sign-in: the provider's authorization URL to send the browser to, and the sealed
     * state (state, nonce, PKCE verifier) for the browser to keep until it returns.
     */
    async start(redirectUri: string): Promise<{ url: string; cookie: string }> {
      const configuration = await provider();
      const verifier = client.randomPKCECodeVerifier();
      const state = client.randomState();
      const nonce = client.randomNonce();
      const url = client.buildAuthorizationUrl(configuration, {
        redirect_uri: redirectUri,
        scope,
        code_challenge: await client.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      });
      return {
        url: url.href,
        cookie: options.sealer.seal({ state, nonce, verifier, redirectUri }),
      };
    },

    /**
     * Finishes a sign-in at the callback: `callbackUrl` is the redirect URI with the query the
     * provider sent, `sealed` the cookie {@link start} gave. Checks the state, exchanges the code
     * (PKCE), checks the ID token and its nonce, finds or makes the account and signs it in.
     * Throws an {@link SsoError} for everything that refuses the sign-in.
     */
    async finish(callbackUrl: URL, sealed: string | undefined, context: SignInContext) {
      const saved = sealed ? options.sealer.open(sealed) : undefined;
      const returned = callbackUrl.searchParams.get('state');
      if (!saved || returned === null || !sameText(returned, saved.state)) {
        throw new SsoError('state', 'missing, expired or changed state');
      }
      const started = new URL(saved.redirectUri);
      if (started.origin + started.pathname !== callbackUrl.origin + callbackUrl.pathname) {
        throw new SsoError('state', 'the sign-in began at another address');
      }
      if (callbackUrl.searchParams.has('error')) {
        throw new SsoError(
          'provider',
          `the provider answered ${callbackUrl.searchParams.get('error')}`,
        );
      }
      const configuration = await provider();
      let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
      try {
        tokens = await client.authorizationCodeGrant(configuration, callbackUrl, {
          pkceCodeVerifier: saved.verifier,
          expectedState: saved.state,
          expectedNonce: saved.nonce,
          idTokenExpected: true,
        });
      } catch (error) {
        throw new SsoError('failed', 'the code exchange or the ID token check failed', {
          cause: error,
        });
      }
      const claims: Record<string, unknown> = { ...tokens.claims() };
      if (typeof claims.sub !== 'string' || !claims.sub) {
        throw new SsoError('failed', 'the ID token has no subject');
      }
      // Some providers (Authelia by default) keep the email out of the ID token: ask userinfo.
      if (typeof claims.email !== 'string') {
        try {
          const info = await client.fetchUserInfo(configuration, tokens.access_token, claims.sub);
          // The email and whether it is verified come together, from the same answer.
          claims.email = info.email;
          claims.email_verified = info.email_verified;
          for (const key of ['given_name', 'family_name', 'name']) {
            if (claims[key] === undefined) claims[key] = info[key];
          }
        } catch {
          // No userinfo: the ID token's claims are all there is.
        }
      }
      const userId = await accountOf(configuration.serverMetadata().issuer, claims);
      return users.signInAs(userId, context);
    },
  };
}

export type OidcService = ReturnType<typeof oidcService>;
