import jwt from 'jsonwebtoken';
import type { Test } from 'supertest';

import { createTestApp, type TestApp } from '../../server/src/test-support/app';
import { capturedLog, recordSecrets } from '../support/log-capture';
import { report } from '../support/report';

/**
 * Every route issue 42 and 41 added (sessions, logout, API tokens, password, email, deleting the
 * account, two-factor, passkeys, admin, push and reminder settings) and issue 40's attachments
 * (upload, file, thumbnail), with ordinary routes and
 * GraphQL as controls, each called with every kind of credential: the answer each must get. One
 * table: to cover a new route add a row; a new kind of caller adds a credential and an
 * expectation in every row.
 */
let t: TestApp;
const password = 'correct horse battery';

/** A fresh account for each cell, so that a route that ends something ends only its own. */
interface Account {
  id: string;
  email: string;
  /** The sign-in the credential is not: a session to end, a token to revoke. */
  otherSessionId: string;
  spareTokenId: string;
  /** For the admin routes: another account to act on, and a pending invitation. */
  victimId: string;
  inviteId: string;
  /** An attachment the account uploaded, for the routes that read one. */
  attachmentId: string;
  headers: Record<CredentialName, string | undefined>;
}

const credentialNames = [
  'none',
  'login',
  'readToken',
  'writeToken',
  'revokedToken',
  'expiredLogin',
  /** A login token whose session was ended from the sessions list. */
  'endedSession',
  /** A login token of an account in ADMIN_EMAILS. */
  'admin',
  /** A login token, and a write API token, of an account an admin then disabled. */
  'disabledLogin',
  'disabledToken',
] as const;
type CredentialName = (typeof credentialNames)[number];

/** What a cell expects: an HTTP status (REST), or GraphQL's `data` or its error code. */
type Outcome = number | 'data' | 'UNAUTHENTICATED' | 'FORBIDDEN';

interface Row {
  name: string;
  call: (a: Account) => Test;
  /** GraphQL rows read the outcome from the body, REST rows from the status. */
  graphql?: boolean;
  expect: Record<CredentialName, Outcome>;
}

/** What only a signed-in person may do: an API token gets 403, whatever its scope. */
const personOnly = (ok: number): Record<CredentialName, Outcome> => ({
  none: 401,
  login: ok,
  readToken: 403,
  writeToken: 403,
  revokedToken: 401,
  expiredLogin: 401,
  endedSession: 401,
  admin: ok,
  disabledLogin: 401,
  disabledToken: 401,
});

/** A read: any credential still valid may, API tokens of either scope too. */
const anyReader = (ok: number): Record<CredentialName, Outcome> => ({
  ...personOnly(ok),
  readToken: ok,
  writeToken: ok,
});

/** A write: a read token gets 403. */
const anyWriter = (ok: number): Record<CredentialName, Outcome> => ({
  ...anyReader(ok),
  readToken: 403,
});

/** An admin's: anyone else signed in gets 403, an API token too (even an admin's). */
const adminOnly = (ok: number): Record<CredentialName, Outcome> => ({
  ...personOnly(403),
  admin: ok,
});

/** GraphQL's answers: data for any valid credential that may, UNAUTHENTICATED for the rest. */
const graphqlOutcomes = (readToken: Outcome): Record<CredentialName, Outcome> => ({
  none: 'UNAUTHENTICATED',
  login: 'data',
  readToken,
  writeToken: 'data',
  revokedToken: 'UNAUTHENTICATED',
  expiredLogin: 'UNAUTHENTICATED',
  endedSession: 'UNAUTHENTICATED',
  admin: 'data',
  disabledLogin: 'UNAUTHENTICATED',
  disabledToken: 'UNAUTHENTICATED',
});

