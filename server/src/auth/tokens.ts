import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

import jwt from 'jsonwebtoken';

import { invalidToken } from '../errors';

/** What a Jotter token says: whose it is and which token version it was issued under. */
interface TokenClaims {
  sub: string;
  email: string;
  ver: number;
}

/** The claims of a token that passed every check, with when it expires (seconds since 1970). */
export interface VerifiedClaims extends TokenClaims {
  exp?: number;
}

export interface TokenService {
  issue(claims: TokenClaims): string;
  /** Checks signature, algorithm and expiry; throws UNAUTHENTICATED otherwise. */
  verify(token: string): VerifiedClaims;
}

/** HS256 tokens with an expiry; only HS256 is accepted back. */
export function createTokenService(secret: string, ttl: string): TokenService {
  const expiresIn = (/^\d+$/.test(ttl) ? Number(ttl) : ttl) as jwt.SignOptions['expiresIn'];
  // A key object made once: given a string, jsonwebtoken first tries (and fails) to parse it as a
  // PEM public key on every call, which was the largest single cost of an authenticated request.
  const key = crypto.createSecretKey(Buffer.from(secret, 'utf8'));
  return {
    issue: (claims) => jwt.sign(claims, key, { algorithm: 'HS256', expiresIn }),
    verify: (token) => {
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
      const claims = { sub: payload.sub, email: payload.email, ver: payload.ver };
      return typeof payload.exp === 'number' ? { ...claims, exp: payload.exp } : claims;
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
