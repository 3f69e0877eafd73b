import jwt from 'jsonwebtoken';

import { createTestApp, type TestApp } from '../../server/src/test-support/app';
import { TestSocket } from '../../server/src/test-support/ws';
import { capturedLog, recordSecrets } from '../support/log-capture';
import { report } from '../support/report';
import { restListRoutes } from '../support/routes';

/**
 * Tokens: every forged, stale or mangled credential is refused with 401 (UNAUTHENTICATED on
 * GraphQL) on every authenticated route; logout revokes the token server-side (ASVS 7.4.1).
 */
let t: TestApp;
let token: string;
let id: string;
let email: string;

beforeAll(async () => {
  t = await createTestApp({}, capturedLog('tokens'));
  ({ token, id, email } = await t.signup());
  recordSecrets(token);
});
afterAll(() => t.close());

const secret = () => t.config.jwtSecret!;
const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const sign = (payload: object, options: jwt.SignOptions = {}) =>
  jwt.sign(payload, secret(), { algorithm: 'HS256', ...options });

/** 401 on every authenticated REST route and UNAUTHENTICATED on a GraphQL query; returns the count. */
async function expectRefused(header: string, label: string): Promise<number> {
  let checked = 0;
  for (const route of [...restListRoutes, '/api/notes']) {
    const res =
      route === '/api/notes' && checked > 0
        ? await t.http
            .post(route)
            .set('authorization', header)
            .send({ note: { title: 'forged' } })
        : await t.http.get(route).set('authorization', header);
    expect({ label, route, status: res.status }).toEqual({ label, route, status: 401 });
    expect(res.body.errors[0]).toMatch(/token is invalid/);
    checked += 1;
  }
  const gql = await t.http
    .post('/graphql')
    .set('authorization', header)
    .send({ query: '{ me { id } notes { totalCount } }' });
  expect({ label, code: gql.body.errors?.[0]?.extensions?.code }).toEqual({
    label,
    code: 'UNAUTHENTICATED',
  });
  expect(gql.body.data ?? null).toBeNull();
  return checked + 1;
}

/** Every forged, tampered, stale or malformed credential the suite tries, by name. */
function badTokens(): Array<[string, string]> {
  const [header, payload, signature] = token.split('.') as [string, string, string];
  const claims = { sub: id, email, ver: 0 };
  return [
    ['alg none', `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`],
    ['alg none, signature kept', `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.${signature}`],
    ['alg NONE', `${b64({ alg: 'NONE', typ: 'JWT' })}.${b64(claims)}.`],
    [
      'wrong secret',
      jwt.sign(claims, 'not-the-secret-not-the-secret-not-the', { algorithm: 'HS256' }),
    ],
    ['HS512 with the right secret', jwt.sign(claims, secret(), { algorithm: 'HS512' })],
    [
      'tampered payload (other user id)',
      `${header}.${b64({ ...claims, sub: '00000000-0000-4000-8000-000000000000' })}.${signature}`,
    ],
    [
      'tampered payload (later expiry)',
      `${header}.${b64({ ...claims, exp: 4102444800 })}.${signature}`,
    ],
    [
      'tampered signature',
      `${header}.${payload}.${signature.slice(0, -2)}${signature.endsWith('A') ? 'BB' : 'AA'}`,
    ],
    ['expired', sign({ ...claims, exp: Math.floor(Date.now() / 1000) - 5 })],
    ['not yet valid', sign({ ...claims, nbf: Math.floor(Date.now() / 1000) + 3600 })],
    ['wrong token version', sign({ ...claims, ver: 7 })],
    ['no claims', sign({ hello: 'world' })],
    ['claims of the wrong type', sign({ sub: 42, email, ver: '0' })],
    ['header only', header],
    ['two parts', `${header}.${payload}`],
    ['garbage', 'not.a.token'],
    ['Bearer twice', `Bearer Bearer ${token}`],
    ['Basic scheme', `Basic ${Buffer.from(`${email}:x`).toString('base64')}`],
    ['token with a trailing dot', `${token}.`],
    ['only quotes', '""'],
    ['very long', 'a'.repeat(8000)],
  ];
}

