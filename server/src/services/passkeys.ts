import crypto from 'node:crypto';

import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticatorTransportFuture,
} from '@simplewebauthn/server';
import { z } from 'zod';

import { AppError, fromZodIssues, hasNul, nulMessage } from '../errors';
import type { ChallengePurpose, PasskeyRecord, Store } from '../store';
import { now } from './clock';

/** Where the browser shows Jotter: the WebAuthn relying party's id (a host name) and origin. */
export interface RelyingParty {
  rpID: string;
  origin: string;
}

/** A passkey as the API shows it: never its key. */
export interface PublicPasskey {
  _id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

const challengeTtlMs = 5 * 60_000;

const passkeyName = z
  .string('must be text')
  .trim()
  .min(1, 'is required')
  .max(100, 'must be at most 100 characters')
  .refine((s) => !hasNul(s), nulMessage);

/** A WebAuthn response as @simplewebauthn/browser sends it; the library checks the rest. */
const credentialJson = z.looseObject({
  id: z.string().min(1).max(1024),
  rawId: z.string().min(1).max(1024),
  type: z.literal('public-key'),
  response: z.looseObject({ clientDataJSON: z.string().min(1).max(16_384) }),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
});

const registrationBody = z.object({
  name: passkeyName.optional(),
  response: credentialJson.extend({
    response: z.looseObject({
      clientDataJSON: z.string().min(1).max(16_384),
      attestationObject: z.string().min(1).max(65_536),
    }),
  }),
});

const authenticationBody = z.object({
  response: credentialJson.extend({
    response: z.looseObject({
      clientDataJSON: z.string().min(1).max(16_384),
      authenticatorData: z.string().min(1).max(16_384),
      signature: z.string().min(1).max(16_384),
    }),
  }),
});

const renameBody = z.object({ name: passkeyName });

export const presentPasskey = (p: PasskeyRecord): PublicPasskey => ({
  _id: p.id,
  name: p.name,
  createdAt: p.createdAt,
  lastUsedAt: p.lastUsedAt,
});

function parse<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw fromZodIssues(parsed.error.issues);
  return parsed.data;
}

const notFound = (id: string) => new AppError('NOT_FOUND', `Passkey ${id} not found`);

/** Passkeys (WebAuthn, discoverable credentials): adding, naming and removing, and signing in. */
export function passkeysService(store: Store) {
  async function issueChallenge(
    challenge: string,
    purpose: ChallengePurpose,
    userId: string | null,
  ) {
    const at = Date.now();
    await store.passkeys.saveChallenge(
      challenge,
      purpose,
      userId,
      new Date(at + challengeTtlMs).toISOString(),
      new Date(at).toISOString(),
    );
  }

  /** Uses up the challenge the response signed; false when it was not issued, used or expired. */
  const takeChallenge = (purpose: ChallengePurpose, userId: string | null) => (challenge: string) =>
    store.passkeys.takeChallenge(challenge, purpose, userId, new Date().toISOString());

  return {
    async list(userId: string): Promise<PublicPasskey[]> {
      return (await store.passkeys.list(userId)).map(presentPasskey);
    },

    /** The options for the browser to create a passkey for the user (a one-use challenge). */
    async registrationOptions(userId: string, rp: RelyingParty) {
      const user = await store.users.findById(userId);
      if (!user) throw new AppError('NOT_FOUND', 'No such account');
      const existing = await store.passkeys.list(userId);
      const options = await generateRegistrationOptions({
        rpName: 'Jotter',
        rpID: rp.rpID,
        userName: user.email,
        userDisplayName: `${user.firstName} ${user.lastName}`,
        userID: new TextEncoder().encode(user.id),
        attestationType: 'none',
        excludeCredentials: existing.map((p) => ({
          id: p.credentialId,
          transports: p.transports as AuthenticatorTransportFuture[],
        })),
        authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
      });
      await issueChallenge(options.challenge, 'register', userId);
      return options;
    },

    /** Checks the browser's new credential against a challenge issued to the user, and keeps it. */
    async register(userId: string, input: unknown, rp: RelyingParty): Promise<PublicPasskey> {
      const { name, response } = parse(registrationBody, input);
      let verification;
      try {
        verification = await verifyRegistrationResponse({
          response: response,
          expectedChallenge: takeChallenge('register', userId),
          expectedOrigin: rp.origin,
          expectedRPID: rp.rpID,
          requireUserVerification: false,
        });
      } catch (error) {
        throw new AppError(
          'BAD_USER_INPUT',
          `response: the passkey could not be verified (${(error as Error).message}). Try adding it again.`,
          'response',
        );
      }
      if (!verification.verified) {
        throw new AppError('BAD_USER_INPUT', 'response: the passkey could not be verified.');
      }
      const { credential } = verification.registrationInfo;
      if (await store.passkeys.findByCredentialId(credential.id)) {
        throw new AppError('CONFLICT', 'This passkey is already added.');
      }
      const existing = await store.passkeys.list(userId);
      const record: PasskeyRecord = {
        id: crypto.randomUUID(),
        userId,
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey).toString('base64url'),
        counter: credential.counter,
        transports: credential.transports ?? [],
        name: name ?? `Passkey ${existing.length + 1}`,
        createdAt: now(),
        lastUsedAt: null,
      };
      await store.passkeys.insert(record);
      return presentPasskey(record);
    },

    async rename(userId: string, id: string, input: unknown): Promise<PublicPasskey> {
      const { name } = parse(renameBody, input);
      if (hasNul(id) || !(await store.passkeys.rename(userId, id, name))) throw notFound(id);
      const renamed = (await store.passkeys.list(userId)).find((p) => p.id === id);
      if (!renamed) throw notFound(id);
      return presentPasskey(renamed);
    },

    async remove(userId: string, id: string): Promise<void> {
      if (hasNul(id) || !(await store.passkeys.delete(userId, id))) throw notFound(id);
    },

    /** The options for the browser to sign in with any passkey of this site (discoverable). */
    async authenticationOptions(rp: RelyingParty) {
      const options = await generateAuthenticationOptions({
        rpID: rp.rpID,
        userVerification: 'preferred',
      });
      await issueChallenge(options.challenge, 'authenticate', null);
      return options;
    },

    /**
     * Checks a sign-in with a passkey; the id of the user it belongs to. UNAUTHENTICATED when it
     * is not one of this server's passkeys or its signature, challenge or origin is wrong.
     */
    async authenticate(input: unknown, rp: RelyingParty): Promise<string> {
      const { response } = parse(authenticationBody, input);
      const passkey = await store.passkeys.findByCredentialId(response.id);
      if (!passkey) {
        throw new AppError(
          'UNAUTHENTICATED',
          'This passkey is not known here. Sign in another way.',
        );
      }
      let verification;
      try {
        verification = await verifyAuthenticationResponse({
          response: response,
          expectedChallenge: takeChallenge('authenticate', null),
          expectedOrigin: rp.origin,
          expectedRPID: rp.rpID,
          credential: {
            id: passkey.credentialId,
            publicKey: Buffer.from(passkey.publicKey, 'base64url'),
            counter: passkey.counter,
            transports: passkey.transports as AuthenticatorTransportFuture[],
          },
          requireUserVerification: false,
        });
      } catch {
        verification = undefined;
      }
      if (!verification?.verified) {
        throw new AppError(
          'UNAUTHENTICATED',
          'The passkey sign-in could not be verified. Try again.',
        );
      }
      await store.passkeys.markUsed(passkey.id, verification.authenticationInfo.newCounter, now());
      return passkey.userId;
    },
  };
}

export type PasskeysService = ReturnType<typeof passkeysService>;
