import {
  providerLogin,
  startTestProvider,
  type TestProvider,
} from '../../../test/support/oidc-provider';
import { oidcStateSealer } from '../auth/oidc-state';
import { loadConfig, type Config } from '../config';
import { messages, passwordLoginOffMessage } from '../errors';
import { createTestApp, type TestApp } from '../test-support/app';

/** Single sign-on against a real OpenID Connect provider (oidc-provider), driven over HTTP. */

const publicUrl = 'http://jotter.test';
const callbackUrl = `${publicUrl}/api/auth/oidc/callback`;
const jwtSecret = 'test-secret-that-is-long-enough-for-hs256-0123456789';

let provider: TestProvider;
beforeAll(async () => {
  provider = await startTestProvider([callbackUrl]);
});
afterAll(() => provider.stop());

const ssoApp = (overrides: Partial<Config> = {}, signup = true) =>
  createTestApp({
    publicUrl,
    jwtSecret,
    oidc: {
      issuer: provider.issuer,
      clientId: provider.clientId,
      clientSecret: provider.clientSecret,
      label: 'Test SSO',
      signup,
    },
    ...overrides,
  });

/** The `jotter_oidc=…` pair of a Set-Cookie answer. */
function stateCookieOf(setCookie: string[] | string | undefined): string {
  const found = [setCookie ?? []].flat().find((c) => c.startsWith('jotter_oidc='));
  if (!found) throw new Error('no jotter_oidc cookie');
  return found.split(';')[0]!;
}

interface Attempt {
  status: number;
  location: string;
}

/** One whole single sign-on as `subject`: start, the provider's pages, the callback. */
async function signInAs(
  t: TestApp,
  subject: string,
  tamper: { callback?: (url: URL) => void; cookie?: (cookie: string) => string } = {},
): Promise<Attempt> {
  const start = await t.http.get('/api/auth/oidc/start');
  expect(start.status).toBe(302);
  const cookie = stateCookieOf(start.headers['set-cookie']);
  const back = await providerLogin(publicUrl, start.headers.location!, subject);
  tamper.callback?.(back);
  const callback = await t.http
    .get(back.pathname + back.search)
    .set('cookie', tamper.cookie ? tamper.cookie(cookie) : cookie);
  return { status: callback.status, location: callback.headers.location ?? '' };
}

/** The token a successful sign-in hands the client in the fragment of /login/sso. */
function tokenOf(attempt: Attempt): string {
  expect(attempt.status).toBe(302);
  const match = /^\/login\/sso#token=(.+)$/.exec(attempt.location);
  if (!match) throw new Error(`not signed in: ${attempt.location}`);
  return decodeURIComponent(match[1]!);
}

const refusedWith = (attempt: Attempt, code: string) => {
  expect(attempt.status).toBe(302);
  expect(attempt.location).toBe(`/login?sso_error=${code}`);
};

