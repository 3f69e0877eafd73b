import { createTestApp, type TestApp } from '../../server/src/test-support/app';
import { capturedLog, recordSecrets } from '../support/log-capture';
import { report } from '../support/report';

/**
 * Every admin route against every kind of caller: no token (401), a normal user's login token
 * (403), a disabled user's token (401: refused before anything else), and an admin (success).
 * A refused call changes nothing. API tokens (403 on every admin route, even an admin's) join
 * this table with the tokens' own routes.
 */
let t: TestApp;
const password = 'correct horse battery';

async function account(email: string) {
  await t.services.users.ensure({
    firstName: 'Sec',
    lastName: 'Urity',
    email,
    password,
    confirmPassword: password,
  });
  const res = await t.http.post('/api/auth/login').send({ email, password });
  expect(res.status).toBe(200);
  recordSecrets(res.body.encodedToken as string, password);
  return { token: res.body.encodedToken as string, id: res.body.foundUser._id as string };
}

interface Target {
  userId: string;
  inviteId: string;
}

const routes: Array<{
  name: string;
  call: (target: Target) => ReturnType<TestApp['http']['get']>;
  ok: number;
}> = [
  { name: 'GET /api/admin/users', call: () => t.http.get('/api/admin/users'), ok: 200 },
  {
    name: 'POST /api/admin/users/:id/disable',
    call: ({ userId }) => t.http.post(`/api/admin/users/${userId}/disable`),
    ok: 200,
  },
  {
    name: 'POST /api/admin/users/:id/enable',
    call: ({ userId }) => t.http.post(`/api/admin/users/${userId}/enable`),
    ok: 200,
  },
  { name: 'GET /api/admin/invites', call: () => t.http.get('/api/admin/invites'), ok: 200 },
  { name: 'POST /api/admin/invites', call: () => t.http.post('/api/admin/invites'), ok: 201 },
  {
    name: 'DELETE /api/admin/invites/:id',
    call: ({ inviteId }) => t.http.delete(`/api/admin/invites/${inviteId}`),
    ok: 200,
  },
  { name: 'GET /api/admin/stats', call: () => t.http.get('/api/admin/stats'), ok: 200 },
  {
    name: 'DELETE /api/admin/users/:id',
    call: ({ userId }) => t.http.delete(`/api/admin/users/${userId}`),
    ok: 200,
  },
];

beforeAll(async () => {
  t = await createTestApp(
    { allowSignup: false, adminEmails: ['admin@example.com'] },
    capturedLog('admin-routes'),
  );
});
afterAll(() => t.close());

it('every admin route: 401 without a token or with a disabled account’s, 403 for a normal user, success for an admin only', async () => {
  const admin = await account('admin@example.com');
  const normal = await account('normal@example.com');
  const disabled = await account('disabled@example.com');
  const target = await account('target@example.com');
  await t.http
    .post(`/api/admin/users/${disabled.id}/disable`)
    .set('authorization', admin.token)
    .expect(200);
  const made = await t.http.post('/api/admin/invites').set('authorization', admin.token);
  recordSecrets(
    made.body.url as string,
    new URL(made.body.url as string).searchParams.get('invite')!,
  );
  const aim: Target = { userId: target.id, inviteId: made.body.invite._id as string };

  const callers: Array<[string, string | undefined, number]> = [
    ['no token', undefined, 401],
    ['a normal user', normal.token, 403],
    ['a disabled user', disabled.token, 401],
  ];
  const state = async () =>
    JSON.stringify([
      await t.behind.users(),
      await t.http
        .get('/api/admin/invites')
        .set('authorization', admin.token)
        .then((r) => r.body),
    ]);
  const before = await state();
  const wrong: string[] = [];
  let attempts = 0;
  for (const [who, token, status] of callers) {
    for (const route of routes) {
      const req = route.call(aim);
      const res = await (token ? req.set('authorization', token) : req);
      attempts += 1;
      if (res.status !== status || typeof res.body.errors?.[0] !== 'string')
        wrong.push(`${who} ${route.name}: ${res.status} ${JSON.stringify(res.body)}`);
      if (/target@example\.com|invite=/.test(JSON.stringify(res.body)))
        wrong.push(`${who} ${route.name} leaked`);
    }
  }
  expect(wrong).toEqual([]);
  expect(await state()).toBe(before);

  for (const route of routes) {
    const res = await route.call(aim).set('authorization', admin.token);
    attempts += 1;
    if (res.status !== route.ok) wrong.push(`admin ${route.name}: ${res.status}`);
    if (/password|hash|argon/i.test(JSON.stringify(res.body))) wrong.push(`${route.name} leaked`);
    if (res.body.url) recordSecrets(res.body.url as string);
  }
  expect(wrong).toEqual([]);
  expect((await t.behind.users()).map((u) => u.id)).not.toContain(target.id);
  report(
    'admin routes',
    `${attempts} calls over ${routes.length} admin routes: no token and a disabled account 401, a normal user 403 (nothing changed), an admin 2xx`,
  );
});
