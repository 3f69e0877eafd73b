import { createTestApp, type TestApp } from '../../server/src/test-support/app';
import { capturedLog, recordSecrets } from '../support/log-capture';
import { report } from '../support/report';

/**
 * Issue 40's attachments as an attacker meets them (DESIGN.md, "Images and files"): a stranger
 * and an id pasted into someone else's note get 404; the sign-in cookie that lets the browser
 * show images is taken on GET /api/attachments/:id only (a POST or another route with only the
 * cookie is 401: no cross-site request can write with it); every answer carries nosniff,
 * Content-Disposition, a sandboxing CSP and private caching; SVG and HTML are refused whatever
 * content-type they claim, and nothing is ever served as text/html. The routes × credentials
 * table (no credentials, read token, ended session, disabled user…) is in account-routes.test.ts.
 */
let t: TestApp;
const password = 'correct horse battery';

/** A 4×3 red PNG. */
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAADCAIAAAA7ljmRAAAAEElEQVR4nGM4IScHRww4OQD1xwwxB+utmQAAAABJRU5ErkJggg==',
  'base64',
);
const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<< >>\nendobj\ntrailer\n<< >>\n%%EOF\n', 'latin1');
const html = '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>';
const svg =
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>';

interface Person {
  token: string;
  id: string;
  email: string;
}
let alice: Person;
let bob: Person;

async function uploadAs(
  token: string | undefined,
  body: Buffer,
  contentType: string,
  name?: string,
) {
  const req = t.http.post('/api/attachments').set('content-type', contentType);
  if (token) req.set('authorization', token);
  if (name) req.set('x-file-name', name);
  return req.send(body);
}

async function addNote(token: string, content: string): Promise<string> {
  const res = await t.http
    .post('/api/notes')
    .set('authorization', token)
    .send({ note: { title: 'with an image', content } });
  expect(res.status).toBe(201);
  return (res.body.notes as Array<{ _id: string; title: string }>).at(-1)!._id;
}

/** The cookies a sign-in answer sets, as one Cookie header (`name=value; …`). */
function cookiesOf(setCookie: string | string[] | undefined): string {
  return [setCookie ?? []]
    .flat()
    .map((c) => c.split(';')[0]!)
    .join('; ');
}

beforeAll(async () => {
  t = await createTestApp({}, capturedLog('attachments-security'));
  recordSecrets(password);
  alice = await t.signup({ password, confirmPassword: password });
  bob = await t.signup({ password, confirmPassword: password });
  recordSecrets(alice.token, bob.token);
});
afterAll(() => t.close());

it('a stranger, and an id pasted into the stranger’s own note, get 404 with nothing of the file', async () => {
  const up = await uploadAs(alice.token, png, 'image/png', 'private.png');
  expect(up.status).toBe(201);
  const id = up.body.attachment._id as string;
  expect(up.body.attachment.url).toBe(`/api/attachments/${id}`);
  // Alice uses it in her own note: Bob is no member of that note.
  await addNote(alice.token, `<p><img src="/api/attachments/${id}" alt="mine"></p>`);
  // Bob pastes the id into his own note: the uploader is no member of it, so it gives nothing.
  await addNote(bob.token, `<p><img src="/api/attachments/${id}" alt="stolen"></p>`);
  const leaks: string[] = [];
  for (const route of [`/api/attachments/${id}`, `/api/attachments/${id}?size=thumb`]) {
    const res = await t.http.get(route).set('authorization', bob.token);
    if (res.status !== 404) leaks.push(`${route}: ${res.status}`);
    expect(res.body.errors?.[0]).toEqual(expect.any(String));
    if (
      /private\.png/.test(JSON.stringify(res.body)) ||
      res.headers['content-type']?.startsWith('image/')
    )
      leaks.push(`${route} leaked the file`);
    // The uploader still reads it.
    expect((await t.http.get(route).set('authorization', alice.token)).status).toBe(200);
  }
  // An id that does not exist answers the same as one that is not yours.
  const none = await t.http
    .get('/api/attachments/00000000-0000-4000-8000-000000000000')
    .set('authorization', bob.token);
  expect(none.status).toBe(404);
  // No credentials at all: 401.
  expect((await t.http.get(`/api/attachments/${id}`)).status).toBe(401);
  expect(leaks).toEqual([]);
  report(
    'attachments access',
    'a stranger and an id pasted into the stranger’s note: 404 on the file and its thumbnail; no credentials 401',
  );
});

