import { spawn } from 'node:child_process';
import path from 'node:path';

const script = path.resolve(__dirname, 'oidc-test-provider.mjs');

/** The claims the test provider gives one account (see oidc-test-provider.mjs). */
export interface TestAccountClaims {
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
  name?: string;
}

export interface TestProvider {
  /** The issuer URL, http://127.0.0.1:<port>. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Sets the claims the account `subject` signs in with from now on. */
  setAccount(subject: string, claims: TestAccountClaims): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Starts a real OpenID Connect provider (oidc-provider, in its own process) whose client
 * `jotter-test` may return to `redirectUris`, and waits until it listens. `userInfoOnly`: the
 * account's claims only at the UserInfo endpoint, none in the ID token (as Authelia does).
 */
export async function startTestProvider(
  redirectUris: string[],
  { userInfoOnly = false }: { userInfoOnly?: boolean } = {},
): Promise<TestProvider> {
  const child = spawn(process.execPath, [script], {
    env: {
      ...process.env,
      OIDC_TEST_REDIRECT_URIS: redirectUris.join(','),
      OIDC_TEST_USERINFO_ONLY: userInfoOnly ? '1' : '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const issuer = await new Promise<string>((resolve, reject) => {
    let line = '';
    child.stdout.on('data', (chunk: Buffer) => {
      line += chunk.toString();
      const match = /\{"issuer":"([^"]+)"\}/.exec(line);
      if (match) resolve(match[1]!);
    });
    child.once('exit', (code) =>
      reject(new Error(`the test provider exited (${code}) before listening:\n${output}`)),
    );
  });
  return {
    issuer,
    clientId: 'jotter-test',
    clientSecret: 'jotter-test-secret',
    async setAccount(subject, claims) {
      const res = await fetch(`${issuer}/test/accounts/${encodeURIComponent(subject)}`, {
        method: 'POST',
        body: JSON.stringify(claims),
      });
      if (res.status !== 204) throw new Error(`setAccount: ${res.status}`);
    },
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * Follows the test provider's pages over plain HTTP as a browser would (its cookies kept, its login
 * form submitted as `subject`), from `authorizationUrl` until it sends the browser to an address
 * starting with `backTo` (Jotter's); returns that address, with the code and state.
 */
export async function providerLogin(
  backTo: string,
  authorizationUrl: string,
  subject: string,
): Promise<URL> {
  const jar = new Map<string, string>();
  let url = authorizationUrl;
  let init: RequestInit = {};
  for (let step = 0; step < 12; step += 1) {
    const res = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: {
        ...(init.headers as object),
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
      },
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const at = pair!.indexOf('=');
      jar.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    init = {};
    const location = res.headers.get('location');
    if (location) {
      const next = new URL(location, url);
      if (next.href.startsWith(backTo)) return next;
      url = next.href;
      continue;
    }
    const page = await res.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(page)?.[1];
    if (res.status !== 200 || !action || !page.includes('name="login"')) {
      throw new Error(`unexpected provider page ${res.status}: ${page.slice(0, 300)}`);
    }
    url = new URL(action, url).href;
    init = {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ prompt: 'login', login: subject, password: 'any' }).toString(),
    };
  }
  throw new Error('the provider never sent the browser back');
}
