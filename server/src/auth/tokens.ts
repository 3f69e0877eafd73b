import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

import jwt from 'jsonwebtoken';

import { invalidToken } from '../errors';

/**
 * What a Jotter token says: whose it is, which token version it was issued under, and its
 * session (`sid`; tokens issued before sessions existed have none).
 */
interface TokenClaims {
  sub: string;
  email: string;
  ver: number;
  sid?: string;
}

/** The claims of a token that passed every check, with when it expires (seconds since 1970). */
export interface VerifiedClaims extends TokenClaims {
  exp?: number;
}

export interface TokenService {
  issue(claims: TokenClaims): string;
  /** Checks signature, algorithm and expiry; throws UNAUTHENTICATED otherwise. */
  verify(token: string): VerifiedClaims;
  /**
   * A signature of `text` for one `purpose`, with the tokens' key (HMAC-SHA256, base64url): a
   * value signed for one purpose proves nothing for another, and none of them is a token.
   */
  mac(purpose: string, text: string): string;
}

/** How many tokens {@link createTokenService} remembers as verified. */
const verifiedTokenCount = 1000;

/** HS256 tokens with an expiry; only HS256 is accepted back. */
export function createTokenService(secret: string, ttl: string): TokenService {
  const expiresIn = (/^\d+$/.test(ttl) ? Number(ttl) : ttl) as jwt.SignOptions['expiresIn'];
  // A key object made once: given a string, jsonwebtoken first tries (and fails) to parse it as a
  // PEM public key on every call, which was the largest single cost of an authenticated request.
  const key = crypto.createSecretKey(Buffer.from(secret, 'utf8'));
  // The tokens whose signature and claims were checked, by their exact text, with their claims:
  // a client sends the same token with every request, and its signature, algorithm and claims
  // cannot change. What can is checked on every use: its validity in time (exp, nbf) here, its
  // user and token version (a logout) by the caller. The least recently used goes first.
  const verified = new Map<string, { claims: VerifiedClaims; nbf: number | undefined }>();
  const current = (nbf: number | undefined, exp: number | undefined) => {
    // As jsonwebtoken counts: whole seconds, expired at `exp`, valid from `nbf`.
    const now = Math.floor(Date.now() / 1000);
    return (exp === undefined || now < exp) && (nbf === undefined || nbf <= now);
  };
  return {
    issue: (claims) => jwt.sign(claims, key, { algorithm: 'HS256', expiresIn }),
    mac: (purpose, text) =>
      crypto.createHmac('sha256', key).update(`${purpose}\u0000${text}`).digest('base64url'),
    verify: (token) => {
      const known = verified.get(token);
      if (known) {
        verified.delete(token);
        if (!current(known.nbf, known.claims.exp)) throw invalidToken();
        verified.set(token, known);
        return known.claims;
      }
      let payload: string | jwt.JwtPayload;
      try {
        payload = jwt.verify(token, key, { algorithms: ['HS256'] });
      } catch {
        throw invalidToken();
      }
      if (
        typeof payload !== 'object' ||
        typeof payload.sub !== 'string' ||
        typeof payload.email !== 'string' ||
        typeof payload.ver !== 'number'
      ) {
        throw invalidToken();
      }
      if (payload.sid !== undefined && typeof payload.sid !== 'string') throw invalidToken();
      const base: TokenClaims = { sub: payload.sub, email: payload.email, ver: payload.ver };
      if (typeof payload.sid === 'string') base.sid = payload.sid;
      const claims = typeof payload.exp === 'number' ? { ...base, exp: payload.exp } : base;
      if (verified.size >= verifiedTokenCount) verified.delete(verified.keys().next().value!);
      verified.set(token, { claims: Object.freeze(claims), nbf: payload.nbf });
      return claims;
    },
  };
}

/**
 * The signing secret: JWT_SECRET when set, else one generated on first start and kept in the
 * data folder (mode 0600), so a restart keeps everyone signed in.
 */
export function resolveJwtSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'jwt-secret');
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = crypto.randomBytes(48).toString('base64url');
  fs.writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  fs.chmodSync(file, 0o600);
  return secret;
}

/**
 * The token from an `authorization` header in any of the forms clients send:
 * raw, JSON-quoted, or `Bearer …`.
 */
export function tokenFromHeader(header: string | undefined): string | undefined {
  if (!header) return undefined;
  let value = header.trim();
  if (/^bearer\s+/i.test(value)) value = value.replace(/^bearer\s+/i, '').trim();
  if (value.length >= 2 && value.startsWith('"') && value.endsWith('"'))
    value = value.slice(1, -1).trim();
  return value || undefined;
}
