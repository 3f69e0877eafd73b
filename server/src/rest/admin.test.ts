import { accountDisabledMessage } from '../services/users';
import { inviteMessages } from '../services/invites';
import { signupClosedMessage } from '../errors';
import { createTestApp, type TestApp } from '../test-support/app';
import { TestSocket } from '../test-support/ws';

const password = 'correct horse battery';
const day = 86_400_000;
let counter = 0;

const fields = (email: string) => ({
  firstName: 'Grace',
  lastName: 'Hopper',
  email,
  password,
  confirmPassword: password,
});

/** Creates an account whatever ALLOW_SIGNUP says (as the demo seeding does) and signs it in. */
async function account(t: TestApp, email = `someone${++counter}@example.com`) {
  await t.services.users.ensure(fields(email));
  const res = await t.http.post('/api/auth/login').send({ email, password });
  expect(res.status).toBe(200);
  return { token: res.body.encodedToken as string, id: res.body.foundUser._id as string, email };
}

const addNote = (t: TestApp, token: string, title: string, content = '') =>
  t.http
    .post('/api/notes')
    .set('authorization', token)
    .send({ note: { title, content } })
    .expect(201);

/** Every admin route, with a user id or invitation id where it takes one. */
const adminRoutes = (userId: string) =>
  [
    ['get', '/api/admin/users'],
    ['post', `/api/admin/users/${userId}/disable`],
    ['post', `/api/admin/users/${userId}/enable`],
    ['delete', `/api/admin/users/${userId}`],
    ['get', '/api/admin/invites'],
    ['post', '/api/admin/invites'],
    ['delete', '/api/admin/invites/some-id'],
    ['get', '/api/admin/stats'],
  ] as const;

