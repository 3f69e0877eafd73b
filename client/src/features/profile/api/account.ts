import { emitSessionExpired } from '../../../lib/session-events';
import { readToken } from '../../../lib/storage';

/** A sign-in as GET /api/auth/sessions lists it. */
export interface SessionItem {
  _id: string;
  createdAt: string;
  lastUsedAt: string;
  userAgent: string | null;
  current: boolean;
}

/** An API token as GET /api/tokens lists it (never the token itself). */
export interface ApiTokenItem {
  _id: string;
  name: string;
  scope: 'read' | 'write';
  createdAt: string;
  expiresAt: string | null;
  lastUsedAt: string | null;
}

/** A request to the account's REST routes that the server refused: its message, its status. */
export class AccountError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'AccountError';
  }
}

/**
 * Calls one of the account's REST routes with the stored token. Resolves with the JSON answer;
 * rejects with an {@link AccountError} carrying the server's message. A refused token (401) ends
 * the sign-in, as a refused GraphQL request does.
 */
export async function accountRequest<T>(method: string, path: string, body?: unknown): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      headers: {
        authorization: `Bearer ${readToken()}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new AccountError('The server could not be reached. Nothing was changed.', 0);
  }
  const text = await res.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON: a proxy's page, say.
  }
  if (res.ok) return parsed as T;
  if (res.status === 401) emitSessionExpired();
  const errors = (parsed as { errors?: unknown } | null)?.errors;
  const message =
    Array.isArray(errors) && typeof errors[0] === 'string'
      ? errors[0]
      : `The request failed (HTTP ${res.status}).`;
  throw new AccountError(message, res.status);
}

/**
 * The server's message for a form, without the field name it starts with ("newPassword: must
 * be…" reads "Must be…"; a wrong password reads "That is not your password.").
 */
export function withoutField(message: string): string {
  const bare = message.replace(/^[A-Za-z.]+: /, '');
  if (/^is not your/.test(bare)) return `That ${bare}.`;
  return bare.charAt(0).toUpperCase() + bare.slice(1);
}
