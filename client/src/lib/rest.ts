import { readToken } from './storage';

/** A REST call that failed: the server's first message (or a plain one when it sent none). */
export class RestError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'RestError';
  }
}

/**
 * Calls the REST API at /api`path` with JSON, signed in with the stored token when there is one;
 * resolves with the answer's JSON, rejects with a RestError carrying the server's message.
 */
export async function restJson<T>(
  path: string,
  init: { method?: string; body?: unknown; signedIn?: boolean } = {},
): Promise<T> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (init.signedIn !== false) headers.authorization = readToken();
  let res: Response;
  try {
    res = await fetch(`/api${path}`, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  } catch {
    throw new RestError('The server could not be reached. Nothing was changed.', 0);
  }
  const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (!res.ok) {
    const errors = body.errors;
    const message =
      Array.isArray(errors) && typeof errors[0] === 'string'
        ? errors[0]
        : `The request failed (HTTP ${res.status}).`;
    throw new RestError(message, res.status, body);
  }
  return body as T;
}
