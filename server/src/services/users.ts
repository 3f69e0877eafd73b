import crypto from 'node:crypto';

import argon2 from 'argon2';
import { z } from 'zod';

import type { TokenService } from '../auth/tokens';
import {
  AppError,
  badInput,
  fromZodIssues,
  hasNul,
  invalidToken,
  messages,
  nulMessage,
  passwordLoginOffMessage,
  signupClosedMessage,
} from '../errors';
import type { Store, UserRecord } from '../store';
import { now } from './clock';
import type { TwoFactorService } from './two-factor';

/** A user as the APIs show it: never the password or its hash. */
export interface PublicUser {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  createdAt: string;
  updatedAt: string;
}

const name = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(100, 'must be at most 100 characters')
  .refine((s) => !hasNul(s), nulMessage);

const signupSchema = z.object({
  firstName: name,
  lastName: name,
  email: z
    .string()
    .trim()
    .max(254, 'must be at most 254 characters')
    .pipe(z.email('must be a valid email address')),
  password: z
    .string()
    .min(8, 'must be at least 8 characters')
    .max(256, 'must be at most 256 characters'),
  confirmPassword: z.string().optional(),
});

type SignupInput = z.input<typeof signupSchema>;

interface Session {
  user: PublicUser;
  token: string;
}

/** What the server knows of the client a sign-in comes from, for the list of sessions. */
export interface SignInContext {
  userAgent?: string;
}

/**
 * What a request was authenticated with: a sign-in's token (`sessionId`: its session, null for a
 * token issued before sessions existed) or an API token, which may only read when `scope` is read.
 */
export type Credential =
  | { kind: 'session'; sessionId: string | null }
  | { kind: 'apiToken'; tokenId: string; scope: 'read' | 'write' };

/** A checked token's user, and when the token stops being valid (null: it never expires). */
export interface Authenticated {
  user: PublicUser;
  credential: Credential;
  expiresAt: Date | null;
  /**
   * The user's change-feed cursor (as `noteEventsCursor` gives it) read with the token's check,
   * so before anything the request then reads: whatever it reads is at least this recent.
   */
  eventsCursor: string;
}

function toPublicUser(user: UserRecord): PublicUser {
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    createdAt: user.createdAt,
    updatedAt: user.updatedAt,
  };
}

/**
 * The password hash of an account made by single sign-on: not an argon2 hash, so no password
 * matches it (login answers invalid credentials).
 */
export const noPasswordHash = '!single-sign-on';

