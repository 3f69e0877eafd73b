import jwt from 'jsonwebtoken';

import { noPasswordHash } from '../services/users';
import { createTestApp, type Listening, type TestApp } from '../test-support/app';
import { TestSocket } from '../test-support/ws';

/**
 * Sessions, API tokens, password and email changes and deleting the account (SQLite, and
 * PostgreSQL with TEST_DATABASE_URL): what ends a sign-in ends it at once, on REST, GraphQL and
 * the live feed alike, and nothing secret is shown twice or logged.
 */
let t: TestApp;
let server: Listening;
const logLines: string[] = [];
const sockets: TestSocket[] = [];
const password = 'correct horse battery';

beforeAll(async () => {
  t = await createTestApp(
    {},
    { logLevel: 'trace', log: { write: (line: string) => void logLines.push(line) } },
  );
  server = await t.listen();
});
afterEach(async () => {
  jest.restoreAllMocks();
  await Promise.all(sockets.splice(0).map((s) => s.close()));
});
afterAll(() => t.close());

async function connect(token: string): Promise<TestSocket> {
  const socket = await TestSocket.connect(server.wsUrl, token);
  sockets.push(socket);
  return socket;
}

async function login(email: string, userAgent = 'jest', pass = password): Promise<string> {
  const res = await t.http
    .post('/api/auth/login')
    .set('user-agent', userAgent)
    .send({ email, password: pass });
  expect(res.status).toBe(200);
  return res.body.encodedToken as string;
}

const notes = (token: string) => t.http.get('/api/notes').set('authorization', token);
const addNote = (token: string, title = 'a note') =>
  t.http.post('/api/notes').set('authorization', token).send({ note: { title } });

async function createToken(
  token: string,
  body: Record<string, unknown> = { name: 'script', scope: 'read' },
): Promise<{ token: string; id: string }> {
  const res = await t.http.post('/api/tokens').set('authorization', token).send(body);
  expect(res.status).toBe(201);
  return { token: res.body.token as string, id: res.body.apiToken._id as string };
}

interface SessionBody {
  _id: string;
  createdAt: string;
  lastUsedAt: string;
  userAgent: string | null;
  current: boolean;
}

