import { Secret, TOTP } from 'otpauth';

import { createTestApp, type TestApp } from '../../server/src/test-support/app';
import { capturedLog, recordSecrets } from '../support/log-capture';
import { report } from '../support/report';

/**
 * Two-factor and passkey routes, table-driven: each with no token (401, or what a public route
 * answers) and with a login token (its normal answer). The TOTP secret and the recovery codes are
 * recorded as secrets, so the suite's last file finds them in no log line; none of them is in any
 * answer after the one that first showed it.
 */
let t: TestApp;
let token: string;
let secret: string;
let recoveryCodes: string[];
const password = 'correct horse battery';

beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'http://localhost:4000' }, capturedLog('two-factor'));
  const user = await t.signup();
  token = user.token;
  recordSecrets(token);
  const setup = await t.http.post('/api/auth/totp/setup').set('authorization', token).send({});
  secret = setup.body.secret as string;
  const code = new TOTP({ secret: Secret.fromBase32(secret) }).generate();
  const enabled = await t.http
    .post('/api/auth/totp/enable')
    .set('authorization', token)
    .send({ code });
  recoveryCodes = enabled.body.recoveryCodes as string[];
  recordSecrets(secret, ...recoveryCodes, ...recoveryCodes.map((c) => c.replace('-', '')));
});
afterAll(() => t.close());

interface Row {
  method: 'get' | 'post' | 'patch' | 'delete';
  path: string;
  body?: Record<string, unknown>;
  /** The status without a token, and with the user's login token. */
  none: number;
  login: number;
}

const rows: Row[] = [
  { method: 'get', path: '/api/auth/totp', none: 401, login: 200 },
  { method: 'post', path: '/api/auth/totp/setup', body: {}, none: 401, login: 422 },
  {
    method: 'post',
    path: '/api/auth/totp/enable',
    body: { code: '000000' },
    none: 401,
    login: 422,
  },
  {
    method: 'post',
    path: '/api/auth/totp/disable',
    body: { password: 'wrong one' },
    none: 401,
    login: 400,
  },
  { method: 'get', path: '/api/auth/passkeys', none: 401, login: 200 },
  {
    method: 'post',
    path: '/api/auth/passkeys/registration/options',
    body: {},
    none: 401,
    login: 200,
  },
  {
    method: 'post',
    path: '/api/auth/passkeys/registration/verify',
    body: {},
    none: 401,
    login: 400,
  },
  {
    method: 'patch',
    path: '/api/auth/passkeys/no-such-id',
    body: { name: 'x' },
    none: 401,
    login: 404,
  },
  { method: 'delete', path: '/api/auth/passkeys/no-such-id', none: 401, login: 404 },
  {
    method: 'post',
    path: '/api/auth/passkeys/authentication/options',
    body: {},
    none: 200,
    login: 200,
  },
  {
    method: 'post',
    path: '/api/auth/passkeys/authentication/verify',
    body: {},
    none: 400,
    login: 400,
  },
];

it('every two-factor and passkey route: no token, a login token', async () => {
  const wrong: string[] = [];
  const answers: string[] = [];
  for (const row of rows) {
    for (const [who, expected] of [
      ['none', row.none],
      ['login', row.login],
    ] as const) {
      let req = t.http[row.method](row.path);
      if (who === 'login') req = req.set('authorization', token);
      const res = await (row.body ? req.send(row.body) : req);
      answers.push(res.text);
      if (res.status !== expected) wrong.push(`${row.method} ${row.path} (${who}): ${res.status}`);
      if (res.status >= 400 && !res.body.errors?.[0]) wrong.push(`${row.path}: no errors`);
    }
  }
  // Signing in: without the code, with a wrong one, with a recovery code.
  const email = (await t.http.get('/api/user').set('authorization', token)).body.user
    .email as string;
  for (const code of [undefined, '123456', recoveryCodes[0]]) {
    const res = await t.http.post('/api/auth/login').send({ email, password, code });
    answers.push(res.text);
    if (res.body.encodedToken) recordSecrets(res.body.encodedToken as string);
  }
  answers.push(JSON.stringify(await t.graphql('{ me { id email } }', {}, token)));
  const leaked = answers.filter(
    (a) => a.includes(secret) || recoveryCodes.some((c) => a.includes(c)),
  );
  expect(wrong).toEqual([]);
  expect(leaked).toEqual([]);
  answers.length = 0;
  report(
    'two-factor',
    `${rows.length} routes × (no token, login token) as expected; the TOTP secret and ${recoveryCodes.length} recovery codes in none of ${answers.length} answers`,
  );
});

it('an API token gets 403 on every route that needs a signed-in person', async () => {
  // API tokens come with their own branch (b-tokens); here a login token is made to look like
  // one, as the caller service would see it.
  const real = t.services.users.session;
  const spy = jest.spyOn(t.services.users, 'session').mockImplementation(async (header) => ({
    ...(await real(header)),
    credential: { kind: 'apiToken', tokenId: 'token-id', scope: 'write' },
  }));
  try {
    const wrong: string[] = [];
    for (const row of rows.filter((r) => r.none === 401)) {
      const req = t.http[row.method](row.path).set('authorization', token);
      const res = await (row.body ? req.send(row.body) : req);
      if (res.status !== 403) wrong.push(`${row.method} ${row.path}: ${res.status}`);
    }
    expect(wrong).toEqual([]);
    report('two-factor', 'an API token: 403 on every route that manages two-factor or passkeys');
  } finally {
    spy.mockRestore();
  }
});