describe('single sign-on', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await ssoApp();
  });
  afterAll(() => t.close());

  it('offers the button on GET /api/auth/options, with no secret', async () => {
    const res = await t.http.get('/api/auth/options');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      passwordLogin: true,
      oidc: { label: 'Test SSO', startUrl: '/api/auth/oidc/start' },
      signupOpen: true,
    });
    expect(JSON.stringify(res.body)).not.toContain(provider.clientSecret);
  });

  it('starts the code flow with PKCE (S256), state and nonce, keeping them in a scoped cookie', async () => {
    const res = await t.http.get('/api/auth/oidc/start');
    expect(res.status).toBe(302);
    const to = new URL(res.headers.location!);
    expect(to.origin).toBe(provider.issuer);
    expect(Object.fromEntries(to.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: provider.clientId,
      redirect_uri: callbackUrl,
      scope: 'openid email profile',
      code_challenge_method: 'S256',
      code_challenge: expect.stringMatching(/^[\w-]{43}$/),
      state: expect.any(String),
      nonce: expect.any(String),
    });
    const setCookie = [res.headers['set-cookie'] ?? []].flat().join('\n');
    expect(setCookie).toMatch(
      /jotter_oidc=[^;]+; Max-Age=600; Path=\/api\/auth\/oidc; Expires=[^;]+; HttpOnly; SameSite=Lax/,
    );
    // An http PUBLIC_URL: not Secure. Nothing readable in it.
    expect(setCookie).not.toContain('Secure');
    expect(setCookie).not.toContain(to.searchParams.get('state')!);
  });

  it('creates an account on the first sign-in, whose token works on the API', async () => {
    await provider.setAccount('first', {
      email: 'grace@sso.test',
      email_verified: true,
      given_name: 'Grace',
      family_name: 'Hopper',
    });
    const token = tokenOf(await signInAs(t, 'first'));
    const notes = await t.http.get('/api/notes').set('authorization', token);
    expect(notes.status).toBe(200);
    const me = await t.http.get('/api/user').set('authorization', token);
    expect(me.body.user).toMatchObject({
      email: 'grace@sso.test',
      firstName: 'Grace',
      lastName: 'Hopper',
    });
  });

  it('finds the account by subject on the next sign-in, even after the email changed', async () => {
    await provider.setAccount('second', {
      email: 'old@sso.test',
      email_verified: true,
      name: 'Alan Mathison Turing',
    });
    const first = tokenOf(await signInAs(t, 'second'));
    const id = (await t.http.get('/api/user').set('authorization', first)).body.user._id;
    await provider.setAccount('second', { email: 'new@sso.test', email_verified: true });
    const again = tokenOf(await signInAs(t, 'second'));
    const me = (await t.http.get('/api/user').set('authorization', again)).body.user;
    expect(me).toMatchObject({
      _id: id,
      email: 'old@sso.test',
      firstName: 'Alan',
      lastName: 'Mathison Turing',
    });
    expect((await t.behind.users()).filter((u) => u.email === 'new@sso.test')).toHaveLength(0);
  });

  it('joins an existing password account when the provider says the email is verified', async () => {
    const { id, email } = await t.signup({ email: 'joined@example.com' });
    await provider.setAccount('joiner', { email: 'Joined@Example.com', email_verified: true });
    const token = tokenOf(await signInAs(t, 'joiner'));
    expect((await t.http.get('/api/user').set('authorization', token)).body.user._id).toBe(id);
    // The password still signs in too.
    const login = await t.http
      .post('/api/auth/login')
      .send({ email, password: 'correct horse battery' });
    expect(login.status).toBe(200);
  });

  it('never joins an account through an unverified email: refused, nothing created or linked', async () => {
    const { email } = await t.signup({ email: 'victim@example.com' });
    const before = (await t.behind.users()).length;
    await provider.setAccount('attacker', { email, email_verified: false });
    refusedWith(await signInAs(t, 'attacker'), 'unverified_email');
    expect(await t.store.identities.userOf(provider.issuer, 'attacker')).toBeUndefined();
    expect((await t.behind.users()).length).toBe(before);
    // Nor when the claim is missing or only looks true.
    await provider.setAccount('attacker', { email });
    refusedWith(await signInAs(t, 'attacker'), 'unverified_email');
  });

  it('refuses a tampered state, signing nobody in', async () => {
    await provider.setAccount('tampered', { email: 'tampered@sso.test', email_verified: true });
    const before = (await t.behind.users()).length;
    refusedWith(
      await signInAs(t, 'tampered', { callback: (url) => url.searchParams.set('state', 'forged') }),
      'state',
    );
    // A changed cookie cannot be opened: refused the same way.
    refusedWith(await signInAs(t, 'tampered', { cookie: (c) => `${c.slice(0, -4)}AAAA` }), 'state');
    // No cookie at all (another browser, or the 10 minutes passed).
    refusedWith(await signInAs(t, 'tampered', { cookie: () => 'other=1' }), 'state');
    expect((await t.behind.users()).length).toBe(before);
  });

  it('refuses an ID token whose nonce is not the one sent', async () => {
    await provider.setAccount('nonce', { email: 'nonce@sso.test', email_verified: true });
    const sealer = oidcStateSealer(jwtSecret);
    const attempt = await signInAs(t, 'nonce', {
      cookie: (c) => {
        const saved = sealer.open(c.slice('jotter_oidc='.length))!;
        expect(saved.nonce).toEqual(expect.any(String));
        return `jotter_oidc=${sealer.seal({ ...saved, nonce: 'another-nonce-than-the-one-sent' })}`;
      },
    });
    refusedWith(attempt, 'failed');
    expect((await t.behind.users()).map((u) => u.email)).not.toContain('nonce@sso.test');
  });

  it('refuses a cookie sealed with another secret (another server)', async () => {
    const other = oidcStateSealer('another-secret-that-is-long-enough-for-hs256-xyz');
    const attempt = await signInAs(t, 'first', {
      cookie: (c) => {
        const saved = oidcStateSealer(jwtSecret).open(c.slice('jotter_oidc='.length))!;
        return `jotter_oidc=${other.seal(saved)}`;
      },
    });
    refusedWith(attempt, 'state');
  });

  it('answers a password login for an account made by single sign-on as invalid credentials', async () => {
    const res = await t.http
      .post('/api/auth/login')
      .send({ email: 'grace@sso.test', password: '!single-sign-on' });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ errors: [messages.invalidCredentials] });
  });

  it('deletes the identities with the account', async () => {
    await provider.setAccount('leaver', { email: 'leaver@sso.test', email_verified: true });
    const token = tokenOf(await signInAs(t, 'leaver'));
    const id = (await t.http.get('/api/user').set('authorization', token)).body.user._id;
    expect(await t.store.identities.userOf(provider.issuer, 'leaver')).toBe(id);
    await t.services.users.remove(id);
    expect(await t.store.identities.userOf(provider.issuer, 'leaver')).toBeUndefined();
  });
});

