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
  TwoFactorRequiredError,
} from '../errors';
import {
  legacyCredential,
  type ApiTokenRecord,
  type SessionRecord,
  type Store,
  type StoreTransaction,
  type UserRecord,
} from '../store';
import { now, type Clock } from './clock';
import { inviteClaims, inviteOf } from './invites';
import type { TwoFactorService } from './two-factor';

/** Why a disabled account cannot sign in. */
export const accountDisabledMessage = 'This account is disabled';

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

const newPassword = signupSchema.shape.password;

const changePasswordSchema = z.object({
  /** Not asked of an account made by single sign-on that has no password yet. */
  currentPassword: z
    .string('must be a string')
    .max(256, 'must be at most 256 characters')
    .optional(),
  newPassword,
});

const changeEmailSchema = z.object({
  email: signupSchema.shape.email,
  password: z.string('must be a string').max(256, 'must be at most 256 characters'),
});

/** The password, or (for an account with two-factor on) a current or recovery code instead. */
const deleteAccountSchema = z
  .object({
    password: z.string('must be a string').max(256, 'must be at most 256 characters').optional(),
    code: z.string('must be a string').max(64, 'must be at most 64 characters').optional(),
  })
  .refine((body) => body.password !== undefined || body.code !== undefined, {
    message: 'is required (or a two-factor code as `code`)',
    path: ['password'],
  });

const apiTokenSchema = z.object({
  name: name,
  scope: z.enum(['read', 'write'], 'must be "read" or "write"'),
  expiresInDays: z
    .number('must be a whole number of days from 1 to 3650, or null for never')
    .int('must be a whole number of days')
    .min(1, 'must be at least 1')
    .max(3650, 'must be at most 3650')
    .nullable()
    .optional(),
});

/** What an API token starts with: it tells it from a sign-in's token at a glance. */
export const apiTokenPrefix = 'jot_';

/** How often a session's or API token's "last used" is written at most. */
const touchEveryMs = 60_000;

/** The longest User-Agent a session keeps. */
const maxUserAgent = 512;

const sha256 = (text: string): Buffer => crypto.createHash('sha256').update(text).digest();

/** Whether an ISO time is more than {@link touchEveryMs} ago. */
const stale = (at: string | null) => at === null || Date.parse(at) < Date.now() - touchEveryMs;

const wrongPassword = () => badInput('password', 'is not your password');

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

/** A new account's record, made at `at`: what signup and a first single sign-on store. */
export function newUserRecord(
  fields: Pick<UserRecord, 'email' | 'firstName' | 'lastName' | 'passwordHash'>,
  at: string,
): UserRecord {
  return {
    id: crypto.randomUUID(),
    ...fields,
    tokenVersion: 0,
    createdAt: at,
    updatedAt: at,
    eventSeq: 0,
    disabledAt: null,
    lastSignInAt: null,
  };
}

/** Whether `password` is the one `hash` was made from; false for a hash that is not argon2's. */
export async function passwordMatches(hash: string, password: string): Promise<boolean> {
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
  /** Where invitations' expiry is read (Date.now when absent; tests move it). */
  clock?: Clock;
}

/** A sign-in as the list of sessions shows it. */
export interface SessionView {
  id: string;
  createdAt: string;
  lastUsedAt: string;
  userAgent: string | null;
  /** Whether it is the sign-in asking. */
  current: boolean;
}

/** An API token as its owner sees it: never the token itself. */
export interface ApiTokenView {
  id: string;
  name: string;
  scope: 'read' | 'write';
  createdAt: string;
  expiresAt: string | null;
  lastUsedAt: string | null;
}

const toApiTokenView = (t: ApiTokenRecord): ApiTokenView => ({
  id: t.id,
  name: t.name,
  scope: t.scope,
  createdAt: t.createdAt,
  expiresAt: t.expiresAt,
  lastUsedAt: t.lastUsedAt,
});

/** The credential a live connection listens for (see NoteEventWriter.announceSignOut). */
export const credentialKey = (credential: Credential): string =>
  credential.kind === 'apiToken' ? credential.tokenId : (credential.sessionId ?? legacyCredential);

