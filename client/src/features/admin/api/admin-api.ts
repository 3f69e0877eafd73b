import { emitSessionExpired } from '../../../lib/session-events';
import { readToken } from '../../../lib/storage';

/** An account as GET /api/admin/users lists it. */
export interface AdminUser {
  _id: string;
  firstName: string;
  lastName: string;
  email: string;
  createdAt: string;
  lastSignInAt: string | null;
  notes: number;
  /** Bytes. */
  storage: number;
  disabled: boolean;
  admin: boolean;
}

/** A pending invitation (never its token: only the link made with it holds that). */
export interface AdminInvite {
  _id: string;
  createdAt: string;
  expiresAt: string;
}

/** The instance's figures. */
export interface AdminStats {
  users: number;
  notes: number;
  /** Bytes. */
  databaseSize: number;
  version: string;
}

/** A refused admin request: the HTTP status and the server's message. */
export class AdminApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'AdminApiError';
  }
}

/** The server's message from an `{errors: [...]}` answer, or a plain one. */
async function messageOf(res: Response): Promise<string> {
  try {
    const body = (await res.json()) as { errors?: unknown };
    if (Array.isArray(body.errors) && typeof body.errors[0] === 'string') return body.errors[0];
  } catch {
    // Not JSON: a proxy's page, say.
  }
  return `The server answered ${res.status}`;
}

/** One request to the admin API; a refusal throws {@link AdminApiError}, 401 signs out too. */
async function call<T>(method: string, path: string): Promise<T> {
  let res: Response;
  try {
    res = await fetch(`/api${path}`, {
      method,
      headers: { authorization: readToken(), 'cache-control': 'no-store' },
    });
  } catch {
    throw new AdminApiError(0, 'The server could not be reached');
  }
  if (!res.ok) {
    const error = new AdminApiError(res.status, await messageOf(res));
    if (res.status === 401) emitSessionExpired();
    throw error;
  }
  return (await res.json()) as T;
}

/** The admin routes of the REST API. */
export const adminApi = {
  users: () => call<{ users: AdminUser[] }>('GET', '/admin/users').then((b) => b.users),
  stats: () => call<AdminStats>('GET', '/admin/stats'),
  invites: () => call<{ invites: AdminInvite[] }>('GET', '/admin/invites').then((b) => b.invites),
  disable: (id: string) =>
    call<{ user: AdminUser }>('POST', `/admin/users/${encodeURIComponent(id)}/disable`).then(
      (b) => b.user,
    ),
  enable: (id: string) =>
    call<{ user: AdminUser }>('POST', `/admin/users/${encodeURIComponent(id)}/enable`).then(
      (b) => b.user,
    ),
  remove: (id: string) => call<unknown>('DELETE', `/admin/users/${encodeURIComponent(id)}`),
  createInvite: () => call<{ url: string; invite: AdminInvite }>('POST', '/admin/invites'),
  revokeInvite: (id: string) => call<unknown>('DELETE', `/admin/invites/${encodeURIComponent(id)}`),
  /** Whether anyone may sign up here (ALLOW_SIGNUP): invitations matter only when not. */
  signupOpen: () => call<{ open: boolean }>('GET', '/auth/signup').then((b) => b.open),
};