describe('admin routes', () => {
  let t: TestApp;
  let clockMs = Date.parse('2026-03-01T10:00:00.000Z');
  let admin: Awaited<ReturnType<typeof account>>;

  beforeAll(async () => {
    t = await createTestApp(
      { allowSignup: false, adminEmails: ['boss@example.com'] },
      { clock: () => clockMs },
    );
    admin = await account(t, 'Boss@Example.com');
  });
  afterAll(() => t.close());

  it('answers 401 without a token and 403 to anyone not an admin, on every route', async () => {
    const plain = await account(t);
    for (const [method, path] of adminRoutes(plain.id)) {
      const anonymous = await t.http[method](path);
      expect([path, anonymous.status]).toEqual([path, 401]);
      const refused = await t.http[method](path).set('authorization', plain.token);
      expect([path, refused.status, refused.body]).toEqual([
        path,
        403,
        { errors: ['Only admins can do this'] },
      ]);
    }
    // Nothing happened to the account the routes aimed at.
    const user = (await t.behind.users()).find((u) => u.id === plain.id);
    expect(user?.disabled_at).toBeNull();
  });

  it('tells GraphQL clients who is an admin (ADMIN_EMAILS ignores letter case)', async () => {
    const plain = await account(t);
    expect((await t.graphql('{ me { isAdmin } }', {}, admin.token)).data).toEqual({
      me: { isAdmin: true },
    });
    expect((await t.graphql('{ me { isAdmin } }', {}, plain.token)).data).toEqual({
      me: { isAdmin: false },
    });
  });

  it('lists every account with its notes, storage, last sign-in, status and role', async () => {
    const writer = await account(t);
    await addNote(t, writer.token, 'één', '<p>ß</p>');
    await addNote(t, writer.token, 'two');
    const res = await t.http.get('/api/admin/users').set('authorization', admin.token);
    expect(res.status).toBe(200);
    const row = (res.body.users as Array<Record<string, unknown>>).find((u) => u._id === writer.id);
    const stored = await t.behind.notes(writer.id);
    const bytes = stored.reduce(
      (sum, n) =>
        sum +
        Buffer.byteLength(n.title) +
        Buffer.byteLength(n.content) +
        Buffer.byteLength(n.text_content),
      0,
    );
    expect(row).toEqual({
      _id: writer.id,
      firstName: 'Grace',
      lastName: 'Hopper',
      email: writer.email,
      createdAt: expect.any(String),
      lastSignInAt: expect.any(String),
      notes: 2,
      storage: bytes,
      disabled: false,
      admin: false,
    });
    expect(bytes).toBeGreaterThan('ééntwoß'.length);
    const me = (res.body.users as Array<Record<string, unknown>>).find((u) => u._id === admin.id);
    expect(me).toMatchObject({ admin: true, notes: 0, storage: 0 });
    // No secret of any account on the wire.
    expect(JSON.stringify(res.body)).not.toMatch(/argon2|password|hash|token/i);
  });

  it('records each sign-in', async () => {
    const user = await account(t);
    const first = (await t.behind.users()).find((u) => u.id === user.id)?.last_sign_in_at;
    expect(first).toEqual(expect.any(String));
    await t.http.post('/api/auth/login').send({ email: user.email, password }).expect(200);
    const second = (await t.behind.users()).find((u) => u.id === user.id)?.last_sign_in_at;
    expect(second! > first!).toBe(true);
  });

  it('disabling refuses the account’s tokens at once, closes its sockets and its sign-in; enabling lets it sign in again', async () => {
    const user = await account(t);
    const bystander = await account(t);
    const { wsUrl } = await t.listen();
    const socket = await TestSocket.connect(wsUrl, user.token);
    const other = await TestSocket.connect(wsUrl, bystander.token);

    const res = await t.http
      .post(`/api/admin/users/${user.id}/disable`)
      .set('authorization', admin.token);
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ _id: user.id, disabled: true });

    expect(await socket.waitForClose()).toEqual({ code: 4401, reason: 'Signed out' });
    await t.http.get('/api/notes').set('authorization', user.token).expect(401);
    const gql = await t.graphql('{ me { id } }', {}, user.token);
    expect(gql.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const login = await t.http.post('/api/auth/login').send({ email: user.email, password });
    expect([login.status, login.body]).toEqual([403, { errors: [accountDisabledMessage] }]);
    const gqlLogin = await t.graphql(
      'mutation($e: String!, $p: String!) { login(email: $e, password: $p) { token } }',
      { e: user.email, p: password },
    );
    expect(gqlLogin.errors?.[0]).toMatchObject({
      message: accountDisabledMessage,
      extensions: { code: 'FORBIDDEN' },
    });
    await expect(t.services.users.signInAs(user.id)).rejects.toMatchObject({ kind: 'FORBIDDEN' });
    // A wrong password still says only that: being disabled is not told to a stranger.
    const guess = await t.http
      .post('/api/auth/login')
      .send({ email: user.email, password: 'wrong password' });
    expect(guess.status).toBe(401);
    // Everyone else carries on.
    await t.http.get('/api/notes').set('authorization', bystander.token).expect(200);
    expect(other.ws.readyState).toBe(other.ws.OPEN);
    await other.close();

    const listed = await t.http.get('/api/admin/users').set('authorization', admin.token);
    expect(listed.body.users.find((u: { _id: string }) => u._id === user.id).disabled).toBe(true);

    const enabled = await t.http
      .post(`/api/admin/users/${user.id}/enable`)
      .set('authorization', admin.token);
    expect([enabled.status, enabled.body.user.disabled]).toEqual([200, false]);
    const again = await t.http.post('/api/auth/login').send({ email: user.email, password });
    expect(again.status).toBe(200);
    await t.http.get('/api/notes').set('authorization', again.body.encodedToken).expect(200);
    // The sign-ins ended by the disabling stay ended.
    await t.http.get('/api/notes').set('authorization', user.token).expect(401);
  });

  it('deletes an account with its notes; its token is refused', async () => {
    const user = await account(t);
    await addNote(t, user.token, 'goes');
    await addNote(t, user.token, 'goes too');
    expect(await t.behind.notes(user.id)).toHaveLength(2);
    const res = await t.http
      .delete(`/api/admin/users/${user.id}`)
      .set('authorization', admin.token);
    expect(res.status).toBe(200);
    expect(res.body.users.map((u: { _id: string }) => u._id)).not.toContain(user.id);
    expect(await t.behind.notes(user.id)).toHaveLength(0);
    expect((await t.behind.users()).map((u) => u.id)).not.toContain(user.id);
    await t.http.get('/api/notes').set('authorization', user.token).expect(401);
  });

  it('refuses an admin disabling or deleting their own account (400), and unknown ids (404)', async () => {
    for (const req of [
      t.http.post(`/api/admin/users/${admin.id}/disable`),
      t.http.delete(`/api/admin/users/${admin.id}`),
    ]) {
      const res = await req.set('authorization', admin.token);
      expect(res.status).toBe(400);
      expect(res.body.errors[0]).toMatch(/^You cannot (disable|delete) your own account/);
    }
    await t.http.get('/api/notes').set('authorization', admin.token).expect(200);
    for (const req of [
      t.http.post('/api/admin/users/nobody/disable'),
      t.http.post('/api/admin/users/nobody/enable'),
      t.http.delete('/api/admin/users/nobody'),
      t.http.delete('/api/admin/invites/nothing'),
    ]) {
      const res = await req.set('authorization', admin.token);
      expect([res.status, res.body.errors.length]).toEqual([404, 1]);
    }
    const bad = await t.http
      .post(`/api/admin/users/${admin.id}/enable`)
      .set('authorization', admin.token)
      .set('content-type', 'application/json')
      .send('[1]');
    expect(bad.status).toBe(400);
  });

  it('gives the instance’s figures', async () => {
    const res = await t.http.get('/api/admin/stats').set('authorization', admin.token);
    expect(res.status).toBe(200);
    const users = (await t.behind.users()).length;
    const notes = (await t.behind.notes()).length;
    expect(res.body).toEqual({
      users,
      notes,
      databaseSize: expect.any(Number),
      version: '0.1.0',
    });
    expect(res.body.databaseSize).toBeGreaterThan(0);
  });

  describe('invitations', () => {
    const invite = async () => {
      const res = await t.http.post('/api/admin/invites').set('authorization', admin.token);
      expect(res.status).toBe(201);
      const url = new URL(res.body.url as string);
      return { token: url.searchParams.get('invite')!, id: res.body.invite._id as string, url };
    };
    const signupWith = (token: string | undefined, email = `invited${++counter}@example.com`) =>
      t.http.post('/api/auth/signup').send({ ...fields(email), invite: token });

    it('makes a one-time link valid for 7 days, and keeps only the hash of its token', async () => {
      const { token, url, id } = await invite();
      expect(url.pathname).toBe('/signup');
      expect(url.origin).toMatch(/^http:\/\/127\.0\.0\.1(:\d+)?$/);
      // 256 random bits, base64url.
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const listed = await t.http.get('/api/admin/invites').set('authorization', admin.token);
      const row = listed.body.invites.find((i: { _id: string }) => i._id === id);
      expect(row).toEqual({
        _id: id,
        createdAt: new Date(clockMs).toISOString(),
        expiresAt: new Date(clockMs + 7 * day).toISOString(),
      });
      expect(JSON.stringify(listed.body)).not.toContain(token);
      expect(await t.http.get(`/api/auth/signup?invite=${token}`)).toMatchObject({
        status: 200,
        body: { open: true },
      });
    });

    it('opens signup once: the account is created and signs in; the second use is refused', async () => {
      const { token, id } = await invite();
      const first = await signupWith(token);
      expect(first.status).toBe(201);
      await t.http.get('/api/notes').set('authorization', first.body.encodedToken).expect(200);
      const second = await signupWith(token);
      expect([second.status, second.body]).toEqual([403, { errors: [inviteMessages.used] }]);
      const listed = await t.http.get('/api/admin/invites').set('authorization', admin.token);
      expect(listed.body.invites.map((i: { _id: string }) => i._id)).not.toContain(id);
      expect(await t.http.get(`/api/auth/signup?invite=${token}`)).toMatchObject({
        body: { open: false, problem: inviteMessages.used },
      });
    });

    it('through GraphQL too', async () => {
      const { token } = await invite();
      const signup = 'mutation($input: SignupInput!) { signup(input: $input) { user { id } } }';
      const ok = await t.graphql(signup, {
        input: { ...fields('gql-invited@example.com'), invite: token },
      });
      expect(ok.data).toEqual({ signup: { user: { id: expect.any(String) } } });
      const again = await t.graphql(signup, {
        input: { ...fields('gql-again@example.com'), invite: token },
      });
      expect(again.errors?.[0]).toMatchObject({
        message: inviteMessages.used,
        extensions: { code: 'FORBIDDEN' },
      });
    });

    it('refuses a revoked, an expired, a made-up or a missing invitation', async () => {
      const before = (await t.behind.users()).length;
      const revoked = await invite();
      const after = await t.http
        .delete(`/api/admin/invites/${revoked.id}`)
        .set('authorization', admin.token);
      expect(after.status).toBe(200);
      expect(after.body.invites.map((i: { _id: string }) => i._id)).not.toContain(revoked.id);
      expect((await signupWith(revoked.token)).body).toEqual({ errors: [inviteMessages.unknown] });

      const expiring = await invite();
      clockMs += 7 * day;
      const expired = await signupWith(expiring.token);
      expect([expired.status, expired.body]).toEqual([403, { errors: [inviteMessages.expired] }]);
      expect(await t.http.get(`/api/auth/signup?invite=${expiring.token}`)).toMatchObject({
        body: { open: false, problem: inviteMessages.expired },
      });

      expect((await signupWith('made-up')).status).toBe(403);
      expect((await signupWith(undefined)).body).toEqual({ errors: [signupClosedMessage] });
      expect(
        (await t.http.post('/api/auth/signup').send({ ...fields('x@example.com'), invite: 5 }))
          .status,
      ).toBe(400);
      expect((await t.http.get('/api/auth/signup?invite=a&invite=b')).status).toBe(400);
      expect((await t.behind.users()).length).toBe(before);
    });

    it('two signups racing with one invitation: one account', async () => {
      const { token } = await invite();
      const before = (await t.behind.users()).length;
      const answers = await Promise.all([1, 2, 3].map(() => signupWith(token)));
      expect(answers.map((a) => a.status).sort()).toEqual([201, 403, 403]);
      expect((await t.behind.users()).length).toBe(before + 1);
    });
  });
});

describe('invitations while signup is open', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      publicUrl: 'https://notes.example.org',
      adminEmails: ['a@example.com'],
    });
  });
  afterAll(() => t.close());

  it('links to PUBLIC_URL, and an invite beside a signup is not needed nor used up', async () => {
    const admin = await t.signup({ email: 'a@example.com' });
    const res = await t.http.post('/api/admin/invites').set('authorization', admin.token);
    expect(res.body.url).toMatch(/^https:\/\/notes\.example\.org\/signup\?invite=[\w-]{43}$/);
    await t.signup({ invite: 'whatever' } as never);
    const listed = await t.http.get('/api/admin/invites').set('authorization', admin.token);
    expect(listed.body.invites).toHaveLength(1);
    expect((await t.http.get('/api/auth/signup?invite=nonsense')).body).toEqual({ open: true });
  });
});