/** Whether `password` is the one `hash` was made from; false for a hash that is not argon2's. */
async function passwordMatches(hash: string, password: string): Promise<boolean> {
  if (!hash.startsWith('$argon2')) return false;
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

export interface UsersServiceOptions {
  argon2: { memoryCost: number; timeCost: number; parallelism: number };
  /** False: signup is refused (FORBIDDEN); existing and seeded demo accounts still sign in. */
  allowSignup: boolean;
  /** False (PASSWORD_LOGIN=off): password login and signup are refused (FORBIDDEN). */
  passwordLogin?: boolean;
}

/** Accounts: signup, login, token checks and logout. */
export function usersService(
  store: Store,
  tokens: TokenService,
  options: UsersServiceOptions,
  twoFactor?: Pick<TwoFactorService, 'check'>,
) {
  const hashOptions = { ...options.argon2, type: argon2.argon2id as 0 | 1 | 2 };
  const issue = (user: UserRecord) =>
    tokens.issue({ sub: user.id, email: user.email, ver: user.tokenVersion });

  /**
   * Who a token belongs to, looked up now (a deleted user or a revoked token is refused), with
   * when the token expires: a live connection ends then.
   */
  async function session(token: string): Promise<Authenticated> {
    const claims = tokens.verify(token);
    const user = await store.users.findById(claims.sub);
    if (!user || user.tokenVersion !== claims.ver) throw invalidToken();
    return {
      user: toPublicUser(user),
      credential: { kind: 'session', sessionId: null },
      expiresAt: claims.exp === undefined ? null : new Date(claims.exp * 1000),
      eventsCursor: String(user.eventSeq),
    };
  }

  /**
   * Signs the user in: every way of signing in (password, second factor, passkey, single sign-on,
   * signup) ends here, and gets its token from here.
   */
  function signIn(user: UserRecord, _context: SignInContext): Promise<Session> {
    return Promise.resolve({ user: toPublicUser(user), token: issue(user) });
  }

  /** Creates an account (signup, and the demo accounts whatever ALLOW_SIGNUP says). */
  async function create(input: unknown, context: SignInContext): Promise<Session> {
    const parsed = signupSchema.safeParse(input);
    if (!parsed.success) throw fromZodIssues(parsed.error.issues);
    const { firstName, lastName, email, password, confirmPassword } = parsed.data;
    if (confirmPassword !== undefined && confirmPassword !== password) {
      throw badInput('confirmPassword', 'does not match password');
    }
    if (await store.users.findByEmail(email)) throw new AppError('CONFLICT', messages.emailExists);
    const at = now();
    const user: UserRecord = {
      id: crypto.randomUUID(),
      email,
      firstName,
      lastName,
      passwordHash: await argon2.hash(password, hashOptions),
      tokenVersion: 0,
      createdAt: at,
      updatedAt: at,
      eventSeq: 0,
    };
    try {
      await store.users.insert(user);
    } catch (error) {
      // Two signups for one email at once: the unique index decides.
      if (await store.users.findByEmail(email))
        throw new AppError('CONFLICT', messages.emailExists);
      throw error;
    }
    return signIn(user, context);
  }

  return {
    /** Whether anyone may create an account here (ALLOW_SIGNUP). */
    signupOpen: options.allowSignup,

    async signup(input: unknown, context: SignInContext = {}): Promise<Session> {
      if (options.passwordLogin === false) throw new AppError('FORBIDDEN', passwordLoginOffMessage);
      if (!options.allowSignup) throw new AppError('FORBIDDEN', signupClosedMessage);
      return create(input, context);
    },

    /**
     * Signs in with the password and, when the user has two-factor on, `code`: a current TOTP
     * code or an unused recovery code (TwoFactorRequiredError otherwise).
     */
    async login(
      email: string,
      password: string,
      context: SignInContext = {},
      code?: string,
    ): Promise<Session> {
      if (options.passwordLogin === false) throw new AppError('FORBIDDEN', passwordLoginOffMessage);
      // No stored email holds a NUL character, and PostgreSQL could not even compare one.
      const user = hasNul(email) ? undefined : await store.users.findByEmail(email.trim());
      if (!user) throw new AppError('EMAIL_NOT_REGISTERED', messages.emailNotRegistered);
      if (!(await passwordMatches(user.passwordHash, password))) {
        throw new AppError('UNAUTHENTICATED', messages.invalidCredentials);
      }
      await twoFactor?.check(user.id, code);
      return signIn(user, context);
    },

    /**
     * Signs in the user with this id, whose identity another way has proven (a passkey, single
     * sign-on); UNAUTHENTICATED when there is no such user.
     */
    async signInAs(userId: string, context: SignInContext = {}): Promise<Session> {
      const user = await store.users.findById(userId);
      if (!user) throw invalidToken();
      return signIn(user, context);
    },

    session,

    /**
     * Revokes every token issued to the user so far, and tells every server (once committed), so
     * that each closes the user's live connections.
     */
    async logout(userId: string): Promise<void> {
      await store.transaction(async (tx) => {
        await tx.users.bumpTokenVersion(userId, now());
        await tx.events.announceSignOut(userId);
      });
    },

    /**
     * Deletes the account and everything of it (see UserRepository.delete), and tells every
     * server, so that each closes the user's live connections. Checks nothing: callers do.
     */
    async remove(userId: string): Promise<void> {
      await store.transaction(async (tx) => {
        await tx.events.announceSignOut(userId);
        await tx.users.delete(userId);
      });
    },

    /** Calls `listener` when the user signs out, on any server; returns what stops it. */
    onSignOut: (userId: string, listener: () => void): (() => void) =>
      store.live.onSignOut(userId, listener),

    /** Calls `listener` when sign-outs may have gone unheard (see LiveChanges.onResync). */
    onResync: (listener: () => void): (() => void) => store.live.onResync(listener),

    /** Creates the account unless the email is taken; used to seed demo users. */
    async ensure(input: SignupInput): Promise<void> {
      if (await store.users.findByEmail(input.email)) return;
      await create(input, {});
    },
  };
}

export type UsersService = ReturnType<typeof usersService>;
