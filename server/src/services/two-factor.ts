import crypto from 'node:crypto';

import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { z } from 'zod';

import { AppError, TwoFactorRequiredError, fromZodIssues, hasNul } from '../errors';
import type { Store } from '../store';
import { now, type Clock } from './clock';
import { passwordMatches } from './users';

/** RFC 6238 as the contract says: SHA-1, 6 digits, 30 seconds. */
const period = 30;
const recoveryCodeCount = 10;
/** Lower-case base32 without look-alikes' trouble: 5 bits a character, 10 characters a code. */
const recoveryAlphabet = 'abcdefghijklmnopqrstuvwxyz234567';

const totpFor = (secret: string, label: string) =>
  new TOTP({
    issuer: 'Jotter',
    label,
    algorithm: 'SHA1',
    digits: 6,
    period,
    secret: Secret.fromBase32(secret),
  });

const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('hex');

/** A code as typed: without spaces and dashes, lower-cased. */
const normalize = (code: string) => code.replace(/[\s-]+/g, '').toLowerCase();

/** `xxxxx-xxxxx`, 50 random bits. */
function recoveryCode(): string {
  const bytes = crypto.randomBytes(10);
  const chars = [...bytes].map((b) => recoveryAlphabet[b % 32]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

const codeBody = z.object({
  code: z
    .string('must be the 6-digit code your authenticator app shows')
    .trim()
    .regex(/^\d{3}\s?\d{3}$/, 'must be the 6-digit code your authenticator app shows'),
});

const passwordBody = z.object({
  password: z.string('must be your password').min(1, 'must be your password'),
});

export interface TwoFactorOptions {
  clock?: Clock;
}

/** Two-factor sign-in with TOTP: setup, confirmation with recovery codes, the login check. */
export function twoFactorService(store: Store, options: TwoFactorOptions = {}) {
  const clock = options.clock ?? Date.now;

  /** The time step the code matches (±1 step), or null. */
  function matchingStep(secret: string, code: string): number | null {
    const timestamp = clock();
    const delta = totpFor(secret, '').validate({ token: code, timestamp, window: 1 });
    return delta === null ? null : Math.floor(timestamp / 1000 / period) + delta;
  }

  async function user(userId: string) {
    const found = await store.users.findById(userId);
    if (!found) throw new AppError('NOT_FOUND', 'No such account');
    return found;
  }

  return {
    /** Whether the user has two-factor on, and how many recovery codes are left. */
    async status(userId: string): Promise<{ enabled: boolean; recoveryCodesLeft: number }> {
      const totp = await store.twoFactor.find(userId);
      const enabled = Boolean(totp?.enabledAt);
      return {
        enabled,
        recoveryCodesLeft: enabled ? await store.twoFactor.recoveryCodesLeft(userId) : 0,
      };
    },

    /**
     * A new pending secret (replacing a pending one), its otpauth:// URL and that as a QR code
     * (an SVG data: URL): shown
     * this once, until a code confirms it. CONFLICT when two-factor is already on.
     */
    async setup(userId: string) {
      const { email } = await user(userId);
      const secret = new Secret({ size: 20 }).base32;
      if (!(await store.twoFactor.setPending(userId, secret, now()))) {
        throw new AppError(
          'CONFLICT',
          'Two-factor sign-in is already on. Turn it off first to set it up again.',
        );
      }
      const otpauthUrl = totpFor(secret, email).toString();
      const svg = await QRCode.toString(otpauthUrl, { type: 'svg', margin: 1 });
      const qrCode = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
      return { secret, otpauthUrl, qrCode };
    },

    /** Turns two-factor on with a code of the pending secret; the recovery codes, shown once. */
    async enable(userId: string, input: unknown): Promise<{ recoveryCodes: string[] }> {
      const parsed = codeBody.safeParse(input);
      if (!parsed.success) throw fromZodIssues(parsed.error.issues);
      const totp = await store.twoFactor.find(userId);
      if (totp?.enabledAt) throw new AppError('CONFLICT', 'Two-factor sign-in is already on.');
      if (!totp) {
        throw new AppError('BAD_USER_INPUT', 'Set up two-factor sign-in first (no secret yet).');
      }
      const step = matchingStep(totp.secret, parsed.data.code.replace(/\s/g, ''));
      if (step === null) {
        throw new AppError(
          'BAD_USER_INPUT',
          "code: that code doesn't match. Check the device's clock and type the current code.",
          'code',
        );
      }
      const recoveryCodes = Array.from({ length: recoveryCodeCount }, recoveryCode);
      const hashes = recoveryCodes.map((c) => sha256(normalize(c)));
      if (!(await store.twoFactor.enable(userId, totp.secret, step, hashes, now()))) {
        throw new AppError('CONFLICT', 'Two-factor setup changed meanwhile; set it up again.');
      }
      return { recoveryCodes };
    },

    /** Whether the user signs in with a second factor. */
    async isOn(userId: string): Promise<boolean> {
      return Boolean((await store.twoFactor.find(userId))?.enabledAt);
    },

    /** Turns two-factor off, after checking the password. */
    async disable(userId: string, input: unknown): Promise<void> {
      const parsed = passwordBody.safeParse(input);
      if (!parsed.success) throw fromZodIssues(parsed.error.issues);
      const found = await user(userId);
      if (!(await passwordMatches(found.passwordHash, parsed.data.password))) {
        // 400, not 401: the caller's token is fine, only the password is not.
        throw new AppError(
          'BAD_USER_INPUT',
          'password: that password is wrong; two-factor sign-in stays on.',
          'password',
        );
      }
      await store.twoFactor.disable(userId);
    },

    /**
     * The second factor of a password sign-in: passes when the user has two-factor off, or
     * `code` is a current code not used before, or an unused recovery code (used up now).
     * Otherwise TwoFactorRequiredError: "Two-factor code required" without a code.
     */
    async check(userId: string, code: string | undefined): Promise<void> {
      const totp = await store.twoFactor.find(userId);
      if (!totp?.enabledAt) return;
      if (code === undefined || code.trim() === '') throw new TwoFactorRequiredError();
      const typed = normalize(code);
      if (hasNul(typed) || typed.length > 64) throw new TwoFactorRequiredError(true);
      if (/^\d{6}$/.test(typed)) {
        const step = matchingStep(totp.secret, typed);
        if (step !== null && (await store.twoFactor.useStep(userId, step))) return;
      } else if (await store.twoFactor.useRecoveryCode(userId, sha256(typed), now())) {
        return;
      }
      throw new TwoFactorRequiredError(true);
    },
  };
}

export type TwoFactorService = ReturnType<typeof twoFactorService>;