describe('sessions', () => {
  it('a seeded account has no session until someone signs in to it', async () => {
    const email = `seeded-${Date.now()}@example.com`;
    await t.services.users.ensure({ firstName: 'Seed', lastName: 'Ed', email, password });
    const token = await login(email, 'First browser');
    const res = await t.http.get('/api/auth/sessions').set('authorization', token);
    expect((res.body.sessions as SessionBody[]).map((s) => s.userAgent)).toEqual(['First browser']);
  });

  it('lists every sign-in, most recent first, the caller marked current', async () => {
    const { token, email } = await t.signup();
    const phone = await login(email, 'Phone browser');
    const res = await t.http.get('/api/auth/sessions').set('authorization', phone);
    expect(res.status).toBe(200);
    const sessions = res.body.sessions as SessionBody[];
    expect(sessions).toHaveLength(2);
    expect(Object.keys(sessions[0]!).sort()).toEqual(
      ['_id', 'createdAt', 'current', 'lastUsedAt', 'userAgent'].sort(),
    );
    expect(sessions.map((s) => s.current)).toEqual([true, false]);
    expect(sessions[0]!.userAgent).toBe('Phone browser');
    const mine = await t.http.get('/api/auth/sessions').set('authorization', token);
    expect((mine.body.sessions as SessionBody[]).filter((s) => s.current)).toHaveLength(1);
    expect(JSON.stringify(res.body)).not.toContain(token.split('.')[2]);
  });

  it('ends another session: its token is refused at once and its socket closes', async () => {
    const { token, email } = await t.signup();
    const other = await login(email, 'Other device');
    const otherSocket = await connect(other);
    otherSocket.noteEvents('0');
    const ownSocket = await connect(token);
    const own = ownSocket.noteEvents('0');
    const list = await t.http.get('/api/auth/sessions').set('authorization', token);
    const target = (list.body.sessions as SessionBody[]).find((s) => !s.current)!;
    const res = await t.http.delete(`/api/auth/sessions/${target._id}`).set('authorization', token);
    expect(res.status).toBe(200);
    expect((res.body.sessions as SessionBody[]).map((s) => s.current)).toEqual([true]);
    expect((await notes(other)).status).toBe(401);
    expect(await otherSocket.waitForClose()).toEqual({ code: 4401, reason: 'Signed out' });
    expect((await notes(token)).status).toBe(200);
    // The caller's own socket stays and still hears its changes.
    await addNote(token, 'still live');
    expect((await own.until(1)).map((e) => e.note?.title)).toEqual(['still live']);
  });

  it('a session that is not the caller’s is 404, and stays', async () => {
    const a = await t.signup();
    const b = await t.signup();
    const bList = await t.http.get('/api/auth/sessions').set('authorization', b.token);
    const bSession = (bList.body.sessions as SessionBody[])[0]!._id;
    for (const id of [bSession, 'no-such-session']) {
      const res = await t.http.delete(`/api/auth/sessions/${id}`).set('authorization', a.token);
      expect(res.status).toBe(404);
      expect(res.body.errors[0]).toMatch(/not found/);
    }
    expect((await notes(b.token)).status).toBe(200);
  });

  it('logout (REST and GraphQL) ends only its own session', async () => {
    const { token, email } = await t.signup();
    const second = await login(email);
    const third = await login(email);
    const socket = await connect(second);
    const res = await t.http.post('/api/auth/logout').set('authorization', second);
    expect(res.status).toBe(200);
    expect((await notes(second)).status).toBe(401);
    expect(await socket.waitForClose()).toEqual({ code: 4401, reason: 'Signed out' });
    expect((await notes(token)).status).toBe(200);
    expect((await t.graphql('mutation { logout }', {}, third)).data).toEqual({ logout: true });
    expect((await notes(third)).status).toBe(401);
    expect((await notes(token)).status).toBe(200);
    const left = await t.http.get('/api/auth/sessions').set('authorization', token);
    expect(left.body.sessions).toHaveLength(1);
  });

  it('a token from before sessions (no sid) still works, and its logout leaves the sessions', async () => {
    const { id, email, token } = await t.signup();
    const old = jwt.sign({ sub: id, email, ver: 0 }, t.config.jwtSecret!, {
      algorithm: 'HS256',
      expiresIn: '1h',
    });
    expect((await notes(old)).status).toBe(200);
    const list = await t.http.get('/api/auth/sessions').set('authorization', old);
    expect((list.body.sessions as SessionBody[]).map((s) => s.current)).toEqual([false]);
    const socket = await connect(old);
    const sessionSocket = await connect(token);
    const live = sessionSocket.noteEvents('0');
    expect((await t.http.post('/api/auth/logout').set('authorization', old)).status).toBe(200);
    expect((await notes(old)).status).toBe(401);
    expect(await socket.waitForClose()).toEqual({ code: 4401, reason: 'Signed out' });
    expect((await notes(token)).status).toBe(200);
    await addNote(token, 'after');
    expect(await live.until(1)).toHaveLength(1);
  });

  it('writes last use at most once a minute', async () => {
    const { token } = await t.signup();
    const before = await t.http.get('/api/auth/sessions').set('authorization', token);
    const first = (before.body.sessions as SessionBody[])[0]!;
    // Used again within the minute: not written.
    expect((await notes(token)).status).toBe(200);
    const again = await t.http.get('/api/auth/sessions').set('authorization', token);
    expect((again.body.sessions as SessionBody[])[0]!.lastUsedAt).toBe(first.lastUsedAt);
    const later = Date.now() + 5 * 60_000;
    jest.spyOn(Date, 'now').mockReturnValue(later);
    expect((await notes(token)).status).toBe(200);
    jest.restoreAllMocks();
    let after: SessionBody | undefined;
    for (let i = 0; i < 50; i += 1) {
      const res = await t.http.get('/api/auth/sessions').set('authorization', token);
      after = (res.body.sessions as SessionBody[])[0];
      if (after && after.lastUsedAt !== first.lastUsedAt) break;
    }
    expect(after!.lastUsedAt).not.toBe(first.lastUsedAt);
    expect(after!.createdAt).toBe(first.createdAt);
  });
});

