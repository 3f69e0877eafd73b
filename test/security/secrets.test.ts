import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { resolveJwtSecret } from '../../server/src/auth/tokens';
import { createTestApp, type TestApp } from '../../server/src/test-support/app';
import { capturedLog, readCapture, recordSecrets } from '../support/log-capture';
import { report } from '../support/report';

/**
 * Secrets: no password, hash or token in any API answer or any log line. Runs last: the log it
 * greps is the trace-level pino output of every app the security suite started.
 */
let t: TestApp;
const password = 'never-in-a-log 1234';

beforeAll(async () => {
  t = await createTestApp({ authRateLimit: 2 }, capturedLog('secrets'));
  recordSecrets(password);
});
afterAll(() => t.close());

it('no password, hash or token in any API answer', async () => {
  const answers: string[] = [];
  const keep = (body: unknown) => answers.push(JSON.stringify(body));
  const signup = await t.http.post('/api/auth/signup').send({
    firstName: 'S',
    lastName: 'C',
    email: 'secret@example.com',
    password,
    confirmPassword: password,
  });
  const token = signup.body.encodedToken as string;
  recordSecrets(token);
  keep(signup.body);
  const login = await t.http
    .post('/api/auth/login')
    .send({ email: 'secret@example.com', password });
  keep(login.body);
  recordSecrets(login.body.encodedToken);
  await t.http
    .post('/api/notes')
    .set('authorization', token)
    .send({ note: { title: 'n' } })
    .then((r) => keep(r.body));
  for (const route of ['/api/user', '/api/notes', '/api/archives', '/api/trash'])
    keep((await t.http.get(route).set('authorization', token)).body);
  keep(await t.graphql('{ me { id email firstName lastName createdAt updatedAt } }', {}, token));
  const gqlLogin = await t.graphql<{ login: { token: string; user: unknown } }>(
    'mutation($e: String!, $p: String!) { login(email: $e, password: $p) { token user { id email } } }',
    { e: 'secret@example.com', p: password },
  );
  recordSecrets(gqlLogin.data!.login.token);
  keep(gqlLogin.data!.login.user);
  // Failures, including the rate limit, must not echo what was sent.
  for (let i = 0; i < 3; i += 1)
    keep(
      (
        await t.http
          .post('/api/auth/login')
          .send({ email: 'secret@example.com', password: `${password}-wrong` })
      ).body,
    );
  keep(
    (
      await t.http.post('/api/auth/signup').send({
        firstName: 'S',
        lastName: 'C',
        email: 'x@example.com',
        password: 'short',
        confirmPassword: 'short',
      })
    ).body,
  );
  keep(await t.graphql('mutation { logout }', {}, token));
  keep((await t.http.get('/api/notes').set('authorization', token)).body);

  const { passwordHash } = (await t.store.users.findByEmail('secret@example.com'))!;
  recordSecrets(passwordHash);
  const forbidden = [
    password,
    passwordHash,
    '$argon2',
    token,
    login.body.encodedToken,
    gqlLogin.data!.login.token,
  ];
  const authAnswers = 3; // signup and the two logins hand out their own token, and only that
  const leaks = answers.flatMap((answer, i) =>
    forbidden
      .filter((secret, j) => answer.includes(secret) && !(i < authAnswers && j >= 3))
      .map((s) => `answer ${i} holds ${s.slice(0, 12)}…`),
  );
  expect(leaks).toEqual([]);
  expect(answers.join('')).not.toMatch(/password|hash/i);
  report(
    'secrets, API',
    `${answers.length} answers (auth, lists, GraphQL, failures, rate limit, after logout): no password, no hash, no token beyond the one an auth answer hands out`,
  );
});

it('no password, hash or token in any log line of the whole security suite', () => {
  const { lines, secrets, files } = readCapture();
  expect(files).toBeGreaterThanOrEqual(5);
  expect(lines.length).toBeGreaterThan(100);
  const leaks: string[] = [];
  for (const line of lines) {
    for (const secret of secrets)
      if (line.includes(secret)) leaks.push(`${secret.slice(0, 10)}… in ${line.slice(0, 200)}`);
    if (line.includes('$argon2')) leaks.push(`a hash in ${line.slice(0, 200)}`);
  }
  expect(leaks).toEqual([]);
  report(
    'secrets, logs',
    `${lines.length} trace-level log lines from ${files} apps grepped for ${secrets.length} passwords, hashes and tokens: none found`,
  );
});

it('the generated JWT secret file is created with mode 0600', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jotter-secret-'));
  const previous = process.umask(0o000);
  try {
    const secret = resolveJwtSecret(undefined, dir);
    expect(secret.length).toBeGreaterThanOrEqual(32);
    expect(fs.statSync(path.join(dir, 'jwt-secret')).mode & 0o777).toBe(0o600);
    expect(resolveJwtSecret(undefined, dir)).toBe(secret);
    report(
      'secrets, JWT file',
      'generated with a permissive umask: mode 0600, at least 32 characters, reused on the next start',
    );
  } finally {
    process.umask(previous);
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
