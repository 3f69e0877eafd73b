import { Secret, TOTP } from 'otpauth';

import { createTestApp, type TestApp } from '../test-support/app';

/** The app's clock: each test moves it on by whole 30-second steps. */
let at = Date.UTC(2026, 0, 1, 12, 0, 0);
const lines: string[] = [];
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp(
    {},
    { clock: () => at, logLevel: 'trace', log: { write: (line: string) => lines.push(line) } },
  );
});
afterAll(() => t.close());

const password = 'correct horse battery';
const codeAt = (secret: string, time = at) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: time,
  });
const nextStep = () => {
  at += 30_000;
};

/** A fresh account with two-factor on: its email, token, secret and recovery codes. */
async function withTwoFactor() {
  const { token, email } = await t.signup();
  const auth = { Authorization: `Bearer ${token}` };
  const setup = await t.http.post('/api/auth/totp/setup').set(auth).send({});
  const secret = setup.body.secret as string;
  const enabled = await t.http
    .post('/api/auth/totp/enable')
    .set(auth)
    .send({ code: codeAt(secret) });
  expect(enabled.status).toBe(200);
  nextStep();
  return { email, token, auth, secret, recoveryCodes: enabled.body.recoveryCodes as string[] };
}

describe('setup, enable, disable', () => {
  it('setup answers a base32 secret of at least 128 bits and an otpauth URL for Jotter', async () => {
    const { token, email } = await t.signup();
    const res = await t.http
      .post('/api/auth/totp/setup')
      .set('Authorization', `Bearer ${token}`)
      .send({});
    expect(res.status).toBe(200);
    expect(res.body.secret).toMatch(/^[A-Z2-7]+=*$/);
    expect(Secret.fromBase32(res.body.secret as string).bytes.length * 8).toBeGreaterThanOrEqual(
      128,
    );
    const url = new URL(res.body.otpauthUrl as string);
    expect(url.protocol).toBe('otpauth:');
    expect(url.searchParams.get('secret')).toBe(res.body.secret);
    expect(url.searchParams.get('issuer')).toBe('Jotter');
    expect(url.searchParams.get('algorithm')).toBe('SHA1');
    expect(url.searchParams.get('digits')).toBe('6');
    expect(url.searchParams.get('period')).toBe('30');
    expect(decodeURIComponent(url.pathname)).toContain(email);
    expect(res.body.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
  });

  it('a second setup replaces the pending secret: only its codes enable', async () => {
    const { token } = await t.signup();
    const auth = { Authorization: `Bearer ${token}` };
    const first = await t.http.post('/api/auth/totp/setup').set(auth).send({});
    const second = await t.http.post('/api/auth/totp/setup').set(auth).send({});
    expect(second.body.secret).not.toBe(first.body.secret);
    const stale = await t.http
      .post('/api/auth/totp/enable')
      .set(auth)
      .send({ code: codeAt(first.body.secret as string) });
    expect(stale.status).toBe(400);
    expect(stale.body.errors[0]).toMatch(/^code: that code doesn't match/);
    const ok = await t.http
      .post('/api/auth/totp/enable')
      .set(auth)
      .send({ code: codeAt(second.body.secret as string) });
    expect(ok.status).toBe(200);
  });

  it('enable answers 10 distinct recovery codes of at least 40 bits, stored hashed', async () => {
    const { recoveryCodes, secret, email } = await withTwoFactor();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    const stored = JSON.stringify(await t.behind.secondFactorRows('user_recovery_codes'));
    for (const code of recoveryCodes) {
      expect(stored).not.toContain(code);
      expect(stored).not.toContain(code.replace('-', ''));
    }
    const status = await t.http
      .get('/api/auth/totp')
      .set('Authorization', `Bearer ${(await login(email)).body.encodedToken ?? ''}`);
    expect(status.status).toBe(401);
    const signedIn = await login(email, { code: codeAt(secret) });
    const shown = await t.http
      .get('/api/auth/totp')
      .set('Authorization', `Bearer ${signedIn.body.encodedToken as string}`);
    expect(shown.body).toEqual({ enabled: true, recoveryCodesLeft: 10 });
  });

  it('enable refuses a wrong code (400), a missing code (400), and setup once on (422)', async () => {
    const { token } = await t.signup();
    const auth = { Authorization: `Bearer ${token}` };
    const noSetup = await t.http.post('/api/auth/totp/enable').set(auth).send({ code: '123456' });
    expect(noSetup.status).toBe(400);
    expect(noSetup.body.errors[0]).toMatch(/Set up two-factor sign-in first/);
    const { secret } = (await t.http.post('/api/auth/totp/setup').set(auth).send({})).body as {
      secret: string;
    };
    const wrong = String((Number(codeAt(secret)) + 1) % 1_000_000).padStart(6, '0');
    const bad = await t.http.post('/api/auth/totp/enable').set(auth).send({ code: wrong });
    expect(bad.status).toBe(400);
    const missing = await t.http.post('/api/auth/totp/enable').set(auth).send({});
    expect(missing.status).toBe(400);
    expect(missing.body.errors[0]).toMatch(/^code:/);
    const letters = await t.http.post('/api/auth/totp/enable').set(auth).send({ code: 'abcdef' });
    expect(letters.status).toBe(400);
    await t.http
      .post('/api/auth/totp/enable')
      .set(auth)
      .send({ code: codeAt(secret) });
    const again = await t.http.post('/api/auth/totp/setup').set(auth).send({});
    expect(again.status).toBe(422);
    expect(again.body.errors[0]).toMatch(/already on/);
  });

  it('disable asks for the password: wrong → 400 and still on; right → off', async () => {
    const { email, auth } = await withTwoFactor();
    const wrong = await t.http
      .post('/api/auth/totp/disable')
      .set(auth)
      .send({ password: 'not it at all' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors[0]).toMatch(/^password: that password is wrong/);
    expect((await login(email)).status).toBe(401);
    const missing = await t.http.post('/api/auth/totp/disable').set(auth).send({});
    expect(missing.status).toBe(400);
    const ok = await t.http.post('/api/auth/totp/disable').set(auth).send({ password });
    expect(ok.status).toBe(200);
    expect((await login(email)).status).toBe(200);
    expect(await t.behind.secondFactorRows('user_recovery_codes')).not.toContainEqual(
      expect.objectContaining({ user_id: (await t.http.get('/api/user').set(auth)).body.user._id }),
    );
  });

  it('needs a sign-in: 401 without a token', async () => {
    for (const path of ['setup', 'enable', 'disable']) {
      expect((await t.http.post(`/api/auth/totp/${path}`).send({})).status).toBe(401);
    }
    expect((await t.http.get('/api/auth/totp')).status).toBe(401);
  });
});

const login = (email: string, extra: Record<string, unknown> = {}) =>
  t.http.post('/api/auth/login').send({ email, password, ...extra });

describe('login with two-factor on', () => {
  it('without a code: 401 with "Two-factor code required" and twoFactorRequired', async () => {
    const { email } = await withTwoFactor();
    const res = await login(email);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ errors: ['Two-factor code required'], twoFactorRequired: true });
    expect(res.body.encodedToken).toBeUndefined();
  });

  it('the wrong password is still the wrong password, code or not', async () => {
    const { email, secret } = await withTwoFactor();
    const res = await t.http
      .post('/api/auth/login')
      .send({ email, password: 'wrong password', code: codeAt(secret) });
    expect(res.status).toBe(401);
    expect(res.body.twoFactorRequired).toBeUndefined();
  });

  it('with the current code (spaces tolerated): 200 as usual; the same code again: 401', async () => {
    const { email, secret } = await withTwoFactor();
    const code = codeAt(secret);
    const ok = await login(email, { code: `${code.slice(0, 3)} ${code.slice(3)}` });
    expect(ok.status).toBe(200);
    expect(ok.body.encodedToken).toEqual(expect.any(String));
    expect(ok.body.foundUser.email).toBe(email);
    const reused = await login(email, { code });
    expect(reused.status).toBe(401);
    expect(reused.body.errors[0]).toMatch(/wrong or was already used/);
    expect(reused.body.twoFactorRequired).toBe(true);
  });

  it('takes the previous and next step (window ±1), not two steps away', async () => {
    const { email, secret } = await withTwoFactor();
    nextStep(); // past the step whose code turned two-factor on
    expect((await login(email, { code: codeAt(secret, at - 30_000) })).status).toBe(200);
    expect((await login(email, { code: codeAt(secret, at + 30_000) })).status).toBe(200);
    nextStep();
    nextStep();
    nextStep();
    expect((await login(email, { code: codeAt(secret, at + 60_000) })).status).toBe(401);
    expect((await login(email, { code: codeAt(secret, at - 60_000) })).status).toBe(401);
  });

  it('an older step than the last used one is refused (a code works once, in order)', async () => {
    const { email, secret } = await withTwoFactor();
    expect((await login(email, { code: codeAt(secret, at + 30_000) })).status).toBe(200);
    expect((await login(email, { code: codeAt(secret) })).status).toBe(401);
  });

  it('a recovery code signs in once, with dashes, spaces or capitals', async () => {
    const { email, recoveryCodes, auth } = await withTwoFactor();
    const [first, second] = recoveryCodes as [string, string];
    expect((await login(email, { code: first })).status).toBe(200);
    expect((await login(email, { code: first })).status).toBe(401);
    const typed = ` ${second.toUpperCase().replace('-', ' ')} `;
    expect((await login(email, { code: typed })).status).toBe(200);
    expect((await t.http.get('/api/auth/totp').set(auth)).body.recoveryCodesLeft).toBe(8);
    expect((await login(email, { code: 'aaaaa-aaaaa' })).status).toBe(401);
  });

  it('an odd code is a 401 or a 400, never a 500', async () => {
    const { email } = await withTwoFactor();
    expect((await login(email, { code: 'x\u0000y' })).status).toBe(401);
    expect((await login(email, { code: 'x'.repeat(65) })).status).toBe(400);
    expect((await login(email, { code: 123456 })).status).toBe(400);
  });

  it('failed codes count toward the sign-in rate limit; a missing one does not', async () => {
    const limited = await createTestApp({ authRateLimit: 3 });
    try {
      const { token, email } = await limited.signup();
      const auth = { Authorization: `Bearer ${token}` };
      const { secret } = (await limited.http.post('/api/auth/totp/setup').set(auth).send({}))
        .body as { secret: string };
      const now = Date.now();
      await limited.http
        .post('/api/auth/totp/enable')
        .set(auth)
        .send({ code: codeAt(secret, now) });
      const attempt = (extra: Record<string, unknown>) =>
        limited.http.post('/api/auth/login').send({ email, password, ...extra });
      for (let i = 0; i < 4; i += 1) expect((await attempt({})).status).toBe(401);
      for (let i = 0; i < 3; i += 1) {
        expect((await attempt({ code: 'wrong-code' })).status).toBe(401);
      }
      const blocked = await attempt({ code: codeAt(secret, now + 30_000) });
      expect(blocked.status).toBe(429);
      expect(blocked.body.errors[0]).toMatch(/Too many failed attempts/);
    } finally {
      await limited.close();
    }
  });
});

describe('GraphQL login', () => {
  const mutation = `mutation ($email: String!, $password: String!, $code: String) {
    login(email: $email, password: $password, code: $code) { token user { email } }
  }`;

  it('UNAUTHENTICATED with extensions.twoFactorRequired, then signs in with the code', async () => {
    const { email, secret } = await withTwoFactor();
    const without = await t.graphql(mutation, { email, password });
    expect(without.data).toBeNull();
    expect(without.errors?.[0]).toMatchObject({
      message: 'Two-factor code required',
      extensions: { code: 'UNAUTHENTICATED', twoFactorRequired: true },
    });
    const wrong = await t.graphql(mutation, { email, password, code: '000000' });
    expect(wrong.errors?.[0]?.extensions).toMatchObject({
      code: 'UNAUTHENTICATED',
      twoFactorRequired: true,
    });
    const ok = await t.graphql<{ login: { token: string; user: { email: string } } }>(mutation, {
      email,
      password,
      code: codeAt(secret),
    });
    expect(ok.errors).toBeUndefined();
    expect(ok.data?.login.user.email).toBe(email);
  });
});

describe('the secret after setup', () => {
  it('is in no answer (GET /api/user, GraphQL me, the status) and in no log line', async () => {
    const { secret, recoveryCodes, email } = await withTwoFactor();
    const { encodedToken } = (await login(email, { code: codeAt(secret) })).body as {
      encodedToken: string;
    };
    const auth = { Authorization: `Bearer ${encodedToken}` };
    const answers = [
      (await t.http.get('/api/user').set(auth)).text,
      (await t.http.get('/api/auth/totp').set(auth)).text,
      JSON.stringify(await t.graphql('{ me { id email firstName lastName } }', {}, encodedToken)),
    ];
    expect(answers[0]).toContain(email);
    expect(answers[2]).toContain(email);
    for (const answer of answers) {
      expect(answer).not.toContain(secret);
      for (const code of recoveryCodes) expect(answer).not.toContain(code);
    }
    expect(lines.length).toBeGreaterThan(0);
    const log = lines.join('\n');
    expect(log).not.toContain(secret);
    for (const code of recoveryCodes) expect(log).not.toContain(code);
  });

  it('goes with the account', async () => {
    const { auth, email } = await withTwoFactor();
    const id = (await t.http.get('/api/user').set(auth)).body.user._id as string;
    await t.services.users.remove(id);
    const left = [
      ...(await t.behind.secondFactorRows('user_totp')),
      ...(await t.behind.secondFactorRows('user_recovery_codes')),
    ];
    expect(left).not.toContainEqual(expect.objectContaining({ user_id: id }));
    expect((await login(email)).status).toBe(404);
  });
});

describe('deleting the account with a code', () => {
  it('takes a current code instead of the password; a wrong or used code is 400 and deletes nothing', async () => {
    const { email, auth, secret } = await withTwoFactor();
    const used = codeAt(secret, at - 30_000); // the step that turned two-factor on
    const refused = await t.http.delete('/api/user').set(auth).send({ code: used });
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0]).toBe('code: that code is wrong or was already used');
    const wrong = await t.http.delete('/api/user').set(auth).send({ code: '12345' });
    expect(wrong.status).toBe(400);
    expect((await t.http.get('/api/notes').set(auth)).status).toBe(200);

    const res = await t.http
      .delete('/api/user')
      .set(auth)
      .send({ code: codeAt(secret) });
    expect(res.status).toBe(200);
    expect((await t.http.get('/api/notes').set(auth)).status).toBe(401);
    expect((await t.http.post('/api/auth/login').send({ email, password })).status).toBe(404);
  });

  it('takes an unused recovery code', async () => {
    const { auth, recoveryCodes } = await withTwoFactor();
    const res = await t.http.delete('/api/user').set(auth).send({ code: recoveryCodes[0] });
    expect(res.status).toBe(200);
    expect((await t.http.get('/api/notes').set(auth)).status).toBe(401);
  });

  it('asks for the password when two-factor is off, and for one of the two when neither is sent', async () => {
    const { token } = await t.signup();
    const auth = { Authorization: `Bearer ${token}` };
    const off = await t.http.delete('/api/user').set(auth).send({ code: '123456' });
    expect(off.status).toBe(400);
    expect(off.body.errors[0]).toMatch(/^code: two-factor sign-in is off/);
    const neither = await t.http.delete('/api/user').set(auth).send({});
    expect(neither.status).toBe(400);
    expect(neither.body.errors[0]).toMatch(/^password: is required/);
    expect((await t.http.get('/api/notes').set(auth)).status).toBe(200);
  });
});
