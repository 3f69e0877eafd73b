import {
  startRegistration,
  type PublicKeyCredentialCreationOptionsJSON,
} from '@simplewebauthn/browser';
import { restJson } from '../../../lib/rest';

/** Two-factor sign-in as GET /api/auth/totp says. */
export interface TwoFactorStatus {
  enabled: boolean;
  recoveryCodesLeft: number;
}

/** A new secret to confirm, as POST /api/auth/totp/setup answers it (shown this once). */
export interface TwoFactorSetup {
  secret: string;
  otpauthUrl: string;
  /** The otpauth URL as a QR code: an SVG data: URL. */
  qrCode: string;
}

/** A passkey as the API lists it. */
export interface Passkey {
  _id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

export const twoFactorStatus = () => restJson<TwoFactorStatus>('/auth/totp');
export const startTwoFactorSetup = () => restJson<TwoFactorSetup>('/auth/totp/setup', { body: {} });
export const enableTwoFactor = (code: string) =>
  restJson<{ recoveryCodes: string[] }>('/auth/totp/enable', { body: { code } });
export const disableTwoFactor = (password: string) =>
  restJson<unknown>('/auth/totp/disable', { body: { password } });

export const listPasskeys = () => restJson<{ passkeys: Passkey[] }>('/auth/passkeys');

/** Asks the browser for a new passkey for this account and keeps it under `name`. */
export async function addPasskey(name: string): Promise<Passkey> {
  const options = await restJson<PublicKeyCredentialCreationOptionsJSON>(
    '/auth/passkeys/registration/options',
    { body: {} },
  );
  const response = await startRegistration({ optionsJSON: options });
  const { passkey } = await restJson<{ passkey: Passkey }>('/auth/passkeys/registration/verify', {
    body: { name: name.trim() || undefined, response },
  });
  return passkey;
}

export const renamePasskey = (id: string, name: string) =>
  restJson<{ passkey: Passkey }>(`/auth/passkeys/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: { name },
  });
export const removePasskey = (id: string) =>
  restJson<{ passkeys: Passkey[] }>(`/auth/passkeys/${encodeURIComponent(id)}`, {
    method: 'DELETE',
  });

/** The recovery codes as a text file's content, for Download. */
export function recoveryCodesText(codes: readonly string[], email: string): string {
  return [
    `Jotter recovery codes for ${email}`,
    'Each code signs you in once, in place of a two-factor code. Keep them somewhere safe.',
    '',
    ...codes,
    '',
  ].join('\n');
}
