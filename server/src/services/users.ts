import crypto from 'node:crypto';

import argon2 from 'argon2';
import { z } from 'zod';

import type { TokenService } from '../auth/tokens';
import type { Store } from '../store/database';
import type { UserRow } from '../store/schema';
import { usersStore } from '../store/users';
import { now } from './clock';
import {
  AppError,
  badInput,
  fromZodIssues,
  hasNul,
  invalidToken,
  messages,
  nulMessage,
} from '../errors';

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

export const signupSchema = z.object({
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

export type SignupInput = z.input<typeof signupSchema>;

export interface Session {
  user: PublicUser;
  token: string;
}

export function toPublicUser(row: UserRow): PublicUser {
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export interface UsersServiceOptions {
  argon2: { memoryCost: number; timeCost: number; parallelism: number };
}

/** Accounts: signup, login, token checks and logout. */
export function usersService(store: Store, tokens: TokenService, options: UsersServiceOptions) {
  const { db } = store;
  const hashOptions = { ...options.argon2, type: argon2.argon2id as 0 | 1 | 2 };
  const issue = (row: UserRow) =>
    tokens.issue({ sub: row.id, email: row.email, ver: row.token_version });

  return {
    async signup(input: unknown): Promise<Session> {
      const parsed = signupSchema.safeParse(input);
      if (!parsed.success) throw fromZodIssues(parsed.error.issues);
      const { firstName, lastName, email, password, confirmPassword } = parsed.data;
      if (confirmPassword !== undefined && confirmPassword !== password) {
        throw badInput('confirmPassword', 'does not match password');
      }
      if (await usersStore.findByEmail(db, email))
        throw new AppError('CONFLICT', messages.emailExists);
      const at = now();
      const row: UserRow = {
        id: crypto.randomUUID(),
        email,
        email_key: email.toLowerCase(),
        first_name: firstName,
        last_name: lastName,
        password_hash: await argon2.hash(password, hashOptions),
        token_version: 0,
        created_at: at,
        updated_at: at,
      };
      try {
        await usersStore.insert(db, row);
      } catch (error) {
        // Two signups for one email at once: the unique index decides.
        if (await usersStore.findByEmail(db, email))
          throw new AppError('CONFLICT', messages.emailExists);
        throw error;
      }
      return { user: toPublicUser(row), token: issue(row) };
    },

    async login(email: string, password: string): Promise<Session> {
      // No stored email holds a NUL character, and PostgreSQL could not even compare one.
      const row = hasNul(email) ? undefined : await usersStore.findByEmail(db, email.trim());
      if (!row) throw new AppError('EMAIL_NOT_REGISTERED', messages.emailNotRegistered);
      if (!(await argon2.verify(row.password_hash, password))) {
        throw new AppError('UNAUTHENTICATED', messages.invalidCredentials);
      }
      return { user: toPublicUser(row), token: issue(row) };
    },

    /** The user a token belongs to, looked up now: a deleted user or a revoked token is refused. */
    async authenticate(token: string): Promise<PublicUser> {
      const claims = tokens.verify(token);
      const row = await usersStore.findById(db, claims.sub);
      if (!row || row.token_version !== claims.ver) throw invalidToken();
      return toPublicUser(row);
    },

    /** Revokes every token issued to the user so far. */
    async logout(userId: string): Promise<void> {
      await usersStore.bumpTokenVersion(db, userId, now());
    },

    async get(userId: string): Promise<PublicUser> {
      const row = await usersStore.findById(db, userId);
      if (!row) throw invalidToken();
      return toPublicUser(row);
    },

    /** Creates the account unless the email is taken; used to seed demo users. */
    async ensure(input: SignupInput): Promise<void> {
      if (await usersStore.findByEmail(db, input.email)) return;
      await this.signup(input);
    },
  };
}

export type UsersService = ReturnType<typeof usersService>;