const rows: Row[] = [
  {
    name: 'GET /api/auth/sessions',
    call: () => t.http.get('/api/auth/sessions'),
    expect: personOnly(200),
  },
  {
    name: 'DELETE /api/auth/sessions/:id',
    call: (a) => t.http.delete(`/api/auth/sessions/${a.otherSessionId}`),
    expect: personOnly(200),
  },
  {
    name: 'POST /api/auth/logout',
    call: () => t.http.post('/api/auth/logout'),
    expect: personOnly(200),
  },
  { name: 'GET /api/tokens', call: () => t.http.get('/api/tokens'), expect: personOnly(200) },
  {
    name: 'POST /api/tokens',
    call: () => t.http.post('/api/tokens').send({ name: 'new', scope: 'write', expiresInDays: 30 }),
    expect: personOnly(201),
  },
  {
    name: 'DELETE /api/tokens/:id',
    call: (a) => t.http.delete(`/api/tokens/${a.spareTokenId}`),
    expect: personOnly(200),
  },
  {
    name: 'POST /api/user/password',
    call: () =>
      t.http
        .post('/api/user/password')
        .send({ currentPassword: password, newPassword: 'another long password' }),
    expect: personOnly(200),
  },
  {
    name: 'POST /api/user/email',
    call: (a) => t.http.post('/api/user/email').send({ email: `new-${a.email}`, password }),
    expect: personOnly(200),
  },
  {
    name: 'DELETE /api/user',
    call: () => t.http.delete('/api/user').send({ password }),
    expect: personOnly(200),
  },
  // Two-factor and passkeys: the person's own.
  { name: 'GET /api/auth/totp', call: () => t.http.get('/api/auth/totp'), expect: personOnly(200) },
  {
    name: 'POST /api/auth/totp/setup',
    call: () => t.http.post('/api/auth/totp/setup').send({}),
    expect: personOnly(200),
  },
  {
    name: 'POST /api/auth/totp/disable',
    call: () => t.http.post('/api/auth/totp/disable').send({ password }),
    expect: personOnly(200),
  },
  {
    name: 'GET /api/auth/passkeys',
    call: () => t.http.get('/api/auth/passkeys'),
    expect: personOnly(200),
  },
  {
    name: 'POST /api/auth/passkeys/registration/options',
    call: () => t.http.post('/api/auth/passkeys/registration/options').send({}),
    expect: personOnly(200),
  },
  // Push and reminder settings: reads for any token, writes for a write token.
  { name: 'GET /api/push/key', call: () => t.http.get('/api/push/key'), expect: anyReader(200) },
  {
    name: 'GET /api/push/subscriptions',
    call: () => t.http.get('/api/push/subscriptions'),
    expect: anyReader(200),
  },
  {
    name: 'POST /api/push/test',
    call: () => t.http.post('/api/push/test'),
    expect: anyWriter(200),
  },
  {
    name: 'GET /api/user/reminder-settings',
    call: () => t.http.get('/api/user/reminder-settings'),
    expect: anyReader(200),
  },
  {
    name: 'PUT /api/user/reminder-settings',
    call: () => t.http.put('/api/user/reminder-settings').send({ email: false }),
    expect: anyWriter(200),
  },
  // Admin: admins only, signed in.
  {
    name: 'GET /api/admin/users',
    call: () => t.http.get('/api/admin/users'),
    expect: adminOnly(200),
  },
  {
    name: 'POST /api/admin/users/:id/disable',
    call: (a) => t.http.post(`/api/admin/users/${a.victimId}/disable`),
    expect: adminOnly(200),
  },
  {
    name: 'POST /api/admin/users/:id/enable',
    call: (a) => t.http.post(`/api/admin/users/${a.victimId}/enable`),
    expect: adminOnly(200),
  },
  {
    name: 'DELETE /api/admin/users/:id',
    call: (a) => t.http.delete(`/api/admin/users/${a.victimId}`),
    expect: adminOnly(200),
  },
  {
    name: 'GET /api/admin/invites',
    call: () => t.http.get('/api/admin/invites'),
    expect: adminOnly(200),
  },
  {
    name: 'POST /api/admin/invites',
    call: () => t.http.post('/api/admin/invites'),
    expect: adminOnly(201),
  },
  {
    name: 'DELETE /api/admin/invites/:id',
    call: (a) => t.http.delete(`/api/admin/invites/${a.inviteId}`),
    expect: adminOnly(200),
  },
  {
    name: 'GET /api/admin/stats',
    call: () => t.http.get('/api/admin/stats'),
    expect: adminOnly(200),
  },
  // Attachments: any valid credential reads its own, a write token uploads.
  {
    name: 'POST /api/attachments',
    call: () =>
      t.http.post('/api/attachments').set('content-type', 'image/png').send(attachmentPng),
    expect: anyWriter(201),
  },
  {
    name: 'GET /api/attachments/:id',
    call: (a) => t.http.get(`/api/attachments/${a.attachmentId}`),
    expect: anyReader(200),
  },
  {
    name: 'GET /api/attachments/:id?size=thumb',
    call: (a) => t.http.get(`/api/attachments/${a.attachmentId}?size=thumb`),
    expect: anyReader(200),
  },
  // Controls: what any credential that is still valid may do.
  { name: 'GET /api/notes', call: () => t.http.get('/api/notes'), expect: anyReader(200) },
  {
    name: 'POST /api/notes',
    call: () => t.http.post('/api/notes').send({ note: { title: 'control' } }),
    expect: anyWriter(201),
  },
  {
    name: 'GraphQL query',
    graphql: true,
    call: () => t.http.post('/graphql').send({ query: '{ me { id } notes { totalCount } }' }),
    expect: graphqlOutcomes('data'),
  },
  {
    name: 'GraphQL mutation',
    graphql: true,
    call: () =>
      t.http.post('/graphql').send({ query: 'mutation { addNote(input: { title: "x" }) { id } }' }),
    expect: graphqlOutcomes('FORBIDDEN'),
  },
];