/**
 * Accounts: signup, login, token checks, sessions, API tokens, logout, password, email and
 * deleting the account.
 *
 * Every sign-in is a session row, which its token names (`sid`): ending the row ends the token
 * at once. Tokens issued before sessions existed (no `sid`) are still checked as they were, by
 * the user's token version: they work until they expire, their user logs out with one, or the
 * password changes (each bumps the version); they are not listed among the sessions.
 */
export function usersService(
  store: Store,
  tokens: TokenService,
  options: UsersServiceOptions,
  twoFactor?: Pick<TwoFactorService, 'check' | 'isOn'>,
) {
  const hashOptions = { ...options.argon2, type: argon2.argon2id as 0 | 1 | 2 };

  /** Writes "last used" without making the request wait; a failure there fails nothing. */
  const touchLater = (write: () => Promise<void>) => {
    write().catch(() => undefined);
  };

  async function apiTokenSession(token: string): Promise<Authenticated> {
    const hash = sha256(token);
    const found = await store.apiTokens.findWithUser(hash.toString('hex'));
    if (!found) throw invalidToken();
    const { user, token: record } = found;
    if (user.disabledAt) throw invalidToken();
    // Found by its hash already; compared again in constant time all the same.
    if (!crypto.timingSafeEqual(Buffer.from(record.tokenHash, 'hex'), hash)) throw invalidToken();
    const expiresAt = record.expiresAt === null ? null : new Date(record.expiresAt);
    if (expiresAt && expiresAt.getTime() <= Date.now()) throw invalidToken();
    if (stale(record.lastUsedAt)) touchLater(() => store.apiTokens.touch(record.id, now()));
    return {
      user: toPublicUser(user),
      credential: { kind: 'apiToken', tokenId: record.id, scope: record.scope },
      expiresAt,
      eventsCursor: String(user.eventSeq),
    };
  }

  /**
   * Who a token belongs to, looked up now (a deleted user, an ended session or a revoked token is
   * refused), with when the token expires: a live connection ends then.
   */
  async function session(token: string): Promise<Authenticated> {
    if (token.startsWith(apiTokenPrefix)) return apiTokenSession(token);
    const claims = tokens.verify(token);
    const expiresAt = claims.exp === undefined ? null : new Date(claims.exp * 1000);
    if (claims.sid === undefined) {
      // Issued before sessions: valid while the user's token version is the one it carries.
      const user = await store.users.findById(claims.sub);
      if (!user || user.tokenVersion !== claims.ver) throw invalidToken();
      if (user.disabledAt) throw invalidToken();
      return {
        user: toPublicUser(user),
        credential: { kind: 'session', sessionId: null },
        expiresAt,
        eventsCursor: String(user.eventSeq),
      };
    }
    const found = await store.sessions.findWithUser(claims.sub, claims.sid);
    if (!found) throw invalidToken();
    const { user, session: row } = found;
    if (user.disabledAt) throw invalidToken();
    if (stale(row.lastUsedAt)) touchLater(() => store.sessions.touch(row.id, now()));
    return {
      user: toPublicUser(user),
      credential: { kind: 'session', sessionId: row.id },
      expiresAt,
      eventsCursor: String(user.eventSeq),
    };
  }

  /**
   * The attachments' cookie for a sign-in's session (services/attachments/cookie.ts): the user,
   * the session and when the token expires, signed. It is not a token: it reads attachments and
   * nothing else, and ends with its session. None for an API token or a token from before
   * sessions.
   */
  function attachmentsKey(auth: Authenticated): string | null {
    if (auth.credential.kind !== 'session' || auth.credential.sessionId === null) return null;
    const exp = auth.expiresAt ? Math.floor(auth.expiresAt.getTime() / 1000) : 0;
    const text = `${auth.user.id}.${auth.credential.sessionId}.${exp}`;
    return `${text}.${tokens.mac('attachments', text)}`;
  }

  /** The session an attachments' cookie names, checked now as its token would be. */
  async function attachmentsReader(value: string): Promise<Authenticated> {
    const parts = value.split('.');
    if (parts.length !== 4) throw invalidToken();
    const [userId, sessionId, exp, signature] = parts as [string, string, string, string];
    const expected = Buffer.from(tokens.mac('attachments', `${userId}.${sessionId}.${exp}`));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) {
      throw invalidToken();
    }
    const expiresAt = exp === '0' ? null : new Date(Number(exp) * 1000);
    if (expiresAt && expiresAt.getTime() <= Date.now()) throw invalidToken();
    const found = await store.sessions.findWithUser(userId, sessionId);
    if (!found || found.user.disabledAt) throw invalidToken();
    return {
      user: toPublicUser(found.user),
      credential: { kind: 'session', sessionId },
      expiresAt,
      eventsCursor: String(found.user.eventSeq),
    };
  }

  /**
   * Signs the user in: every way of signing in (password, second factor, passkey, single sign-on,
   * signup) ends here, and gets its token from here: a new session, which its token names.
   */
  async function signIn(user: UserRecord, context: SignInContext): Promise<Session> {
    if (user.disabledAt) throw new AppError('FORBIDDEN', accountDisabledMessage);
    await store.users.recordSignIn(user.id, now());
    const sid = crypto.randomUUID();
    const token = tokens.issue({ sub: user.id, email: user.email, ver: user.tokenVersion, sid });
    const { exp } = tokens.verify(token);
    const at = now();
    await store.sessions.deleteExpired(user.id, at);
    await store.sessions.insert({
      id: sid,
      userId: user.id,
      createdAt: at,
      lastUsedAt: at,
      expiresAt: exp === undefined ? null : new Date(exp * 1000).toISOString(),
      userAgent: context.userAgent?.slice(0, maxUserAgent) || null,
    });
    return { user: toPublicUser(user), token };
  }

  /**
   * The user's record, checked against `password`: BAD_USER_INPUT when it is not theirs (an
   * account made by single sign-on has none until it sets one, so nothing matches).
   */
  async function checkedUser(userId: string, password: string): Promise<UserRecord> {
    const user = await store.users.findById(userId);
    if (!user) throw invalidToken();
    if (!(await passwordMatches(user.passwordHash, password))) throw wrongPassword();
    return user;
  }

  /**
   * Passes when `code` is a current or recovery code of the user's two-factor sign-in (used up
   * now); BAD_USER_INPUT otherwise, and when two-factor is off: a 401 would sign the caller out.
   */
  async function checkedCode(userId: string, code: string): Promise<void> {
    if (!twoFactor || !(await twoFactor.isOn(userId))) {
      throw badInput('code', 'two-factor sign-in is off for this account; enter your password');
    }
    try {
      await twoFactor.check(userId, code);
    } catch (error) {
      if (!(error instanceof TwoFactorRequiredError)) throw error;
      throw badInput('code', 'that code is wrong or was already used');
    }
  }

  async function remove(userId: string): Promise<void> {
    await store.transaction(async (tx) => {
      await tx.events.announceSignOut(userId);
      await tx.users.delete(userId);
    });
  }

  async function listSessions(auth: Authenticated): Promise<SessionView[]> {
    const at = now();
    const current = auth.credential.kind === 'session' ? auth.credential.sessionId : null;
    const rows: SessionRecord[] = await store.sessions.list(auth.user.id);
    return rows
      .filter((s) => s.expiresAt === null || s.expiresAt > at)
      .map((s) => ({
        id: s.id,
        createdAt: s.createdAt,
        lastUsedAt: s.lastUsedAt,
        userAgent: s.userAgent,
        current: s.id === current,
      }));
  }

  /** Creates an account (signup, and the demo accounts whatever ALLOW_SIGNUP says). */
  const invites = inviteClaims(store, options.clock);

  /**
   * Creates an account (signup, and the demo accounts whatever ALLOW_SIGNUP says); `claim` runs
   * in the account's transaction (using up an invitation), and a throw there undoes the account.
   * Signs nobody in: a seeded account has no session until someone signs in to it.
   */
  async function create(
    input: unknown,
    claim?: (tx: StoreTransaction, userId: string) => Promise<void>,
  ): Promise<UserRecord> {
    const parsed = signupSchema.safeParse(input);
    if (!parsed.success) throw fromZodIssues(parsed.error.issues);
    const { firstName, lastName, email, password, confirmPassword } = parsed.data;
    if (confirmPassword !== undefined && confirmPassword !== password) {
      throw badInput('confirmPassword', 'does not match password');
    }
    if (await store.users.findByEmail(email)) throw new AppError('CONFLICT', messages.emailExists);
    const user = newUserRecord(
      { email, firstName, lastName, passwordHash: await argon2.hash(password, hashOptions) },
      now(),
    );
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
    return user;
  }

  return {
    /** Whether anyone may create an account here (ALLOW_SIGNUP). */
    signupOpen: options.allowSignup,

    async signup(input: unknown, context: SignInContext = {}): Promise<Session> {
      if (options.passwordLogin === false) throw new AppError('FORBIDDEN', passwordLoginOffMessage);
      if (options.allowSignup) return signIn(await create(input), context);
      // Signup is off: only an invitation (`invite` beside the fields) opens it, once.
      const invite = inviteOf(input);
      if (invite === undefined) throw new AppError('FORBIDDEN', signupClosedMessage);
      await invites.check(invite);
      return signIn(await create(input, (tx, userId) => invites.use(tx, invite, userId)), context);
    },

    /** Whether signup is open to this visitor: to all (ALLOW_SIGNUP), or by a usable invitation. */
    async signupStatus(invite: string | undefined): Promise<{ open: boolean; problem?: string }> {
      if (options.allowSignup) return { open: true };
      if (invite === undefined) return { open: false };
      const problem = await invites.problem(invite);
      return problem ? { open: false, problem } : { open: true };
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
    attachmentsKey,
    attachmentsReader,

    /**
     * Ends the caller's own sign-in (its session; for a token from before sessions, every such
     * token of the user), and tells every server (once committed), so that each closes its live
     * connections. Other sessions go on.
     */
    async logout(auth: Authenticated): Promise<void> {
      const userId = auth.user.id;
      const { credential } = auth;
      if (credential.kind !== 'session') return;
      await store.transaction(async (tx) => {
        if (credential.sessionId === null) await tx.users.bumpTokenVersion(userId, now());
        else await tx.sessions.delete(userId, credential.sessionId);
        await tx.events.announceSignOut(userId, credentialKey(credential));
      });
    },

    /** The caller's sign-ins, most recently used first, the caller's own marked `current`. */
    sessions: listSessions,

    /** Ends one of the caller's sessions: its token is refused at once, its sockets close. */
    async endSession(auth: Authenticated, sessionId: string): Promise<SessionView[]> {
      const userId = auth.user.id;
      await store.transaction(async (tx) => {
        if (!(await tx.sessions.delete(userId, sessionId))) {
          throw new AppError('NOT_FOUND', `Session ${sessionId} not found`);
        }
        await tx.events.announceSignOut(userId, sessionId);
      });
      return listSessions(auth);
    },

    /** A new API token: the token itself is in this answer and never again. */
    async createApiToken(
      userId: string,
      input: unknown,
    ): Promise<{ token: string; apiToken: ApiTokenView }> {
      const parsed = apiTokenSchema.safeParse(input);
      if (!parsed.success) throw fromZodIssues(parsed.error.issues);
      const { name: tokenName, scope, expiresInDays } = parsed.data;
      const token = `${apiTokenPrefix}${crypto.randomBytes(32).toString('base64url')}`;
      const createdAt = now();
      const record: ApiTokenRecord = {
        id: crypto.randomUUID(),
        userId,
        name: tokenName,
        scope,
        tokenHash: sha256(token).toString('hex'),
        createdAt,
        expiresAt:
          expiresInDays == null
            ? null
            : new Date(Date.parse(createdAt) + expiresInDays * 86_400_000).toISOString(),
        lastUsedAt: null,
      };
      await store.apiTokens.insert(record);
      return { token, apiToken: toApiTokenView(record) };
    },

    /** The user's API tokens, newest first, without the tokens themselves. */
    async apiTokens(userId: string): Promise<ApiTokenView[]> {
      return (await store.apiTokens.list(userId)).map(toApiTokenView);
    },

    /** Revokes one of the user's API tokens: refused at once, its sockets close. */
    async revokeApiToken(userId: string, tokenId: string): Promise<ApiTokenView[]> {
      await store.transaction(async (tx) => {
        if (!(await tx.apiTokens.delete(userId, tokenId))) {
          throw new AppError('NOT_FOUND', `API token ${tokenId} not found`);
        }
        await tx.events.announceSignOut(userId, tokenId);
      });
      return (await store.apiTokens.list(userId)).map(toApiTokenView);
    },

    /**
     * Changes the password when `currentPassword` is the user's (an account made by single
     * sign-on sets its first one without it), and ends every other sign-in
     * (the caller's own goes on; a caller signed in before sessions existed is signed out too).
     */
    async changePassword(auth: Authenticated, input: unknown): Promise<void> {
      const parsed = changePasswordSchema.safeParse(input);
      if (!parsed.success) throw fromZodIssues(parsed.error.issues);
      const { currentPassword, newPassword: password } = parsed.data;
      const user = await store.users.findById(auth.user.id);
      if (!user) throw invalidToken();
      if (
        user.passwordHash !== noPasswordHash &&
        !(await passwordMatches(user.passwordHash, currentPassword ?? ''))
      ) {
        throw badInput('currentPassword', 'is not your current password');
      }
      const hash = await argon2.hash(password, hashOptions);
      const keep = auth.credential.kind === 'session' ? auth.credential.sessionId : null;
      await store.transaction(async (tx) => {
        const at = now();
        await tx.users.setPasswordHash(user.id, hash, at);
        for (const ended of await tx.sessions.deleteAllBut(user.id, keep)) {
          await tx.events.announceSignOut(user.id, ended);
        }
        await tx.users.bumpTokenVersion(user.id, at);
        await tx.events.announceSignOut(user.id, legacyCredential);
      });
    },

    /** Changes the email when `password` is the user's; emails stay unique ignoring case. */
    async changeEmail(userId: string, input: unknown): Promise<PublicUser> {
      const parsed = changeEmailSchema.safeParse(input);
      if (!parsed.success) throw fromZodIssues(parsed.error.issues);
      const { email, password } = parsed.data;
      const user = await checkedUser(userId, password);
      const taken = await store.users.findByEmail(email);
      if (taken && taken.id !== userId) throw new AppError('CONFLICT', messages.emailExists);
      const at = now();
      try {
        await store.users.setEmail(userId, email, at);
      } catch (error) {
        // Two changes to one email at once: the unique index decides.
        const other = await store.users.findByEmail(email);
        if (other && other.id !== userId) throw new AppError('CONFLICT', messages.emailExists);
        throw error;
      }
      return toPublicUser({ ...user, email, updatedAt: at });
    },

    /**
     * Deletes the account (see {@link remove}) when `input.password` is the user's or, given
     * instead, `input.code` is a current (or recovery) code of their two-factor sign-in.
     */
    async deleteAccount(userId: string, input: unknown): Promise<void> {
      const parsed = deleteAccountSchema.safeParse(input);
      if (!parsed.success) throw fromZodIssues(parsed.error.issues);
      const { password, code } = parsed.data;
      if (password !== undefined) await checkedUser(userId, password);
      else await checkedCode(userId, code ?? '');
      await remove(userId);
    },

    /**
     * Deletes the account and everything of it (see UserRepository.delete), and tells every
     * server, so that each closes the user's live connections. Checks nothing: callers do.
     */
    remove,

    /**
     * Calls `listener(credential)` when the user's tokens are revoked, on any server: all of
     * them (credential undefined) or the one whose {@link credentialKey} it names.
     */
    onSignOut: (userId: string, listener: (credential?: string) => void): (() => void) =>
      store.live.onSignOut(userId, listener),

    /** Calls `listener` when sign-outs may have gone unheard (see LiveChanges.onResync). */
    onResync: (listener: () => void): (() => void) => store.live.onResync(listener),

    /** Creates the account unless the email is taken; used to seed demo users. */
    async ensure(input: SignupInput): Promise<void> {
      if (await store.users.findByEmail(input.email)) return;
      await create(input);
    },
  };
}

export type UsersService = ReturnType<typeof usersService>;