describe('password', () => {
  it('a change ends every other session (and its socket) and keeps this one', async () => {
    const { token, email } = await t.signup();
    const other = await login(email);
    const socket = await connect(other);
    const res = await t.http
      .post('/api/user/password')
      .set('authorization', token)
      .send({ currentPassword: password, newPassword: 'a brand new secret' });
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.body)).not.toContain('brand new');
    expect((await notes(other)).status).toBe(401);
    expect(await socket.waitForClose()).toEqual({ code: 4401, reason: 'Signed out' });
    expect((await notes(token)).status).toBe(200);
    const old = await t.http.post('/api/auth/login').send({ email, password });
    expect(old.status).toBe(401);
    await login(email, 'jest', 'a brand new secret');
  });

  it('refuses a wrong current password or a short new one, changing nothing', async () => {
    const { token, email } = await t.signup();
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ currentPassword: 'wrong password', newPassword: 'long enough pw' }, /currentPassword/],
      [{ currentPassword: password, newPassword: 'short' }, /newPassword: must be at least 8/],
      [{ newPassword: 'long enough pw' }, /currentPassword/],
    ];
    for (const [body, message] of cases) {
      const res = await t.http.post('/api/user/password').set('authorization', token).send(body);
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
      expect(res.body.errors[0]).toMatch(message);
    }
    await login(email);
  });
});