/** A 4×3 PNG to upload. */
const attachmentPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAADCAIAAAA7ljmRAAAAEElEQVR4nGM4IScHRww4OQD1xwwxB+utmQAAAABJRU5ErkJggg==',
  'base64',
);

/** The admin who makes invitations and disables accounts for the table's set-up. */
let rootAdminId: string;
/** Admin accounts are made fresh per cell: ADMIN_EMAILS holds all their addresses. */
const adminEmails = Array.from({ length: 100 }, (_, i) => `admin-${i}@security.test`);
let adminsMade = 0;

async function apiToken(
  token: string,
  scope: 'read' | 'write',
): Promise<{ token: string; id: string }> {
  const res = await t.http
    .post('/api/tokens')
    .set('authorization', token)
    .send({ name: scope, scope });
  expect(res.status).toBe(201);
  return { token: res.body.token as string, id: res.body.apiToken._id as string };
}

/** A fresh account holding `credential`: an admin's for `admin`, disabled for `disabled…`. */
async function freshAccount(credential: CredentialName): Promise<Account> {
  const { token, id, email } = await t.signup(
    credential === 'admin' ? { email: adminEmails[(adminsMade += 1)]! } : {},
  );
  const other = await t.http.post('/api/auth/login').send({ email, password });
  const sessions = await t.http
    .get('/api/auth/sessions')
    .set('authorization', other.body.encodedToken);
  const otherSessionId = (sessions.body.sessions as Array<{ _id: string; current: boolean }>).find(
    (s) => !s.current,
  )!._id;
  const ended = await t.http.post('/api/auth/login').send({ email, password });
  const endedSessions = await t.http
    .get('/api/auth/sessions')
    .set('authorization', ended.body.encodedToken);
  const endedId = (endedSessions.body.sessions as Array<{ _id: string; current: boolean }>).find(
    (s) => s.current,
  )!._id;
  expect(
    (await t.http.delete(`/api/auth/sessions/${endedId}`).set('authorization', token)).status,
  ).toBe(200);
  const uploaded = await t.http
    .post('/api/attachments')
    .set('authorization', token)
    .set('content-type', 'image/png')
    .send(attachmentPng);
  expect(uploaded.status).toBe(201);
  const read = await apiToken(token, 'read');
  const write = await apiToken(token, 'write');
  const spare = await apiToken(token, 'read');
  const revoked = await apiToken(token, 'write');
  expect(
    (await t.http.delete(`/api/tokens/${revoked.id}`).set('authorization', token)).status,
  ).toBe(200);
  const expiredLogin = jwt.sign(
    { sub: id, email, ver: 0, exp: Math.floor(Date.now() / 1000) - 10 },
    t.config.jwtSecret!,
    { algorithm: 'HS256' },
  );
  recordSecrets(
    token,
    read.token,
    write.token,
    spare.token,
    revoked.token,
    expiredLogin,
    ended.body.encodedToken as string,
  );
  const victim = await t.signup();
  const { invite } = await t.services.invites.create(rootAdminId, 'http://localhost');
  if (credential === 'disabledLogin' || credential === 'disabledToken') {
    await t.services.admin.disable(rootAdminId, id);
  }
  return {
    id,
    email,
    otherSessionId,
    spareTokenId: spare.id,
    victimId: victim.id,
    inviteId: invite.id,
    attachmentId: uploaded.body.attachment._id as string,
    headers: {
      none: undefined,
      login: `Bearer ${other.body.encodedToken as string}`,
      readToken: read.token,
      writeToken: `Bearer ${write.token}`,
      revokedToken: revoked.token,
      expiredLogin,
      endedSession: `Bearer ${ended.body.encodedToken as string}`,
      admin: `Bearer ${other.body.encodedToken as string}`,
      disabledLogin: `Bearer ${other.body.encodedToken as string}`,
      disabledToken: write.token,
    },
  };
}

