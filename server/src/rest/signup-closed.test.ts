import { signupClosedMessage } from '../errors';
import { createTestApp, type TestApp } from '../test-support/app';

const newUser = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  password: 'correct horse battery',
  confirmPassword: 'correct horse battery',
};

describe('ALLOW_SIGNUP off', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ allowSignup: false, demoUsers: true });
  });
  afterAll(() => t.close());

  it('says so at GET /api/auth/signup', async () => {
    const res = await t.http.get('/api/auth/signup');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ open: false });
  });

  it('refuses REST signup with 403 and a clear message, creating nobody', async () => {
    const res = await t.http.post('/api/auth/signup').send(newUser);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ errors: [signupClosedMessage] });
    expect((await t.behind.users()).map((u) => u.email)).not.toContain(newUser.email);
  });

  it('refuses GraphQL signup with FORBIDDEN', async () => {
    const res = await t.graphql(
      'mutation ($input: SignupInput!) { signup(input: $input) { token } }',
      { input: newUser },
    );
    expect(res.errors?.[0]).toMatchObject({
      message: signupClosedMessage,
      extensions: { code: 'FORBIDDEN' },
    });
  });

  it('still seeds the demo accounts, which sign in', async () => {
    const res = await t.http
      .post('/api/auth/login')
      .send({ email: 'demo@jotter.app', password: 'jotter-demo-pass' });
    expect(res.status).toBe(200);
    expect(res.body.encodedToken).toEqual(expect.any(String));
  });
});

describe('ALLOW_SIGNUP on (the default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('takes signups and says so', async () => {
    expect(t.config.allowSignup).toBe(true);
    expect((await t.http.get('/api/auth/signup')).body).toEqual({ open: true });
    expect((await t.http.post('/api/auth/signup').send(newUser)).status).toBe(201);
  });
});
