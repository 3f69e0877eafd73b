import { Secret, TOTP } from 'otpauth';

import { createTestApp, type TestApp } from '../test-support/app';
import { softwareAuthenticator } from '../test-support/software-authenticator';

const origin = 'http://localhost:4000';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ publicUrl: origin });
});
afterAll(() => t.close());

/** Adds a passkey for the user through the two registration routes; the answer to verify. */
async function addPasskey(token: string, name?: string) {
  const authenticator = softwareAuthenticator();
  const auth = { Authorization: `Bearer ${token}` };
  const options = await t.http.post('/api/auth/passkeys/registration/options').set(auth).send({});
  expect(options.status).toBe(200);
  const response = authenticator.register(options.body, origin);
  const verified = await t.http
    .post('/api/auth/passkeys/registration/verify')
    .set(auth)
    .send({ name, response });
  return { authenticator, verified, options };
}

async function signInWith(authenticator: ReturnType<typeof softwareAuthenticator>, at = origin) {
  const options = await t.http.post('/api/auth/passkeys/authentication/options').send({});
  expect(options.status).toBe(200);
  return t.http
    .post('/api/auth/passkeys/authentication/verify')
    .send({ response: authenticator.authenticate(options.body, at) });
}

describe('adding a passkey', () => {
  it('asks for a discoverable credential for PUBLIC_URL, then keeps it (201)', async () => {
    const { token, email } = await t.signup();
    const { verified, options } = await addPasskey(token, 'Laptop');
    expect(options.body).toMatchObject({
      rp: { id: 'localhost', name: 'Jotter' },
      user: { name: email },
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
      attestation: 'none',
    });
    expect(verified.status).toBe(201);
    expect(verified.body).toEqual({
      passkey: {
        _id: expect.any(String),
        name: 'Laptop',
        createdAt: expect.any(String),
        lastUsedAt: null,
      },
    });
    const list = await t.http.get('/api/auth/passkeys').set('Authorization', `Bearer ${token}`);
    expect(list.body.passkeys).toEqual([verified.body.passkey]);
  });

  it('names an unnamed one, and lists only its owner’s passkeys', async () => {
    const { token } = await t.signup();
    const other = await t.signup();
    await addPasskey(other.token, 'Theirs');
    const { verified } = await addPasskey(token);
    expect(verified.body.passkey.name).toBe('Passkey 1');
    const list = await t.http.get('/api/auth/passkeys').set('Authorization', `Bearer ${token}`);
    expect(list.body.passkeys.map((p: { name: string }) => p.name)).toEqual(['Passkey 1']);
  });

  it('refuses a challenge used twice, one from another origin, or a bad body (400)', async () => {
    const { token } = await t.signup();
    const auth = { Authorization: `Bearer ${token}` };
    const authenticator = softwareAuthenticator();
    const options = await t.http.post('/api/auth/passkeys/registration/options').set(auth).send({});
    const wrongOrigin = await t.http
      .post('/api/auth/passkeys/registration/verify')
      .set(auth)
      .send({ response: authenticator.register(options.body, 'http://evil.example') });
    expect(wrongOrigin.status).toBe(400);
    expect(wrongOrigin.body.errors[0]).toMatch(/^response: the passkey could not be verified/);
    // The challenge was used up by that attempt.
    const replay = await t.http
      .post('/api/auth/passkeys/registration/verify')
      .set(auth)
      .send({ response: authenticator.register(options.body, origin) });
    expect(replay.status).toBe(400);
    const bad = await t.http
      .post('/api/auth/passkeys/registration/verify')
      .set(auth)
      .send({ response: { id: 'x' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toMatch(/^response\./);
    const longName = await t.http
      .post('/api/auth/passkeys/registration/verify')
      .set(auth)
      .send({ name: 'x'.repeat(101), response: authenticator.register(options.body, origin) });
    expect(longName.status).toBe(400);
    expect(longName.body.errors[0]).toMatch(/^name:/);
  });

  it("refuses another user's challenge", async () => {
    const alice = await t.signup();
    const bob = await t.signup();
    const authenticator = softwareAuthenticator();
    const options = await t.http
      .post('/api/auth/passkeys/registration/options')
      .set('Authorization', `Bearer ${alice.token}`)
      .send({});
    const res = await t.http
      .post('/api/auth/passkeys/registration/verify')
      .set('Authorization', `Bearer ${bob.token}`)
      .send({ response: authenticator.register(options.body, origin) });
    expect(res.status).toBe(400);
  });
});

describe('signing in with a passkey', () => {
  it('answers as login does, needs no second factor, and records the use', async () => {
    const { token, email } = await t.signup();
    const auth = { Authorization: `Bearer ${token}` };
    const { authenticator } = await addPasskey(token, 'Phone');
    const { secret } = (await t.http.post('/api/auth/totp/setup').set(auth).send({})).body as {
      secret: string;
    };
    const code = new TOTP({ secret: Secret.fromBase32(secret) }).generate();
    expect((await t.http.post('/api/auth/totp/enable').set(auth).send({ code })).status).toBe(200);
    const res = await signInWith(authenticator);
    expect(res.status).toBe(200);
    expect(res.body.foundUser).toMatchObject({ email, notes: [], archives: [], trash: [] });
    const me = await t.http
      .get('/api/user')
      .set('Authorization', `Bearer ${res.body.encodedToken as string}`);
    expect(me.body.user.email).toBe(email);
    const list = await t.http.get('/api/auth/passkeys').set(auth);
    expect(list.body.passkeys[0].lastUsedAt).toEqual(expect.any(String));
    expect((await signInWith(authenticator)).status).toBe(200);
  });

  it('401 for a passkey not added here, a wrong origin, or a reused challenge', async () => {
    const { token } = await t.signup();
    const { authenticator } = await addPasskey(token);
    const stranger = softwareAuthenticator();
    const unknown = await signInWith(stranger);
    expect(unknown.status).toBe(401);
    expect(unknown.body.errors[0]).toMatch(/not known here/);
    expect((await signInWith(authenticator, 'http://evil.example')).status).toBe(401);
    const options = await t.http.post('/api/auth/passkeys/authentication/options').send({});
    const first = await t.http
      .post('/api/auth/passkeys/authentication/verify')
      .send({ response: authenticator.authenticate(options.body, origin) });
    expect(first.status).toBe(200);
    const again = await t.http
      .post('/api/auth/passkeys/authentication/verify')
      .send({ response: authenticator.authenticate(options.body, origin) });
    expect(again.status).toBe(401);
    const malformed = await t.http
      .post('/api/auth/passkeys/authentication/verify')
      .send({ response: 'nope' });
    expect(malformed.status).toBe(400);
  });
});

describe('renaming and removing', () => {
  it('renames (trimmed), removes, and 404s what is not the caller’s', async () => {
    const { token } = await t.signup();
    const other = await t.signup();
    const auth = { Authorization: `Bearer ${token}` };
    const { verified, authenticator } = await addPasskey(token, 'Old');
    const id = verified.body.passkey._id as string;
    const renamed = await t.http
      .patch(`/api/auth/passkeys/${id}`)
      .set(auth)
      .send({ name: '  Work laptop ' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.passkey).toMatchObject({ _id: id, name: 'Work laptop' });
    const empty = await t.http.patch(`/api/auth/passkeys/${id}`).set(auth).send({ name: ' ' });
    expect(empty.status).toBe(400);
    const notTheirs = await t.http
      .delete(`/api/auth/passkeys/${id}`)
      .set('Authorization', `Bearer ${other.token}`);
    expect(notTheirs.status).toBe(404);
    const removed = await t.http.delete(`/api/auth/passkeys/${id}`).set(auth);
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ passkeys: [] });
    expect((await signInWith(authenticator)).status).toBe(401);
    expect((await t.http.delete(`/api/auth/passkeys/${id}`).set(auth)).status).toBe(404);
  });

  it('401 without a token; the public key is in no answer', async () => {
    expect((await t.http.get('/api/auth/passkeys')).status).toBe(401);
    expect((await t.http.post('/api/auth/passkeys/registration/options').send({})).status).toBe(
      401,
    );
    const { token } = await t.signup();
    await addPasskey(token);
    const stored = await t.behind.secondFactorRows('passkeys');
    const list = await t.http.get('/api/auth/passkeys').set('Authorization', `Bearer ${token}`);
    for (const row of stored) expect(list.text).not.toContain(String(row.public_key));
  });
});

describe('relying party from the request when PUBLIC_URL is unset', () => {
  it('uses the Host the browser came to', async () => {
    const app = await createTestApp();
    try {
      const { token } = await app.signup();
      const options = await app.http
        .post('/api/auth/passkeys/registration/options')
        .set('Authorization', `Bearer ${token}`)
        .set('Host', 'notes.example.org:8080')
        .send({});
      expect(options.body.rp.id).toBe('notes.example.org');
    } finally {
      await app.close();
    }
  });
});
