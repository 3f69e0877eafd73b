import {
  browserSupportsWebAuthn,
  startAuthentication,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { restJson } from '../../../lib/rest';
import type { StoredUser } from '../../../lib/storage';

/** Whether this browser can use passkeys at all (the button is hidden otherwise). */
export const passkeysSupported = (): boolean => browserSupportsWebAuthn();

interface LoginAnswer {
  encodedToken: string;
  foundUser: StoredUser & { _id: string };
}

/**
 * Signs in with a passkey of this site (the browser asks which): the token and the user, as a
 * login answers them.
 */
export async function signInWithPasskey(): Promise<{ token: string; user: StoredUser }> {
  const options = await restJson<PublicKeyCredentialRequestOptionsJSON>(
    '/auth/passkeys/authentication/options',
    { body: {}, signedIn: false },
  );
  const response = await startAuthentication({ optionsJSON: options });
  const answer = await restJson<LoginAnswer>('/auth/passkeys/authentication/verify', {
    body: { response },
    signedIn: false,
  });
  const { _id, firstName, lastName, email, createdAt, updatedAt } = answer.foundUser;
  return {
    token: answer.encodedToken,
    user: { id: _id, firstName, lastName, email, createdAt, updatedAt },
  };
}