beforeAll(async () => {
  t = await createTestApp(
    { adminEmails: ['root-admin@security.test', ...adminEmails] },
    capturedLog('account-routes'),
  );
  recordSecrets(password, 'another long password');
  rootAdminId = (await t.signup({ email: 'root-admin@security.test' })).id;
});
afterAll(() => t.close());

it('every account route answers every kind of credential as the table says', async () => {
  const actual: Record<string, Record<string, Outcome>> = {};
  const expected: Record<string, Record<string, Outcome>> = {};
  for (const row of rows) {
    actual[row.name] = {};
    expected[row.name] = row.expect;
    for (const credential of credentialNames) {
      const account = await freshAccount(credential);
      const request = row.call(account);
      const header = account.headers[credential];
      if (header !== undefined) request.set('authorization', header);
      const res = await request;
      let outcome: Outcome = res.status;
      if (row.graphql) {
        const code = (res.body as { errors?: Array<{ extensions?: { code?: Outcome } }> })
          .errors?.[0]?.extensions?.code;
        outcome = code ?? 'data';
      } else if (res.status >= 400) {
        // Every refusal says why, in the REST error shape.
        expect(res.body.errors?.[0]).toEqual(expect.any(String));
      }
      actual[row.name]![credential] = outcome;
    }
  }
  expect(actual).toEqual(expected);
  report(
    'account-routes',
    `${rows.length} routes × ${credentialNames.length} credentials (${credentialNames.join(', ')}) answered as expected`,
  );
  // Each cell signs up fresh accounts: about 70 s for the whole table here, longer in CI.
}, 300_000);

it('wrong passwords on the account routes count toward the sign-in rate limit', async () => {
  const limited = await createTestApp({ authRateLimit: 3 }, capturedLog('account-routes-limit'));
  try {
    const { token } = await limited.signup();
    const tries = [
      limited.http
        .post('/api/user/password')
        .send({ currentPassword: 'wrong one', newPassword: 'long enough pw' }),
      limited.http.post('/api/user/email').send({ email: 'x@example.com', password: 'wrong one' }),
      limited.http.delete('/api/user').send({ password: 'wrong one' }),
    ];
    for (const attempt of tries)
      expect((await attempt.set('authorization', token)).status).toBe(400);
    const right = await limited.http
      .delete('/api/user')
      .set('authorization', token)
      .send({ password });
    expect(right.status).toBe(429);
    expect((await limited.http.get('/api/notes').set('authorization', token)).status).toBe(200);
  } finally {
    await limited.close();
  }
});
