import { createTestApp, type TestApp } from '../../server/src/test-support/app';
import { capturedLog, recordSecrets } from '../support/log-capture';
import { providerLogin, startTestProvider, type TestProvider } from '../support/oidc-provider';
import { report } from '../support/report';

/**
 * Single sign-on's routes as an attacker meets them: the callback with any query and any cookie
 * never signs anyone in nor answers 500; nothing secret (the client secret, the code, the sealed
 * state, the token handed out) in an answer or a log line (the secrets suite greps the log).
 */
const publicUrl = 'http://jotter.test';
let provider: TestProvider;
let t: TestApp;

beforeAll(async () => {
  provider = await startTestProvider([`${publicUrl}/api/auth/oidc/callback`]);
  recordSecrets(provider.clientSecret);
  t = await createTestApp(
    {
      publicUrl,
      oidc: {
        issuer: provider.issuer,
        clientId: provider.clientId,
        clientSecret: provider.clientSecret,
        label: 'Test SSO',
        signup: true,
      },
    },
    capturedLog('single-sign-on'),
  );
});
afterAll(async () => {
  await t?.close();
  await provider?.stop();
});

const stateCookie = (setCookie: string[] | string | undefined) =>
  [setCookie ?? []]
    .flat()
    .find((c) => c.startsWith('jotter_oidc='))!
    .split(';')[0]!;

it('signs in only through a real round trip; nothing secret in the answers', async () => {
  const answers: string[] = [];
  const options = await t.http.get('/api/auth/options');
  answers.push(JSON.stringify(options.body));
  const start = await t.http.get('/api/auth/oidc/start');
  const cookie = stateCookie(start.headers['set-cookie']);
  recordSecrets(cookie.slice('jotter_oidc='.length));
  answers.push(JSON.stringify(start.headers), start.text);
  const back = await providerLogin(publicUrl, start.headers.location!, 'secure-user');
  recordSecrets(back.searchParams.get('code')!);
  const done = await t.http.get(back.pathname + back.search).set('cookie', cookie);
  const token = decodeURIComponent(/#token=(.+)$/.exec(done.headers.location!)![1]!);
  recordSecrets(token);
  // The same code and state again (a replay): refused, nobody signed in.
  const replay = await t.http.get(back.pathname + back.search).set('cookie', cookie);
  expect(replay.headers.location).toBe('/login?sso_error=failed');
  answers.push(replay.text, JSON.stringify(replay.headers));
  for (const answer of answers) {
    expect(answer).not.toContain(provider.clientSecret);
    expect(answer).not.toContain(token);
  }
  report(
    'single sign-on, secrets',
    'a real sign-in and its replay: the client secret and the token in no answer but the one redirect that hands the token over (in a fragment)',
  );
});

it('the callback with any query and cookie: a redirect to /login, never a sign-in, never a 500', async () => {
  const queries = [
    '',
    '?code=x',
    '?state=x',
    '?code=x&state=x',
    '?error=access_denied&state=x',
    '?code=%E0%A4%A&state=%00',
    `?code=${'a'.repeat(5000)}&state=${'b'.repeat(5000)}`,
    '?state[]=1&state[]=2&code[a]=b',
    '?iss=http://evil.example&code=x&state=x',
  ];
  const cookies = [
    '',
    'jotter_oidc=',
    'jotter_oidc=AAAA',
    `jotter_oidc=${'A'.repeat(4000)}`,
    'jotter_oidc=%00%ff',
    'jotter_oidc=1; jotter_oidc=2',
  ];
  let tried = 0;
  for (const query of queries) {
    for (const cookie of cookies) {
      const req = t.http.get(`/api/auth/oidc/callback${query}`);
      if (cookie) req.set('cookie', cookie);
      const res = await req;
      tried += 1;
      if (res.status === 400) {
        // A path Express cannot decode is refused before the route, as on every route.
        expect(res.body.errors).toEqual(expect.any(Array));
        continue;
      }
      expect([res.status, res.headers.location]).toEqual([
        302,
        expect.stringMatching(/^\/login\?sso_error=\w+$/),
      ]);
    }
  }
  report(
    'single sign-on, callback',
    `${tried} forged callbacks: each sent back to /login with a code, none signed in, no 500`,
  );
});
