import crypto from 'node:crypto';

import { AppError, badInput } from '../errors';
import type { InviteRecord, Store, StoreTransaction } from '../store';
import type { Clock } from './clock';

/** How long an invitation can be used. */
export const inviteDays = 7;

/** Why an invitation cannot be used, as the signup page and the API say it. */
export const inviteMessages = {
  unknown: 'This invitation is not valid: it may have been revoked or mistyped. Ask for a new one.',
  used: 'This invitation has already been used. Ask for a new one.',
  expired: 'This invitation has expired. Ask for a new one.',
} as const;

/** What is stored of an invitation's token: its sha256 (the token has 256 random bits). */
export const hashInviteToken = (token: string): string =>
  crypto.createHash('sha256').update(token, 'utf8').digest('hex');

/** The time `clock` reads, as stored. */
const isoAt = (clock: Clock): string => new Date(clock()).toISOString();

/**
 * The `invite` field of a signup (REST body or GraphQL input): undefined when absent or null;
 * 400 when it is not a string.
 */
export function inviteOf(input: unknown): string | undefined {
  const invite = (input as { invite?: unknown } | null)?.invite;
  if (invite === undefined || invite === null) return undefined;
  if (typeof invite !== 'string') throw badInput('invite', 'must be a string');
  return invite;
}

/** Why `record` cannot be used at `at`, or undefined when it can. */
function problemOf(record: InviteRecord | undefined, at: string): string | undefined {
  if (!record) return inviteMessages.unknown;
  if (record.usedAt) return inviteMessages.used;
  if (record.expiresAt <= at) return inviteMessages.expired;
  return undefined;
}

/**
 * Signups by invitation, for the users service: checking one first (a clear reason when it cannot
 * be used) and using it up in the transaction that creates the account.
 */
export function inviteClaims(store: Store, clock: Clock = Date.now) {
  return {
    /** Why the invitation cannot be used now, or undefined when it can. */
    async problem(token: string): Promise<string | undefined> {
      return problemOf(await store.invites.findByTokenHash(hashInviteToken(token)), isoAt(clock));
    },

    /** Throws FORBIDDEN, with the reason, when the invitation cannot be used now. */
    async check(token: string): Promise<void> {
      const problem = await this.problem(token);
      if (problem) throw new AppError('FORBIDDEN', problem);
    },

    /**
     * Uses the invitation up for `userId` inside `tx`; throws FORBIDDEN (rolling the account back)
     * when it cannot be, as when another signup used it a moment before.
     */
    async use(tx: StoreTransaction, token: string, userId: string): Promise<void> {
      const hash = hashInviteToken(token);
      const at = isoAt(clock);
      if (await tx.invites.use(hash, userId, at)) return;
      throw new AppError(
        'FORBIDDEN',
        problemOf(await tx.invites.findByTokenHash(hash), at) ?? inviteMessages.used,
      );
    },
  };
}

export type InviteClaims = ReturnType<typeof inviteClaims>;

/** An invitation as an admin sees it: never its token. */
export type Invite = InviteRecord;

export interface InvitesOptions {
  /** PUBLIC_URL: the links' origin; unset, the origin of the request making one. */
  publicUrl?: string;
  clock?: Clock;
}

/** Invitations to sign up while signup is off: made, listed and revoked by admins. */
export function invitesService(store: Store, options: InvitesOptions = {}) {
  const clock = options.clock ?? Date.now;
  return {
    /**
     * Makes an invitation valid for {@link inviteDays} days and returns its link (the only place
     * its token ever appears): `{PUBLIC_URL or origin}/signup?invite={token}`.
     */
    async create(createdBy: string, origin: string): Promise<{ url: string; invite: Invite }> {
      const token = crypto.randomBytes(32).toString('base64url');
      const createdAt = clock();
      const invite: Invite = {
        id: crypto.randomUUID(),
        createdBy,
        createdAt: new Date(createdAt).toISOString(),
        expiresAt: new Date(createdAt + inviteDays * 86_400_000).toISOString(),
        usedAt: null,
        usedBy: null,
      };
      await store.invites.insert(invite, hashInviteToken(token));
      const base = options.publicUrl ?? origin;
      return { url: `${base}/signup?invite=${token}`, invite };
    },

    /** Invitations not used yet and not expired, newest first. */
    pending: (): Promise<Invite[]> => store.invites.pending(isoAt(clock)),

    /** Revokes an invitation; NOT_FOUND when there is none with that id. */
    async revoke(id: string): Promise<void> {
      if (!(await store.invites.delete(id))) {
        throw new AppError('NOT_FOUND', `Invitation ${id} not found`);
      }
    },
  };
}

export type InvitesService = ReturnType<typeof invitesService>;