it('the sign-in cookie reads attachments but writes nothing: a POST or another route with only the cookie is 401', async () => {
  const login = await t.http.post('/api/auth/login').send({ email: alice.email, password });
  expect(login.status).toBe(200);
  const bearer = `Bearer ${login.body.encodedToken as string}`;
  recordSecrets(login.body.encodedToken as string);
  // The cookie may come with the sign-in's answer or with the app's first signed-in request, a
  // browser's (it says where it comes from; a script, which does not, gets none).
  const script = await t.http.get('/api/notes').set('authorization', bearer);
  expect(cookiesOf(script.headers['set-cookie'])).toBe('');
  const first = await t.http
    .get('/api/notes')
    .set('authorization', bearer)
    .set('origin', 'http://localhost:4000');
  const cookie = [cookiesOf(login.headers['set-cookie']), cookiesOf(first.headers['set-cookie'])]
    .filter(Boolean)
    .join('; ');
  expect(cookie).not.toBe('');
  for (const pair of cookie.split('; ')) recordSecrets(pair.slice(pair.indexOf('=') + 1));
  const up = await uploadAs(alice.token, png, 'image/png');
  const id = up.body.attachment._id as string;

  // The browser's <img>: the cookie alone reads the file and its thumbnail.
  expect((await t.http.get(`/api/attachments/${id}`).set('cookie', cookie)).status).toBe(200);
  expect((await t.http.get(`/api/attachments/${id}?size=thumb`).set('cookie', cookie)).status).toBe(
    200,
  );
  // A cross-site form or fetch carries the cookie too: it must not write, nor read anything else.
  const forged = await t.http
    .post('/api/attachments')
    .set('cookie', cookie)
    .set('content-type', 'image/png')
    .send(png);
  expect(forged.status).toBe(401);
  expect(forged.body.errors?.[0]).toEqual(expect.any(String));
  expect((await t.http.get('/api/notes').set('cookie', cookie)).status).toBe(401);
  expect(
    (
      await t.http
        .post('/api/notes')
        .set('cookie', cookie)
        .send({ note: { title: 'csrf' } })
    ).status,
  ).toBe(401);
  expect(
    (await t.http.post('/graphql').set('cookie', cookie).send({ query: '{ me { id } }' })).body
      .errors?.[0]?.extensions?.code,
  ).toBe('UNAUTHENTICATED');

  // After logout the session the cookie stood for is over: the cookie reads nothing either.
  const logout = await t.http
    .post('/api/auth/logout')
    .set('authorization', bearer)
    .set('cookie', cookie);
  expect(logout.status).toBe(200);
  expect((await t.http.get(`/api/attachments/${id}`).set('cookie', cookie)).status).toBe(401);
  report(
    'attachments cookie',
    'the sign-in cookie reads a file and its thumbnail; with only the cookie, POST /api/attachments, /api/notes and GraphQL are 401; after logout it is 401',
  );
});

it('every answer carries nosniff, Content-Disposition, a sandboxing CSP, private caching and an ETag', async () => {
  const image = await uploadAs(alice.token, png, 'image/png', 'red.png');
  const file = await uploadAs(alice.token, pdf, 'application/pdf', 'doc.pdf');
  expect([image.status, file.status]).toEqual([201, 201]);
  expect(image.body.attachment).toMatchObject({
    contentType: 'image/png',
    width: 4,
    height: 3,
    name: 'red.png',
  });
  expect(file.body.attachment).toMatchObject({ contentType: 'application/pdf', name: 'doc.pdf' });
  const cases = [
    { url: image.body.attachment.url as string, type: /^image\/png/, disposition: /^inline/ },
    {
      url: `${image.body.attachment.url as string}?size=thumb`,
      type: /^image\//,
      disposition: /^inline/,
    },
    {
      url: file.body.attachment.url as string,
      type: /^application\/pdf/,
      disposition: /^attachment/,
    },
  ];
  for (const c of cases) {
    const res = await t.http.get(c.url).set('authorization', alice.token);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(c.type);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toMatch(c.disposition);
    expect(res.headers['content-security-policy']).toMatch(/(^|;)\s*sandbox\b/);
    expect(res.headers['cache-control']).toMatch(/\bprivate\b/);
    expect(res.headers['cache-control']).not.toMatch(/\bpublic\b/);
    expect(res.headers.etag).toEqual(expect.any(String));
  }
  // The original is served byte for byte (a PDF is stored as sent).
  const back = await t.http
    .get(file.body.attachment.url as string)
    .set('authorization', alice.token)
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
  expect(Buffer.compare(back.body as Buffer, pdf)).toBe(0);
});

