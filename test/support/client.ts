/** A small HTTP client for tests that talk to a real server (or an in-process one on a port). */
export interface Answer {
  status: number;
  // A parsed JSON answer of any shape: tests read into it freely.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

/** One JSON request; network failures become status 0 so callers can count them. */
export async function call(
  base: string,
  method: string,
  route: string,
  options: { token?: string; body?: unknown; timeoutMs?: number } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  try {
    const res = await fetch(`${base}${route}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
    });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: keep the text
    }
    return { status: res.status, body };
  } catch (error) {
    return { status: 0, body: String(error) };
  }
}

/** A GraphQL operation over HTTP. */
export function gql(
  base: string,
  query: string,
  variables: Record<string, unknown>,
  token?: string,
): Promise<Answer> {
  return call(base, 'POST', '/graphql', { token, body: { query, variables } });
}

/** Signs up a user through REST and returns the token and id. */
export async function signupOver(
  base: string,
  email: string,
): Promise<{ token: string; id: string }> {
  const res = await call(base, 'POST', '/api/auth/signup', {
    body: {
      firstName: 'Rel',
      lastName: 'Iable',
      email,
      password: 'reliable password',
      confirmPassword: 'reliable password',
    },
  });
  if (res.status !== 201)
    throw new Error(`signup failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { token: res.body.encodedToken, id: res.body.createdUser._id };
}