it('forged, tampered, expired and malformed tokens: always 401', async () => {
  const cases = badTokens();
  let checks = 0;
  for (const [label, bad] of cases) checks += await expectRefused(bad, label);
  expect((await t.http.get('/api/notes').set('authorization', token)).status).toBe(200);
  report(
    'tokens',
    `${cases.length} bad tokens × ${checks / cases.length} calls (REST routes and GraphQL) = ${checks} calls: all 401 / UNAUTHENTICATED; the genuine token still works`,
  );
});

it('a deleted user’s token is refused', async () => {
  const doomed = await t.signup();
  recordSecrets(doomed.token);
  expect((await t.http.get('/api/notes').set('authorization', doomed.token)).status).toBe(200);
  await t.behind.deleteUser(doomed.id);
  const checks = await expectRefused(doomed.token, 'deleted user');
  report(
    'tokens',
    `token of a user deleted from the database: ${checks} calls, all 401 / UNAUTHENTICATED`,
  );
});

it('a missing authorization header is 401', async () => {
  for (const route of restListRoutes) expect((await t.http.get(route)).status).toBe(401);
  const gql = await t.graphql('{ me { id } }');
  expect(gql.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
});

it('logout revokes its own token (its session) on both APIs, and no other', async () => {
  const user = await t.signup();
  const second = await t.http
    .post('/api/auth/login')
    .send({ email: user.email, password: 'correct horse battery' });
  const other = second.body.encodedToken as string;
  recordSecrets(user.token, other);
  const out = await t.graphql<{ logout: boolean }>('mutation { logout }', {}, user.token);
  expect(out.data?.logout).toBe(true);
  const checks = await expectRefused(user.token, 'after logout');
  expect((await t.http.get('/api/notes').set('authorization', other)).status).toBe(200);
  const fresh = await t.http
    .post('/api/auth/login')
    .send({ email: user.email, password: 'correct horse battery' });
  expect(
    (await t.http.get('/api/notes').set('authorization', fresh.body.encodedToken)).status,
  ).toBe(200);
  recordSecrets(fresh.body.encodedToken);
  report(
    'tokens',
    `logout: its token refused on ${checks} calls; the other session's and a new login work`,
  );
});

it('over WebSocket: every bad token is refused at connect (4401, no acknowledgement); logout closes a signed-in socket', async () => {
  const { wsUrl } = await t.listen();
  const cases: Array<[string, unknown]> = [
    ...badTokens(),
    ['no token', undefined],
    ['a number', 12345],
    ['an object', { token }],
  ];
  for (const [label, bad] of cases) {
    const socket = await TestSocket.open(wsUrl, bad === undefined ? {} : { authorization: bad });
    const closed = await socket.waitForClose();
    expect({ label, code: closed.code }).toEqual({ label, code: 4401 });
    expect({
      label,
      acknowledged: socket.messages.some((m) => m.type === 'connection_ack'),
    }).toEqual({ label, acknowledged: false });
  }
  const user = await t.signup();
  recordSecrets(user.token);
  const socket = await TestSocket.connect(wsUrl, `Bearer ${user.token}`);
  await t.graphql('mutation { logout }', {}, user.token);
  expect(await socket.waitForClose()).toEqual({ code: 4401, reason: 'Signed out' });
  const again = await TestSocket.open(wsUrl, { authorization: user.token });
  expect((await again.waitForClose()).code).toBe(4401);
  report(
    'tokens',
    `WebSocket: ${cases.length} bad tokens refused at connect with 4401 and no acknowledgement; logout closed the signed-in socket (4401 Signed out) and its token is refused after`,
  );
});