describe('email', () => {
  it('changes with the password; taken (any case) is refused as at signup', async () => {
    const { token } = await t.signup();
    const other = await t.signup();
    const fresh = `changed-${Date.now()}@example.com`;
    const wrong = await t.http
      .post('/api/user/email')
      .set('authorization', token)
      .send({ email: fresh, password: 'not the password' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors[0]).toMatch(/password/);
    const taken = await t.http
      .post('/api/user/email')
      .set('authorization', token)
      .send({ email: other.email.toUpperCase(), password });
    expect(taken.status).toBe(422);
    expect(taken.body.errors).toEqual(['Unprocessable Entity. Email Already Exists.']);
    const bad = await t.http
      .post('/api/user/email')
      .set('authorization', token)
      .send({ email: 'not an email', password });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toMatch(/email: must be a valid email/);
    const res = await t.http
      .post('/api/user/email')
      .set('authorization', token)
      .send({ email: fresh, password });
    expect(res.status).toBe(200);
    expect(res.body.user.email).toBe(fresh);
    await login(fresh);
  });
});

describe('API tokens', () => {
  it('are shown once, listed without the token, and work in all three header forms', async () => {
    const { token } = await t.signup();
    const res = await t.http
      .post('/api/tokens')
      .set('authorization', token)
      .send({ name: 'backup script', scope: 'read', expiresInDays: 30 });
    expect(res.status).toBe(201);
    const secret = res.body.token as string;
    expect(secret).toMatch(/^jot_[A-Za-z0-9_-]{43,}$/);
    expect(Object.keys(res.body.apiToken).sort()).toEqual(
      ['_id', 'createdAt', 'expiresAt', 'lastUsedAt', 'name', 'scope'].sort(),
    );
    expect(res.body.apiToken).toMatchObject({ name: 'backup script', scope: 'read' });
    const days =
      (Date.parse(res.body.apiToken.expiresAt) - Date.parse(res.body.apiToken.createdAt)) /
      86_400_000;
    expect(days).toBe(30);
    for (const header of [secret, `"${secret}"`, `Bearer ${secret}`]) {
      expect((await t.http.get('/api/notes').set('authorization', header)).status).toBe(200);
    }
    const list = await t.http.get('/api/tokens').set('authorization', token);
    expect(list.status).toBe(200);
    expect(list.body.tokens).toHaveLength(1);
    expect(list.body.tokens[0].lastUsedAt).not.toBeNull();
    expect(JSON.stringify(list.body)).not.toContain(secret.slice(4));
    const never = await createToken(token, {
      name: 'forever',
      scope: 'write',
      expiresInDays: null,
    });
    const listed = await t.http.get('/api/tokens').set('authorization', token);
    expect(listed.body.tokens.map((x: { name: string }) => x.name)).toEqual([
      'forever',
      'backup script',
    ]);
    expect(listed.body.tokens[0].expiresAt).toBeNull();
    expect(never.token).not.toBe(secret);
  });

  it('a read token reads (REST, GraphQL) and is refused every write (403, FORBIDDEN)', async () => {
    const { token } = await t.signup();
    const read = await createToken(token, { name: 'reader', scope: 'read' });
    expect((await notes(read.token)).status).toBe(200);
    expect((await t.http.get('/api/export').set('authorization', read.token)).status).toBe(200);
    const write = await addNote(read.token);
    expect(write.status).toBe(403);
    expect(write.body.errors[0]).toMatch(/can only read/);
    const q = await t.graphql<{ me: { id: string } }>('{ me { id } }', {}, read.token);
    expect(q.errors).toBeUndefined();
    const m = await t.http
      .post('/graphql')
      .set('authorization', read.token)
      .send({ query: 'mutation { addNote(input: { title: "x" }) { id } }' });
    expect(m.status).toBe(403);
    expect(m.body.errors[0].extensions.code).toBe('FORBIDDEN');
    expect(m.body.errors[0].message).toMatch(/can only read/);
    expect(
      (
        await t.behind.notes(
          (await t.http.get('/api/user').set('authorization', token)).body.user._id,
        )
      ).length,
    ).toBe(0);
  });

  it('a write token writes on REST and GraphQL and feeds a subscription', async () => {
    const { token } = await t.signup();
    const write = await createToken(token, { name: 'writer', scope: 'write' });
    expect((await addNote(write.token, 'by token')).status).toBe(201);
    const m = await t.graphql<{ addNote: { title: string } }>(
      'mutation { addNote(input: { title: "by graphql" }) { title } }',
      {},
      write.token,
    );
    expect(m.data?.addNote.title).toBe('by graphql');
    const socket = await connect(write.token);
    const live = socket.noteEvents('0');
    expect((await live.until(2)).map((e) => e.note?.title)).toEqual(['by token', 'by graphql']);
  });

  it('a revoked token is refused at once and its socket closes; an expired one too', async () => {
    const { token } = await t.signup();
    const revoked = await createToken(token, { name: 'soon gone', scope: 'read' });
    const socket = await connect(revoked.token);
    const sessionSocket = await connect(token);
    const live = sessionSocket.noteEvents('0');
    const res = await t.http.delete(`/api/tokens/${revoked.id}`).set('authorization', token);
    expect(res.status).toBe(200);
    expect(res.body.tokens).toEqual([]);
    expect((await notes(revoked.token)).status).toBe(401);
    expect(await socket.waitForClose()).toEqual({ code: 4401, reason: 'Signed out' });
    const gql = await t.graphql('{ me { id } }', {}, revoked.token);
    expect(gql.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect(
      (await t.http.delete(`/api/tokens/${revoked.id}`).set('authorization', token)).status,
    ).toBe(404);
    await addNote(token, 'session unaffected');
    expect(await live.until(1)).toHaveLength(1);

    const expiring = await createToken(token, { name: 'a day', scope: 'read', expiresInDays: 1 });
    expect((await notes(expiring.token)).status).toBe(200);
    jest.spyOn(Date, 'now').mockReturnValue(Date.now() + 2 * 86_400_000);
    expect((await notes(expiring.token)).status).toBe(401);
  });

  it('cannot manage tokens, sessions, the password, the email or the account (403)', async () => {
    const { token } = await t.signup();
    const write = await createToken(token, { name: 'writer', scope: 'write' });
    const calls = [
      t.http.get('/api/tokens'),
      t.http.post('/api/tokens').send({ name: 'x', scope: 'write' }),
      t.http.delete(`/api/tokens/${write.id}`),
      t.http.get('/api/auth/sessions'),
      t.http.delete('/api/auth/sessions/any'),
      t.http.post('/api/auth/logout'),
      t.http
        .post('/api/user/password')
        .send({ currentPassword: password, newPassword: 'xxxxxxxxxx' }),
      t.http.post('/api/user/email').send({ email: 'x@example.com', password }),
      t.http.delete('/api/user').send({ password }),
    ];
    for (const call of calls) {
      const res = await call.set('authorization', write.token);
      expect(res.status).toBe(403);
      expect(res.body.errors[0]).toMatch(/API tokens cannot/);
    }
    const gql = await t.graphql('mutation { logout }', {}, write.token);
    expect(gql.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await notes(write.token)).status).toBe(200);
    expect((await notes(token)).status).toBe(200);
  });

  it('refuses bad input with a message naming the field', async () => {
    const { token } = await t.signup();
    const cases: Array<[unknown, RegExp]> = [
      [{ scope: 'read' }, /^name:/],
      [{ name: '   ', scope: 'read' }, /^name: is required/],
      [{ name: 'x'.repeat(101), scope: 'read' }, /^name: must be at most 100/],
      [{ name: 'x', scope: 'admin' }, /^scope: must be "read" or "write"/],
      [{ name: 'x', scope: 'read', expiresInDays: 0 }, /^expiresInDays: must be at least 1/],
      [{ name: 'x', scope: 'read', expiresInDays: 3651 }, /^expiresInDays: must be at most 3650/],
      [{ name: 'x', scope: 'read', expiresInDays: 1.5 }, /^expiresInDays: must be a whole/],
      [{ name: 'x', scope: 'read', expiresInDays: '30' }, /^expiresInDays:/],
      [[], /^body:/],
    ];
    for (const [body, message] of cases) {
      const res = await t.http
        .post('/api/tokens')
        .set('authorization', token)
        .send(body as object);
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
      expect(res.body.errors[0]).toMatch(message);
    }
  });
});

describe('deleting the account', () => {
  it('asks for the password, then removes notes, sessions and tokens, and every token is 401', async () => {
    const { token, id, email } = await t.signup();
    await login(email);
    await addNote(token, 'one');
    await addNote(token, 'two');
    const api = await createToken(token, { name: 'script', scope: 'write' });
    const socket = await connect(api.token);
    const wrong = await t.http
      .delete('/api/user')
      .set('authorization', token)
      .send({ password: 'nope nope' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors[0]).toMatch(/password/);
    const missing = await t.http.delete('/api/user').set('authorization', token).send({});
    expect(missing.status).toBe(400);
    expect(await t.behind.countOf('notes', id)).toBe(2);
    expect(await t.behind.countOf('user_sessions', id)).toBe(2);
    expect(await t.behind.countOf('api_tokens', id)).toBe(1);

    const res = await t.http.delete('/api/user').set('authorization', token).send({ password });
    expect(res.status).toBe(200);
    expect(await t.behind.countOf('notes', id)).toBe(0);
    expect(await t.behind.countOf('user_sessions', id)).toBe(0);
    expect(await t.behind.countOf('api_tokens', id)).toBe(0);
    expect(await socket.waitForClose()).toEqual({ code: 4401, reason: 'Signed out' });
    expect((await notes(token)).status).toBe(401);
    expect((await notes(api.token)).status).toBe(401);
    expect((await t.http.post('/api/auth/login').send({ email, password })).status).toBe(404);
  });
});

it('logs no token, API token or password', async () => {
  const secrets: string[] = [];
  const { token, email } = await t.signup();
  secrets.push(token);
  const api = await createToken(token, { name: 'logged?', scope: 'write' });
  secrets.push(api.token);
  await notes(api.token);
  await t.http
    .post('/api/tokens')
    .set('authorization', api.token)
    .send({ name: 'x', scope: 'read' });
  await t.http
    .post('/api/user/password')
    .set('authorization', token)
    .send({ currentPassword: password, newPassword: 'another secret pw' });
  secrets.push(password, 'another secret pw', await login(email, 'jest', 'another secret pw'));
  expect(logLines.length).toBeGreaterThan(0);
  const log = logLines.join('');
  for (const secret of secrets) expect(log).not.toContain(secret);
  expect(log).not.toContain(api.token.slice(4));
});

describe('an account made by single sign-on (no password)', () => {
  it('is refused, never a 500, where a password is asked; it sets a first one, then may delete', async () => {
    const { token, id, email } = await t.signup();
    await t.store.users.setPasswordHash(id, noPasswordHash, new Date().toISOString());
    const asked = [
      t.http.post('/api/user/email').send({ email: `other-${email}`, password: 'anything' }),
      t.http.delete('/api/user').send({ password: 'anything' }),
      t.http.post('/api/auth/totp/disable').send({ password: 'anything' }),
    ];
    for (const request of asked) {
      const res = await request.set('authorization', token);
      expect(res.status).toBe(400);
      expect(res.body.errors[0]).toEqual(expect.any(String));
    }
    const first = await t.http
      .post('/api/user/password')
      .set('authorization', token)
      .send({ newPassword: 'a first password' });
    expect(first.status).toBe(200);
    await t.http.post('/api/auth/login').send({ email, password: 'a first password' }).expect(200);
    // Once it has one, a change asks for it like any other account's.
    await t.http
      .post('/api/user/password')
      .set('authorization', token)
      .send({ newPassword: 'another password' })
      .expect(400);
    await t.http
      .delete('/api/user')
      .set('authorization', token)
      .send({ password: 'a first password' })
      .expect(200);
  });
});
