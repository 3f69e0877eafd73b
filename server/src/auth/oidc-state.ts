import crypto from 'node:crypto';

/**
 * What a single sign-on remembers between sending the browser to the provider and its return:
 * kept in the browser itself, in a cookie encrypted and authenticated (AES-256-GCM) with a key
 * derived from the JWT secret, so any server sharing that secret can finish a sign-in another
 * began, and nothing is stored. It lives 10 minutes.
 */
export interface OidcState {
  state: string;
  nonce: string;
  /** The PKCE code verifier. */
  verifier: string;
  /** The redirect URI the sign-in began with: the token request must name the same. */
  redirectUri: string;
}

/** How long a started sign-in may take, in seconds. */
export const oidcStateSeconds = 600;

const stateSchema = (value: unknown): value is OidcState & { exp: number } => {
  const v = value as Record<string, unknown> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    ['state', 'nonce', 'verifier', 'redirectUri'].every((k) => typeof v[k] === 'string') &&
    typeof v.exp === 'number'
  );
};

/** Seals and opens {@link OidcState}s with a key derived from `secret` (the JWT secret). */
export function oidcStateSealer(secret: string) {
  const key = Buffer.from(
    crypto.hkdfSync('sha256', Buffer.from(secret, 'utf8'), '', 'jotter single sign-on state', 32),
  );
  return {
    /** The state as a cookie value (base64url), valid for {@link oidcStateSeconds} from `now`. */
    seal(state: OidcState, now = Date.now()): string {
      const iv = crypto.randomBytes(12);
      const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
      const body = JSON.stringify({ ...state, exp: now + oidcStateSeconds * 1000 });
      const sealed = Buffer.concat([cipher.update(body, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
    },
    /** The state sealed in `value`; undefined when it was changed, made with another key or expired. */
    open(value: string, now = Date.now()): OidcState | undefined {
      try {
        const raw = Buffer.from(value, 'base64url');
        if (raw.length < 29) return undefined;
        const decipher = crypto.createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
        decipher.setAuthTag(raw.subarray(12, 28));
        const body = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]);
        const parsed: unknown = JSON.parse(body.toString('utf8'));
        if (!stateSchema(parsed) || parsed.exp <= now) return undefined;
        return {
          state: parsed.state,
          nonce: parsed.nonce,
          verifier: parsed.verifier,
          redirectUri: parsed.redirectUri,
        };
      } catch {
        return undefined;
      }
    },
  };
}

export type OidcStateSealer = ReturnType<typeof oidcStateSealer>;