describe('a provider that sends the email only at its UserInfo endpoint (as Authelia does)', () => {
  let userInfoOnly: TestProvider;
  let t: TestApp;
  beforeAll(async () => {
    userInfoOnly = await startTestProvider([callbackUrl], { userInfoOnly: true });
    t = await createTestApp({
      publicUrl,
      oidc: {
        issuer: userInfoOnly.issuer,
        clientId: userInfoOnly.clientId,
        clientSecret: userInfoOnly.clientSecret,
        label: 'Test SSO',
        signup: true,
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await userInfoOnly.stop();
  });

  it('reads the email, its verification and the names there', async () => {
    const { id } = await t.signup({ email: 'userinfo@example.com' });
    await userInfoOnly.setAccount('ui', {
      email: 'userinfo@example.com',
      email_verified: true,
      name: 'Ida Info',
    });
    const start = await t.http.get('/api/auth/oidc/start');
    const back = await providerLogin(publicUrl, start.headers.location!, 'ui');
    const res = await t.http
      .get(back.pathname + back.search)
      .set('cookie', stateCookieOf(start.headers['set-cookie']));
    const token = tokenOf({ status: res.status, location: res.headers.location ?? '' });
    expect((await t.http.get('/api/user').set('authorization', token)).body.user._id).toBe(id);

    await userInfoOnly.setAccount('ui-unverified', { email: 'userinfo@example.com' });
    const again = await t.http.get('/api/auth/oidc/start');
    const back2 = await providerLogin(publicUrl, again.headers.location!, 'ui-unverified');
    const refused = await t.http
      .get(back2.pathname + back2.search)
      .set('cookie', stateCookieOf(again.headers['set-cookie']));
    refusedWith(
      { status: refused.status, location: refused.headers.location ?? '' },
      'unverified_email',
    );
  });
});

describe('OIDC_SIGNUP off', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await ssoApp({}, false);
  });
  afterAll(() => t.close());

  it('refuses a sign-in with no account to find or join, creating nobody', async () => {
    await provider.setAccount('stranger', { email: 'stranger@sso.test', email_verified: true });
    refusedWith(await signInAs(t, 'stranger'), 'signup_off');
    expect(await t.behind.users()).toHaveLength(0);
  });

  it('still joins an existing account by its verified email', async () => {
    const { id } = await t.signup({ email: 'member@example.com' });
    await provider.setAccount('member', { email: 'member@example.com', email_verified: true });
    const token = tokenOf(await signInAs(t, 'member'));
    expect((await t.http.get('/api/user').set('authorization', token)).body.user._id).toBe(id);
  });
});