it('SVG and HTML are refused with 415 whatever type they claim, and nothing is ever served as text/html', async () => {
  const refused: string[] = [];
  for (const [label, body] of [
    ['svg', svg],
    ['html', html],
  ] as const) {
    for (const type of [
      'image/png',
      'image/jpeg',
      'image/svg+xml',
      'text/html',
      'application/pdf',
    ]) {
      const res = await uploadAs(alice.token, Buffer.from(body), type, `x.${label}`);
      if (res.status !== 415 || !res.body.errors?.[0])
        refused.push(`${label} as ${type}: ${res.status}`);
    }
  }
  expect(refused).toEqual([]);

  // Polyglots: a real header with HTML behind it. Stored or refused, never served as HTML.
  const polyglots: Array<[string, Buffer, string]> = [
    ['png + html', Buffer.concat([png, Buffer.from(html)]), 'evil.html'],
    ['pdf + html', Buffer.concat([pdf, Buffer.from(html)]), 'evil.html'],
    ['gif header + html', Buffer.from(`GIF89a${html}`, 'latin1'), 'evil.htm'],
  ];
  const served: string[] = [];
  for (const [label, body, name] of polyglots) {
    const res = await uploadAs(alice.token, body, 'text/html', name);
    if (res.status === 415 || res.status === 400) {
      served.push(`${label}: refused ${res.status}`);
      continue;
    }
    expect(res.status).toBe(201);
    expect(res.body.attachment.contentType).not.toMatch(/html/);
    for (const suffix of ['', '?size=thumb']) {
      const get = await t.http
        .get(`${res.body.attachment.url as string}${suffix}`)
        .set('authorization', alice.token);
      if (get.status !== 200) continue;
      expect(get.headers['content-type']).not.toMatch(/html|xml|javascript/);
      expect(get.headers['x-content-type-options']).toBe('nosniff');
      expect(get.headers['content-security-policy']).toMatch(/sandbox/);
      served.push(`${label}${suffix}: stored as ${res.body.attachment.contentType as string}`);
    }
  }
  report(
    'attachments types',
    `SVG and HTML under 5 claimed types: 415; polyglots: ${served.join('; ')}`,
  );
});

it('a file is never named for download as a page: x-file-name evil.html on a PNG is not served as evil.html', async () => {
  // "Save image as…" keeps Content-Disposition's name; a local evil.html opens as a page and runs
  // the HTML hidden after the image's bytes. The name served must end as its type does.
  const pages: string[] = [];
  for (const name of ['evil.html', 'evil.htm', 'evil.svg', 'evil.xhtml']) {
    const up = await uploadAs(
      alice.token,
      Buffer.concat([png, Buffer.from(html)]),
      'image/png',
      name,
    );
    expect(up.status).toBe(201);
    for (const suffix of ['', '?size=thumb']) {
      const get = await t.http
        .get(`${up.body.attachment.url as string}${suffix}`)
        .set('authorization', alice.token);
      expect(get.status).toBe(200);
      const disposition = get.headers['content-disposition'] ?? '';
      // The name a "Save as…" keeps is what counts: it must not end as a page does.
      if (/\.(html?|svg|xhtml)("|$)/i.test(disposition))
        pages.push(`${name}${suffix}: ${disposition}`);
    }
  }
  expect(pages).toEqual([]);
});
