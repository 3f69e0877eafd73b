import { createTestApp, type TestApp } from '../test-support/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const newUser = (email: string) => ({
  firstName: 'Grace',
  lastName: 'Hopper',
  email,
  password: 'a-long-password',
  confirmPassword: 'a-long-password',
});

describe('POST /api/auth/signup', () => {
  it('creates the account: 201 with createdUser (no password) and a token', async () => {
    const res = await t.http.post('/api/auth/signup').send(newUser('grace@example.com'));
    expect(res.status).toBe(201);
    expect(res.body.encodedToken).toEqual(expect.any(String));
    expect(res.body.createdUser).toMatchObject({
      _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      firstName: 'Grace',
      lastName: 'Hopper',
      email: 'grace@example.com',
      notes: [],
      archives: [],
      trash: [],
    });
    expect(res.body.createdUser.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/);
    expect(JSON.stringify(res.body)).not.toMatch(/password|argon2/i);
  });

  it('refuses an email that exists, ignoring case: 422 with the spec message', async () => {
    const res = await t.http.post('/api/auth/signup').send(newUser('GRACE@example.com'));
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ errors: ['Unprocessable Entity. Email Already Exists.'] });
  });

  it.each([
    ['email', { email: 'not-an-email' }, /email/],
    [
      'password',
      { password: 'short', confirmPassword: 'short' },
      /password: must be at least 8 characters/,
    ],
    ['firstName', { firstName: '' }, /firstName/],
    ['confirmPassword', { confirmPassword: 'something-else' }, /confirmPassword: does not match/],
    ['lastName type', { lastName: 42 }, /lastName/],
  ])('400 naming the field at fault: %s', async (_name, change, message) => {
    const res = await t.http
      .post('/api/auth/signup')
      .send({ ...newUser('field@example.com'), ...change });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatch(message);
  });

  it('accepts passwords up to at least 64 characters', async () => {
    const password = 'x'.repeat(64);
    const res = await t.http
      .post('/api/auth/signup')
      .send({ ...newUser('long@example.com'), password, confirmPassword: password });
    expect(res.status).toBe(201);
  });
});

describe('POST /api/auth/login', () => {
  it('200 with foundUser carrying notes, archives and trash, and a token', async () => {
    const { token } = await t.signup({ email: 'lists@example.com' });
    await t.http
      .post('/api/notes')
      .set('authorization', token)
      .send({ note: { title: 'one', content: '<p>x</p>' } });
    const res = await t.http
      .post('/api/auth/login')
      .send({ email: 'Lists@Example.com', password: 'correct horse battery' });
    expect(res.status).toBe(200);
    expect(res.body.encodedToken).toEqual(expect.any(String));
    expect(res.body.foundUser.email).toBe('lists@example.com');
    expect(res.body.foundUser.notes).toHaveLength(1);
    expect(res.body.foundUser.archives).toEqual([]);
    expect(res.body.foundUser.trash).toEqual([]);
    expect(res.body.foundUser.password).toBeUndefined();
  });

  it('404 for an unknown email, with the spec message', async () => {
    const res = await t.http
      .post('/api/auth/login')
      .send({ email: 'nobody@example.com', password: 'whatever-it-is' });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({
      errors: ['The email you entered is not Registered. Not Found error'],
    });
  });

  it('401 for a wrong password, with the spec message', async () => {
    await t.signup({ email: 'wrongpw@example.com' });
    const res = await t.http
      .post('/api/auth/login')
      .send({ email: 'wrongpw@example.com', password: 'not-the-password' });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({
      errors: ['The credentials you entered are invalid. Unauthorized access error.'],
    });
  });

  it('400 when a field is missing or of the wrong type', async () => {
    const missing = await t.http.post('/api/auth/login').send({ email: 'a@example.com' });
    expect(missing.status).toBe(400);
    expect(missing.body.errors[0]).toMatch(/^password:/);
    const wrongType = await t.http.post('/api/auth/login').send({ email: ['a'], password: 'x' });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.errors[0]).toMatch(/^email:/);
  });
});

describe('rate limit', () => {
  it('answers 429 with a clear message after too many failed logins from one address', async () => {
    const limited = await createTestApp({ authRateLimit: 3 });
    try {
      await limited.signup({ email: 'target@example.com' });
      const attempt = () =>
        limited.http
          .post('/api/auth/login')
          .send({ email: 'target@example.com', password: 'guess-guess' });
      for (let i = 0; i < 3; i += 1) expect((await attempt()).status).toBe(401);
      const blocked = await attempt();
      expect(blocked.status).toBe(429);
      expect(blocked.body.errors[0]).toMatch(/Too many failed attempts/);
    } finally {
      await limited.close();
    }
  });
});