describe('PASSWORD_LOGIN=off', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await ssoApp({ passwordLogin: false });
  });
  afterAll(() => t.close());

  it('says so on GET /api/auth/options', async () => {
    expect((await t.http.get('/api/auth/options')).body).toEqual({
      passwordLogin: false,
      oidc: { label: 'Test SSO', startUrl: '/api/auth/oidc/start' },
      signupOpen: false,
    });
  });

  it('refuses password login and signup with 403 on REST and FORBIDDEN on GraphQL', async () => {
    const login = await t.http
      .post('/api/auth/login')
      .send({ email: 'someone@example.com', password: 'correct horse battery' });
    expect(login.status).toBe(403);
    expect(login.body).toEqual({ errors: [passwordLoginOffMessage] });
    const signup = await t.http.post('/api/auth/signup').send({
      firstName: 'A',
      lastName: 'B',
      email: 'new@example.com',
      password: 'correct horse battery',
    });
    expect(signup.status).toBe(403);
    expect(signup.body).toEqual({ errors: [passwordLoginOffMessage] });
    const gql = await t.graphql(
      'mutation { login(email: "someone@example.com", password: "correct horse battery") { token } }',
    );
    expect(gql.errors?.[0]).toMatchObject({
      message: passwordLoginOffMessage,
      extensions: { code: 'FORBIDDEN' },
    });
    expect(await t.behind.users()).toHaveLength(0);
  });

  it('leaves single sign-on working', async () => {
    await provider.setAccount('only-sso', { email: 'only@sso.test', email_verified: true });
    const token = tokenOf(await signInAs(t, 'only-sso'));
    expect((await t.http.get('/api/notes').set('authorization', token)).status).toBe(200);
  });
});

describe('a provider that cannot be reached', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      publicUrl,
      oidc: {
        issuer: 'http://127.0.0.1:1',
        clientId: 'x',
        clientSecret: undefined,
        label: 'Gone',
        signup: true,
      },
    });
  });
  afterAll(() => t.close());

  it('sends the browser back to /login saying so, and tries again on the next start', async () => {
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const res = await t.http.get('/api/auth/oidc/start');
      expect(res.status).toBe(302);
      expect(res.headers.location).toBe('/login?sso_error=unavailable');
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });
});

describe('single sign-on not configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers 404 with errors on its routes, and offers no button', async () => {
    for (const path of ['/api/auth/oidc/start', '/api/auth/oidc/callback?code=x&state=y']) {
      const res = await t.http.get(path);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ errors: ['Single sign-on is not configured on this server'] });
    }
    expect((await t.http.get('/api/auth/options')).body).toEqual({
      passwordLogin: true,
      oidc: null,
      signupOpen: true,
    });
  });
});

describe('the OIDC_* and PASSWORD_LOGIN settings', () => {
  it('reads them, with single sign-on off and password login on by default', () => {
    expect(loadConfig({})).toMatchObject({ oidc: undefined, passwordLogin: true });
    expect(
      loadConfig({
        OIDC_ISSUER: 'https://auth.example.org/realms/home',
        OIDC_CLIENT_ID: 'jotter',
        OIDC_CLIENT_SECRET: 's3cret',
        PASSWORD_LOGIN: 'off',
      }),
    ).toMatchObject({
      oidc: {
        issuer: 'https://auth.example.org/realms/home',
        clientId: 'jotter',
        clientSecret: 's3cret',
        label: 'single sign-on',
        signup: true,
      },
      passwordLogin: false,
    });
    expect(
      loadConfig({
        OIDC_ISSUER: 'http://localhost:9000',
        OIDC_CLIENT_ID: 'j',
        OIDC_LABEL: 'Authelia',
        OIDC_SIGNUP: 'off',
      }).oidc,
    ).toMatchObject({ label: 'Authelia', signup: false, clientSecret: undefined });
  });

  it('refuses what cannot work, saying which setting', () => {
    expect(() => loadConfig({ OIDC_ISSUER: 'https://auth.example.org' })).toThrow(
      'OIDC_ISSUER is set without OIDC_CLIENT_ID',
    );
    expect(() => loadConfig({ OIDC_CLIENT_ID: 'jotter' })).toThrow(
      'OIDC_CLIENT_ID is set without OIDC_ISSUER',
    );
    expect(() =>
      loadConfig({ OIDC_ISSUER: 'http://auth.example.org', OIDC_CLIENT_ID: 'jotter' }),
    ).toThrow('OIDC_ISSUER must be https (http only on localhost)');
    expect(() => loadConfig({ OIDC_ISSUER: 'not a url', OIDC_CLIENT_ID: 'jotter' })).toThrow(
      'OIDC_ISSUER',
    );
    expect(() => loadConfig({ PASSWORD_LOGIN: 'maybe' })).toThrow('PASSWORD_LOGIN');
  });
});
