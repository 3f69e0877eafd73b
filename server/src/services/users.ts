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
  signupClosedMessage,
} from '../errors';

/** Why a disabled account cannot sign in. */
export const accountDisabledMessage = 'This account is disabled';
import type { Store, StoreTransaction, UserRecord } from '../store';
import { now, type Clock } from './clock';
import { inviteClaims, inviteOf } from './invites';

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

export interface UsersServiceOptions {
  argon2: { memoryCost: number; timeCost: number; parallelism: number };
  /** False: signup is refused (FORBIDDEN); existing and seeded demo accounts still sign in. */
  allowSignup: boolean;
  /** Where invitations' expiry is read (Date.now when absent; tests move it). */
  clock?: Clock;
}

/** Accounts: signup, login, token checks and logout. */
export function usersService(store: Store, tokens: TokenService, options: UsersServiceOptions) {
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
    if (user.disabledAt) throw invalidToken();
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
  async function signIn(user: UserRecord, _context: SignInContext): Promise<Session> {
    if (user.disabledAt) throw new AppError('FORBIDDEN', accountDisabledMessage);
    await store.users.recordSignIn(user.id, now());
    return { user: toPublicUser(user), token: issue(user) };
  }

  const invites = inviteClaims(store, options.clock);

  /**
   * Creates an account (signup, and the demo accounts whatever ALLOW_SIGNUP says); `claim` runs
   * in the account's transaction (using up an invitation), and a throw there undoes the account.
   */
  async function create(
    input: unknown,
    context: SignInContext,
    claim?: (tx: StoreTransaction, userId: string) => Promise<void>,
  ): Promise<Session> {
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
      disabledAt: null,
      lastSignInAt: null,
    };
    try {
      await store.transaction(async (tx) => {
        await tx.users.insert(user);
        await claim?.(tx, user.id);
      });
    } catch (error) {
      if (error instanceof AppError) throw error;
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
      if (options.allowSignup) return create(input, context);
      // Signup is off: only an invitation (`invite` beside the fields) opens it, once.
      const invite = inviteOf(input);
      if (invite === undefined) throw new AppError('FORBIDDEN', signupClosedMessage);
      await invites.check(invite);
      return create(input, context, (tx, userId) => invites.use(tx, invite, userId));
    },

    /** Whether signup is open to this visitor: to all (ALLOW_SIGNUP), or by a usable invitation. */
    async signupStatus(invite: string | undefined): Promise<{ open: boolean; problem?: string }> {
      if (options.allowSignup) return { open: true };
      if (invite === undefined) return { open: false };
      const problem = await invites.problem(invite);
      return problem ? { open: false, problem } : { open: true };
    },

    async login(email: string, password: string, context: SignInContext = {}): Promise<Session> {
      // No stored email holds a NUL character, and PostgreSQL could not even compare one.
      const user = hasNul(email) ? undefined : await store.users.findByEmail(email.trim());
      if (!user) throw new AppError('EMAIL_NOT_REGISTERED', messages.emailNotRegistered);
      if (!(await argon2.verify(user.passwordHash, password))) {
        throw new AppError('UNAUTHENTICATED', messages.invalidCredentials);
      }
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
