import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';

import sharp from 'sharp';

import { loadConfig } from '../config';
import { binary } from '../test-support/files';
import { createTestApp, type TestApp } from '../test-support/app';

/** An image of `width` × `height` made by sharp, encoded as `format`. */
const picture = (
  format: 'jpeg' | 'png' | 'webp' | 'gif',
  width = 40,
  height = 20,
): Promise<Buffer> =>
  sharp({ create: { width, height, channels: 3, background: '#c03040' } })
    .toFormat(format)
    .toBuffer();

/** A phone's photo: stored sideways (EXIF orientation 6) with the camera and where it was taken. */
const phonePhoto = (): Promise<Buffer> =>
  sharp({ create: { width: 60, height: 30, channels: 3, background: '#2060c0' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Snapper 9' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 29/1' },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();

const minimalPdf = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** A PNG chunk. */
function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/** A pixel bomb: a few hundred bytes of PNG declaring 50,000 × 50,000 pixels. */
function pixelBomb(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(50_000, 0);
  header.writeUInt32BE(50_000, 4);
  header.set([8, 0, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', zlib.deflateSync(Buffer.alloc(50_001 * 4))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

interface Wire {
  _id: string;
  url: string;
  name: string;
  contentType: string;
  size: number;
  width: number | null;
  height: number | null;
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const upload = (app: TestApp, token: string, bytes: Buffer, type = 'image/png', name?: string) => {
  const req = app.http
    .post('/api/attachments')
    .set('authorization', `Bearer ${token}`)
    .set('content-type', type);
  if (name !== undefined) req.set('x-file-name', name);
  return req.send(bytes);
};

async function uploaded(app: TestApp, token: string, bytes: Buffer, type?: string, name?: string) {
  const res = await upload(app, token, bytes, type, name);
  expect(res.status).toBe(201);
  return (res.body as { attachment: Wire }).attachment;
}

const get = (app: TestApp, url: string, token?: string) => {
  const req = app.http
    .get(url)
    .buffer(true)
    .parse(binary as never);
  return token ? req.set('authorization', `Bearer ${token}`) : req;
};

/** Makes a note with `content` for the token's user; returns its id. */
async function noteWith(app: TestApp, token: string, content: string): Promise<string> {
  const title = `note ${Math.random()}`;
  const res = await app.http
    .post('/api/notes')
    .set('authorization', token)
    .send({ note: { title, content } });
  expect(res.status).toBe(201);
  return (res.body as { notes: Array<{ _id: string; title: string }> }).notes.find(
    (n) => n.title === title,
  )!._id;
}

const img = (a: Wire) => `<p>look</p><img src="${a.url}" alt="a photo">`;

describe('POST /api/attachments: what is taken', () => {
  it('takes a JPEG, stores it upright without its EXIF (camera, location), with a thumbnail', async () => {
    const { token } = await t.signup();
    const photo = await phonePhoto();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const a = await uploaded(t, token, photo, 'image/jpeg', encodeURIComponent('Été 2026.jpg'));
    expect(a).toEqual({
      _id: expect.any(String),
      url: `/api/attachments/${a._id}`,
      name: 'Été 2026.jpg',
      contentType: 'image/jpeg',
      size: expect.any(Number),
      width: 30,
      height: 60,
    });
    const res = await get(t, a.url, token);
    expect(res.status).toBe(200);
    const stored = res.body as Buffer;
    expect(stored.length).toBe(a.size);
    const meta = await sharp(stored).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 30, 60]);
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(stored.includes(Buffer.from('PhoneMaker'))).toBe(false);
    expect(stored.includes(Buffer.from('Snapper'))).toBe(false);
  });

  it.each([
    ['png', 'image/png'],
    ['webp', 'image/webp'],
    ['gif', 'image/gif'],
  ] as const)('takes a %s image, whatever content-type is sent', async (format, type) => {
    const { token } = await t.signup();
    const a = await uploaded(t, token, await picture(format), 'application/octet-stream');
    expect(a).toMatchObject({ contentType: type, width: 40, height: 20, name: `image.${format}` });
    const res = await get(t, a.url, token);
    expect(res.headers['content-type']).toBe(type);
    expect((await sharp(res.body as Buffer).metadata()).format).toBe(format);
  });

  it('keeps an animated GIF as uploaded, and gives it a still thumbnail', async () => {
    const { token } = await t.signup();
    const frame = (background: string) =>
      sharp({ create: { width: 20, height: 30, channels: 3, background } })
        .png()
        .toBuffer();
    const animated = await sharp([await frame('#00ff00'), await frame('#ff0000')], {
      join: { animated: true },
    })
      .gif()
      .toBuffer();
    expect((await sharp(animated).metadata()).pages).toBe(2);
    const a = await uploaded(t, token, animated, 'image/gif');
    expect(a).toMatchObject({ contentType: 'image/gif', width: 20, height: 30 });
    const original = await get(t, a.url, token);
    expect(Buffer.compare(original.body as Buffer, animated)).toBe(0);
    const thumb = await get(t, `${a.url}?size=thumb`, token);
    expect(thumb.headers['content-type']).toBe('image/webp');
  });

  it('takes a PDF as a file to download', async () => {
    const { token } = await t.signup();
    const a = await uploaded(t, token, minimalPdf, 'application/pdf', 'bill.pdf');
    expect(a).toMatchObject({ contentType: 'application/pdf', width: null, height: null });
    expect(a.size).toBe(minimalPdf.length);
    const res = await get(t, a.url, token);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="bill.pdf"; filename*=UTF-8''bill.pdf`,
    );
    expect(Buffer.compare(res.body as Buffer, minimalPdf)).toBe(0);
    expect((await get(t, `${a.url}?size=thumb`, token)).status).toBe(404);
  });

  it.each([
    [
      'SVG',
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      'image/svg+xml',
    ],
    ['SVG sent as a PNG', '<svg xmlns="http://www.w3.org/2000/svg"></svg>', 'image/png'],
    ['HTML', '<!doctype html><script>alert(1)</script>', 'text/html'],
    ['HTML sent as a JPEG', '<html><body>hi</body></html>', 'image/jpeg'],
    ['text', 'just some words', 'text/plain'],
    ['an empty body', '', 'image/png'],
  ])('refuses %s: 415', async (_what, body, type) => {
    const { token, id } = await t.signup();
    const res = await upload(t, token, Buffer.from(body), type);
    expect(res.status).toBe(415);
    expect(res.body).toEqual({
      errors: ['file: only JPEG, PNG, WebP and GIF images and PDF files can be attached'],
    });
    expect(await t.services.attachments.usage(id)).toMatchObject({ usedBytes: 0 });
  });

  it('refuses a damaged image that only starts like one: 400, nothing stored', async () => {
    const { token, id } = await t.signup();
    const png = await picture('png');
    const res = await upload(t, token, png.subarray(0, 40));
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatch(/^file: the image could not be read/);
    expect(await t.services.attachments.usage(id)).toMatchObject({ usedBytes: 0 });
  });

  it('refuses a pixel bomb with a 4xx before decoding it, memory staying flat', async () => {
    const { token, id } = await t.signup();
    const before = process.memoryUsage().rss;
    const res = await upload(t, token, pixelBomb());
    expect(res.status).toBe(413);
    expect(res.body.errors[0]).toMatch(/50000 × 50000 pixels/);
    // 50,000² pixels would be 2.5 GB decoded; the check reads only the header.
    expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024);
    expect(await t.services.attachments.usage(id)).toMatchObject({ usedBytes: 0 });
  });

  it('makes a WebP thumbnail of at most 512 px on its long side, once', async () => {
    const { token } = await t.signup();
    const a = await uploaded(t, token, await picture('jpeg', 2000, 1000), 'image/jpeg');
    const res = await get(t, `${a.url}?size=thumb`, token);
    expect(res.status).toBe(200);
    const meta = await sharp(res.body as Buffer).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 512, 256]);
    expect(res.headers['content-disposition']).toMatch(/^inline; filename="image.webp"/);
    // A small image is not enlarged.
    const small = await uploaded(t, token, await picture('png', 30, 10));
    const smallThumb = await sharp(
      (await get(t, `${small.url}?size=thumb`, token)).body as Buffer,
    ).metadata();
    expect([smallThumb.width, smallThumb.height]).toEqual([30, 10]);
  });

  it('refuses a bad x-file-name and a bad size: 400', async () => {
    const { token } = await t.signup();
    const bad = await upload(t, token, await picture('png'), 'image/png', '%E0%A4%A');
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toMatch(/^x-file-name: must be URI-encoded/);
    const long = await upload(t, token, await picture('png'), 'image/png', 'a'.repeat(201));
    expect(long.status).toBe(400);
    const a = await uploaded(t, token, await picture('png'));
    expect((await get(t, `${a.url}?size=huge`, token)).status).toBe(400);
  });

  it('keeps only the last part of a name with folders, without control characters', async () => {
    const { token } = await t.signup();
    const a = await uploaded(
      t,
      token,
      await picture('png'),
      'image/png',
      encodeURIComponent('../../etc/pass\u0007wd.png'),
    );
    expect(a.name).toBe('passwd.png');
  });
});

describe('GET /api/attachments/:id: the answer', () => {
  it('sends the stored type, nosniff, inline with the name, sandbox, private caching, an ETag and 304', async () => {
    const { token } = await t.signup();
    const a = await uploaded(
      t,
      token,
      await picture('png'),
      'image/png',
      encodeURIComponent('ça "va".png'),
    );
    const res = await get(t, a.url, token);
    expect(res.status).toBe(200);
    expect(res.headers).toMatchObject({
      'content-type': 'image/png',
      'x-content-type-options': 'nosniff',
      'content-disposition': `inline; filename="_a _va_.png"; filename*=UTF-8''%C3%A7a%20%22va%22.png`,
      'content-security-policy': 'sandbox',
      'cache-control': 'private, max-age=86400',
    });
    const etag = res.headers.etag as string;
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
    const again = await get(t, a.url, token).set('if-none-match', etag);
    expect(again.status).toBe(304);
    expect(again.headers.etag).toBe(etag);
    expect((await get(t, a.url, token).set('if-none-match', '"other"')).status).toBe(200);
    const thumb = await get(t, `${a.url}?size=thumb`, token);
    expect(thumb.headers.etag).not.toBe(etag);
    expect(
      (
        await get(t, `${a.url}?size=thumb`, token).set(
          'if-none-match',
          thumb.headers.etag as string,
        )
      ).status,
    ).toBe(304);
  });
});

describe('who may read an attachment', () => {
  it('the uploader reads; a stranger gets 404; no credentials 401; an unknown id 404', async () => {
    const owner = await t.signup();
    const stranger = await t.signup();
    const a = await uploaded(t, owner.token, await picture('png'));
    expect((await get(t, a.url, owner.token)).status).toBe(200);
    const refused = await get(t, a.url, stranger.token);
    expect(refused.status).toBe(404);
    expect(JSON.parse((refused.body as Buffer).toString())).toEqual({
      errors: [`Attachment ${a._id} not found`],
    });
    expect((await get(t, `${a.url}?size=thumb`, stranger.token)).status).toBe(404);
    expect((await get(t, a.url)).status).toBe(401);
    expect(
      (await get(t, '/api/attachments/00000000-0000-4000-8000-000000000000', owner.token)).status,
    ).toBe(404);
    expect((await get(t, a.url, 'not-a-token')).status).toBe(401);
  });

  it("an id pasted into another user's note gives that user nothing", async () => {
    const owner = await t.signup();
    const other = await t.signup();
    const a = await uploaded(t, owner.token, await picture('png'));
    await noteWith(t, owner.token, img(a));
    await noteWith(t, other.token, img(a));
    expect((await get(t, a.url, other.token)).status).toBe(404);
    expect((await get(t, a.url, owner.token)).status).toBe(200);
  });

  it('a read API token may GET but not POST (403)', async () => {
    const { token } = await t.signup();
    const a = await uploaded(t, token, await picture('png'));
    const made = await t.http
      .post('/api/tokens')
      .set('authorization', token)
      .send({ name: 'reader', scope: 'read' });
    expect(made.status).toBe(201);
    const readToken = (made.body as { token: string }).token;
    expect((await get(t, a.url, readToken)).status).toBe(200);
    const res = await upload(t, readToken, await picture('png'));
    expect(res.status).toBe(403);
    expect(
      (await t.http.get('/api/attachments/usage').set('authorization', readToken)).status,
    ).toBe(200);
  });
});

describe('the attachments cookie (images in the browser without the token in a URL)', () => {
  const cookieOf = (setCookie: string[] | string | undefined) =>
    ([] as string[]).concat(setCookie ?? []).find((c) => c.startsWith('jotter_attachments='));
  /** What a browser's fetch says of itself; scripts send neither. */
  const browser = { origin: 'http://localhost:4000', 'sec-fetch-site': 'same-origin' };

  it("is set on a browser's API answer to a sign-in's token, holds no token, and lets GET (never POST) through", async () => {
    const { token } = await t.signup();
    const a = await uploaded(t, token, await picture('png'));
    const answer = await t.http
      .get('/api/notes')
      .set('authorization', `Bearer ${token}`)
      .set(browser);
    const cookie = cookieOf(answer.headers['set-cookie']);
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/; Path=\/api\/attachments/);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Strict/);
    expect(cookie).not.toMatch(/; Secure/);
    const pair = cookie!.split(';')[0]!;
    const value = pair.slice('jotter_attachments='.length);
    // Not the token, nor a token at all: it signs in nowhere.
    expect(value).not.toContain(token);
    expect(token).not.toContain(value);
    expect((await t.http.get('/api/notes').set('authorization', value)).status).toBe(401);
    // Not set again when the request carries it.
    const again = await t.http
      .get('/api/notes')
      .set('authorization', `Bearer ${token}`)
      .set(browser)
      .set('cookie', pair);
    expect(cookieOf(again.headers['set-cookie'])).toBeUndefined();
    // GraphQL's HTTP answers set it too.
    const gql = await t.http
      .post('/graphql')
      .set('authorization', `Bearer ${token}`)
      .set('origin', browser.origin)
      .send({ query: '{ __typename }' });
    expect(cookieOf(gql.headers['set-cookie'])).toBe(cookie);
    // A script's request gets no cookie.
    const script = await t.http.get('/api/notes').set('authorization', `Bearer ${token}`);
    expect(script.status).toBe(200);
    expect(cookieOf(script.headers['set-cookie'])).toBeUndefined();

    const read = await get(t, a.url).set('cookie', pair);
    expect(read.status).toBe(200);
    const head = await t.http.head(a.url).set('cookie', pair);
    expect(head.status).toBe(200);
    // A forged or altered value reads nothing.
    const forged = `${value.slice(0, -2)}${value.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await get(t, a.url).set('cookie', `jotter_attachments=${forged}`)).status).toBe(401);
    const post = await t.http
      .post('/api/attachments')
      .set('cookie', pair)
      .set('content-type', 'image/png')
      .send(await picture('png'));
    expect(post.status).toBe(401);
    expect((await t.http.get('/api/attachments/usage').set('cookie', pair)).status).toBe(401);
    expect((await t.http.get('/api/notes').set('cookie', pair)).status).toBe(401);
  });

  it("is not set for an API token; is cleared at logout, and an ended session's cookie reads nothing", async () => {
    const { token } = await t.signup();
    const a = await uploaded(t, token, await picture('png'));
    const made = await t.http
      .post('/api/tokens')
      .set('authorization', token)
      .send({ name: 'script', scope: 'write' });
    const apiToken = (made.body as { token: string }).token;
    const byToken = await t.http.get('/api/notes').set('authorization', apiToken).set(browser);
    expect(byToken.status).toBe(200);
    expect(cookieOf(byToken.headers['set-cookie'])).toBeUndefined();
    // An API token, or a sign-in's token, in the cookie is refused.
    expect((await get(t, a.url).set('cookie', `jotter_attachments=${apiToken}`)).status).toBe(401);
    expect((await get(t, a.url).set('cookie', `jotter_attachments=${token}`)).status).toBe(401);

    const answer = await t.http.get('/api/notes').set('authorization', token).set(browser);
    const pair = cookieOf(answer.headers['set-cookie'])!.split(';')[0]!;
    expect((await get(t, a.url).set('cookie', pair)).status).toBe(200);
    const logout = await t.http
      .post('/api/auth/logout')
      .set('authorization', token)
      .set('cookie', pair);
    expect(logout.status).toBe(200);
    expect(cookieOf(logout.headers['set-cookie'])).toMatch(
      /^jotter_attachments=;.*Expires=Thu, 01 Jan 1970/,
    );
    const after = await get(t, a.url).set('cookie', pair);
    expect(after.status).toBe(401);
    expect(cookieOf(after.headers['set-cookie'])).toMatch(/^jotter_attachments=;/);
  });

  it('is cleared by a GraphQL logout too', async () => {
    const { token } = await t.signup();
    const res = await t.http
      .post('/graphql')
      .set('authorization', token)
      .set('cookie', `jotter_attachments=${token}`)
      .send({ query: 'mutation { logout }' });
    expect(res.body).toEqual({ data: { logout: true } });
    expect(cookieOf(res.headers['set-cookie'])).toMatch(/^jotter_attachments=;/);
  });

  it('is Secure when the request came over https (behind a trusted proxy)', async () => {
    const proxied = await createTestApp({ trustProxy: true });
    try {
      const { token } = await proxied.signup();
      const res = await proxied.http
        .get('/api/notes')
        .set('authorization', token)
        .set('origin', 'https://notes.example')
        .set('x-forwarded-proto', 'https');
      expect(cookieOf(res.headers['set-cookie'])).toMatch(/; Secure/);
    } finally {
      await proxied.close();
    }
  });
});

describe('usage and limits', () => {
  let small: TestApp;
  beforeAll(async () => {
    small = await createTestApp({
      attachmentMaxBytes: 64 * 1024,
      attachmentQuotaBytes: 100 * 1024,
    });
  });
  afterAll(() => small.close());

  /** Sends `size` bytes of a PNG's start over a real socket, declared or chunked. */
  async function send(token: string, size: number, declareLength: boolean) {
    const { url } = await small.listen();
    return new Promise<{ status: number; body: { errors: string[] } }>((resolve, reject) => {
      const headers: Record<string, string | number> = {
        authorization: token,
        'content-type': 'image/png',
      };
      if (declareLength) headers['content-length'] = size;
      const req = http.request(`${url}/api/attachments`, { method: 'POST', headers }, (res) => {
        binary(res, (_e, body) =>
          resolve({
            status: res.statusCode ?? 0,
            body: JSON.parse(body.toString()) as { errors: string[] },
          }),
        );
      });
      req.on('error', reject);
      const chunk = Buffer.alloc(16 * 1024, 0x20);
      chunk.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
      let sent = 0;
      const pump = () => {
        while (sent < size) {
          sent += chunk.length;
          if (!req.write(chunk)) return void req.once('drain', pump);
        }
        req.end();
      };
      pump();
    });
  }

  it('refuses a declared size over ATTACHMENT_MAX_MB before reading: 413', async () => {
    const { token } = await small.signup();
    const res = await send(token, 128 * 1024, true);
    expect(res.status).toBe(413);
    expect(res.body.errors[0]).toBe('file: larger than the 0.1 MB an attachment may be');
  });

  it('cuts a chunked upload off once it passes the limit: 413, nothing stored', async () => {
    const { token, id } = await small.signup();
    const res = await send(token, 96 * 1024, false).catch((error: Error) => ({
      status: 0,
      body: { errors: [error.message] },
    }));
    // A client still sending may see the connection close instead; either way nothing is kept.
    if (res.status !== 0) expect(res.status).toBe(413);
    expect(await small.services.attachments.usage(id)).toEqual({
      usedBytes: 0,
      quotaBytes: 100 * 1024,
    });
  });

  it('counts usage against the quota: 413 past it; GET /usage says both', async () => {
    const { token } = await small.signup();
    const noisy = () =>
      sharp(crypto.randomBytes(120 * 120 * 3), { raw: { width: 120, height: 120, channels: 3 } })
        .png({ compressionLevel: 0 })
        .toBuffer();
    const first = await uploaded(small, token, await noisy());
    expect(first.size).toBeGreaterThan(40 * 1024);
    const usage = await small.http.get('/api/attachments/usage').set('authorization', token);
    expect(usage.body).toEqual({ usedBytes: first.size, quotaBytes: 100 * 1024 });
    const second = await uploaded(small, token, await noisy());
    const third = await upload(small, token, await noisy());
    expect(third.status).toBe(413);
    expect(third.body.errors[0]).toMatch(/more than your 0.1 MB of storage/);
    const after = await small.http.get('/api/attachments/usage').set('authorization', token);
    expect(after.body).toEqual({ usedBytes: first.size + second.size, quotaBytes: 100 * 1024 });
    expect((await small.http.get('/api/attachments/usage')).status).toBe(401);
  });
});

describe('collection and deletion', () => {
  const day = 86_400_000;
  const later = (ms: number) => new Date(Date.now() + ms).toISOString();

  it('deletes what nothing uses after a day; keeps what a note or a revision uses', async () => {
    const { token, id } = await t.signup();
    const unused = await uploaded(t, token, await picture('png'));
    const inNote = await uploaded(t, token, await picture('png'));
    const inRevision = await uploaded(t, token, await picture('png'));
    await noteWith(t, token, img(inNote));
    const noteId = await noteWith(t, token, img(inRevision));
    // The edit keeps the old text as a revision, which still shows the image.
    const edit = await t.http
      .post(`/api/notes/${noteId}`)
      .set('authorization', token)
      .send({ note: { content: '<p>no picture now</p>' } });
    expect(edit.status).toBe(201);

    // Not yet a day old: nothing goes.
    await t.services.attachments.collect(new Date(Date.now() - day).toISOString());
    expect((await get(t, unused.url, token)).status).toBe(200);

    await t.services.retention.run(Date.now() + day + 1000);
    expect((await get(t, unused.url, token)).status).toBe(404);
    expect((await get(t, inNote.url, token)).status).toBe(200);
    expect((await get(t, inRevision.url, token)).status).toBe(200);
    expect((await t.services.attachments.usage(id)).usedBytes).toBe(inNote.size + inRevision.size);
    expect(later(0)).toBeDefined();
  });

  it('deleting a note forever removes the attachments no other note or revision uses', async () => {
    const { token } = await t.signup();
    const own = await uploaded(t, token, await picture('png'));
    const shared = await uploaded(t, token, await picture('png'));
    const noteId = await noteWith(t, token, img(own) + img(shared));
    await noteWith(t, token, img(shared));
    await t.http.delete(`/api/notes/${noteId}`).set('authorization', token).expect(200);
    expect((await get(t, own.url, token)).status).toBe(200);
    await t.http.delete(`/api/trash/delete/${noteId}`).set('authorization', token).expect(200);
    expect((await get(t, own.url, token)).status).toBe(404);
    expect((await get(t, shared.url, token)).status).toBe(200);
  });

  it("emptying the trash removes its notes' attachments", async () => {
    const { token, id } = await t.signup();
    const a = await uploaded(t, token, await picture('png'));
    const noteId = await noteWith(t, token, img(a));
    await t.http.delete(`/api/notes/${noteId}`).set('authorization', token).expect(200);
    const ids = await t.services.notes.emptyTrash(id);
    expect(ids).toEqual([noteId]);
    expect((await get(t, a.url, token)).status).toBe(404);
  });

  it('deleting the account deletes its attachments', async () => {
    const { token, id } = await t.signup();
    await uploaded(t, token, await picture('png'));
    const res = await t.http
      .delete('/api/user')
      .set('authorization', token)
      .send({ password: 'correct horse battery' });
    expect(res.status).toBe(200);
    expect(await t.services.attachments.usage(id)).toMatchObject({ usedBytes: 0 });
  });
});

describe("the admin's list and deletion", () => {
  it("counts an account's attachments in its storage, and deleting the account deletes them", async () => {
    const app = await createTestApp({ adminEmails: ['boss@example.com'] });
    try {
      const boss = await app.signup({ email: 'boss@example.com' });
      const writer = await app.signup();
      const storageOf = async () => {
        const res = await app.http.get('/api/admin/users').set('authorization', boss.token);
        const users = (res.body as { users: Array<{ _id: string; storage: number }> }).users;
        return users.find((u) => u._id === writer.id)!.storage;
      };
      expect(await storageOf()).toBe(0);
      const a = await uploaded(app, writer.token, await picture('png'));
      expect(await storageOf()).toBe(a.size);
      await app.http
        .delete(`/api/admin/users/${writer.id}`)
        .set('authorization', boss.token)
        .expect(200);
      expect(await app.services.attachments.usage(writer.id)).toMatchObject({ usedBytes: 0 });
      expect((await get(app, a.url, boss.token)).status).toBe(404);
    } finally {
      await app.close();
    }
  });
});

describe('ATTACHMENT_DIR: bytes on disk', () => {
  let disk: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jotter-attachments-'));
    disk = await createTestApp({ attachmentDir: dir });
  });
  afterAll(async () => {
    await disk.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('keeps the bytes in a file named by the id, serves them, and removes them with the note', async () => {
    const { token } = await disk.signup();
    const png = await picture('png');
    const a = await uploaded(disk, token, png);
    expect(fs.readdirSync(dir)).toEqual([a._id]);
    expect(fs.readFileSync(path.join(dir, a._id)).length).toBe(a.size);
    const res = await get(disk, a.url, token);
    expect(res.status).toBe(200);
    expect((res.body as Buffer).length).toBe(a.size);
    expect((await get(disk, `${a.url}?size=thumb`, token)).status).toBe(200);

    const noteId = await noteWith(disk, token, img(a));
    await disk.http.delete(`/api/notes/${noteId}`).set('authorization', token).expect(200);
    await disk.http.delete(`/api/trash/delete/${noteId}`).set('authorization', token).expect(200);
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('stores nothing of a refused upload, and sweeps a file without a row', async () => {
    const { token } = await disk.signup();
    expect((await upload(disk, token, Buffer.from('<svg/>'))).status).toBe(415);
    expect(fs.readdirSync(dir)).toEqual([]);
    const stray = path.join(dir, 'stray');
    fs.writeFileSync(stray, 'left by a crash');
    const old = new Date(Date.now() - 2 * 86_400_000);
    fs.utimesSync(stray, old, old);
    // A fresh one may be an upload in flight: kept, even by an app whose clock runs days ahead.
    const fresh = path.join(dir, 'in-flight');
    fs.writeFileSync(fresh, 'being written');
    await disk.services.attachments.collect(new Date(Date.now() + 3 * 86_400_000).toISOString());
    expect(fs.existsSync(stray)).toBe(false);
    expect(fs.existsSync(fresh)).toBe(true);
    fs.rmSync(fresh);
  });
});

describe('the service, as imports use it', () => {
  it('adds from a Buffer and from a stream, refuses past the limit either way', async () => {
    const { token, id } = await t.signup();
    const { attachments } = t.services;
    const fromBuffer = await attachments.add(id, await picture('webp'), { name: 'a.webp' });
    const fromStream = await attachments.add(id, Readable.from([minimalPdf]), { name: 'b.pdf' });
    expect([fromBuffer.contentType, fromStream.contentType]).toEqual([
      'image/webp',
      'application/pdf',
    ]);
    expect((await attachments.read(id, fromStream.id)).bytes.equals(minimalPdf)).toBe(true);
    expect((await get(t, attachments.wire(fromBuffer).url, token)).status).toBe(200);
    await expect(
      attachments.add(id, Buffer.alloc(attachments.maxBytes + 1, 0xff)),
    ).rejects.toMatchObject({ kind: 'TOO_LARGE' });
    await expect(
      attachments.add(
        id,
        Readable.from([Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')]),
      ),
    ).rejects.toMatchObject({ kind: 'UNSUPPORTED_TYPE' });
  });

  it('idsIn lists the ids a content shows, in order, once each', () => {
    const a = '11111111-2222-4333-8444-555555555555';
    const b = 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee';
    const content = `<img src="/api/attachments/${b}" alt=""><p>x</p><img src="/api/attachments/${a}?size=thumb"><img src="https://notes.example.org/api/attachments/${b}">`;
    expect(t.services.attachments.idsIn(content)).toEqual([b, a]);
    expect(t.services.attachments.idsIn('<p>/api/attachments/usage</p>')).toEqual([]);
  });
});

describe('settings', () => {
  it('reads ATTACHMENT_MAX_MB, ATTACHMENT_QUOTA_MB (MiB) and ATTACHMENT_DIR, with defaults', () => {
    expect(loadConfig({})).toMatchObject({
      attachmentMaxBytes: 20 * 1024 * 1024,
      attachmentQuotaBytes: 1024 * 1024 * 1024,
      attachmentDir: undefined,
    });
    expect(
      loadConfig({ ATTACHMENT_MAX_MB: '5', ATTACHMENT_QUOTA_MB: '50', ATTACHMENT_DIR: 'files' }),
    ).toMatchObject({
      attachmentMaxBytes: 5 * 1024 * 1024,
      attachmentQuotaBytes: 50 * 1024 * 1024,
      attachmentDir: path.resolve('files'),
    });
    expect(() => loadConfig({ ATTACHMENT_MAX_MB: '0' })).toThrow(
      'ATTACHMENT_MAX_MB is a whole number of megabytes from 1',
    );
    expect(() => loadConfig({ ATTACHMENT_QUOTA_MB: 'lots' })).toThrow('ATTACHMENT_QUOTA_MB');
  });
});
