import type http from 'node:http';

import sharp from 'sharp';

import { createTestApp, type TestApp } from '../test-support/app';
import {
  binary,
  importJson as importJsonTo,
  importZip as importZipTo,
  unzip,
  type ImportAnswer,
} from '../test-support/files';
import { keepNote, zipOf } from '../test-support/zip-fixtures';

// Pictures are made, stored and zipped here, on a machine shared with other work.
jest.setTimeout(30_000);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const importZip = (token: string, zip: Buffer) => importZipTo(t, token, zip);
const importJson = (token: string, text: string) => importJsonTo(t, token, text);

const picture = (format: 'jpeg' | 'png', background: string) => {
  const image = sharp({ create: { width: 12, height: 8, channels: 3, background } });
  return (format === 'jpeg' ? image.jpeg() : image.png()).toBuffer();
};

const svg =
  '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><rect width="4" height="4"/></svg>';

const byTitle = async (userId: string) =>
  new Map((await t.behind.notes(userId)).map((n) => [n.title, n]));

/** The attachment ids a note's content shows, in order. */
const shown = (content: string) =>
  [...content.matchAll(/src="\/api\/attachments\/([^"]+)"/g)].map((m) => m[1]!);

/** The stored bytes of an attachment, as `userId` may read them (the contract's access rule). */
const bytesOf = async (userId: string, id: string) =>
  (await t.services.attachments.read(userId, id)).bytes;

/** A note of `token`'s account showing a stored picture (uploaded as the API does). */
async function noteWithPicture(
  user: { token: string; id: string },
  title: string,
  bytes: Buffer,
  name: string,
  location?: 'archive',
) {
  const stored = await t.services.attachments.add(user.id, bytes, { name });
  const res = await t.http
    .post('/api/notes')
    .set('authorization', user.token)
    .send({
      note: {
        title,
        content: `<img src="/api/attachments/${stored.id}" alt="a photo"><p>${title}</p>`,
      },
    });
  expect(res.status).toBe(201);
  if (location === 'archive') {
    const list = (await t.http.get('/api/notes').set('authorization', user.token)).body as {
      notes: Array<{ _id: string; title: string }>;
    };
    const id = list.notes.find((n) => n.title === title)!._id;
    await t.http.post(`/api/notes/archives/${id}`).set('authorization', user.token).send({});
  }
  return stored;
}

describe("POST /api/import: a Takeout's photos", () => {
  it('become attachments shown above the text; a missing file and an SVG are listed, their notes imported', async () => {
    const { token, id } = await t.signup();
    const jpeg = await picture('jpeg', '#c00');
    const png = await picture('png', '#00c');
    const zip = await zipOf([
      // A photo before its note and one after it: the zip is read in its order.
      { name: 'Takeout/Keep/1629964333125.746683646.jpg', data: jpeg },
      {
        name: 'Takeout/Keep/Receipt.json',
        data: keepNote({
          // Takeout names the file .jpeg, stores it as .jpg.
          attachments: [
            { filePath: '1629964333125.746683646.jpeg', mimetype: 'image/jpeg' },
            { filePath: '15b807dfd35.9d0e780fc8254993.png', mimetype: 'image/png' },
          ],
          title: 'Receipt',
          textContent: 'groceries',
        }),
      },
      {
        name: 'Takeout/Keep/Gone.json',
        data: keepNote({
          attachments: [{ filePath: '1700000000000.123.jpg', mimetype: 'image/jpeg' }],
          title: 'Gone',
          textContent: 'its photo is not in the zip',
        }),
      },
      {
        name: 'Takeout/Keep/Drawing.json',
        data: keepNote({
          attachments: [{ filePath: '1600000000000.5.svg', mimetype: 'image/svg+xml' }],
          title: 'Drawing',
          textContent: 'an svg',
        }),
      },
      { name: 'Takeout/Keep/1600000000000.5.svg', data: svg },
      { name: 'Takeout/Keep/15b807dfd35.9d0e780fc8254993.png', data: png },
    ]);
    const res = await importZip(token, zip);
    expect(res.status).toBe(200);
    const body = res.body as ImportAnswer;
    expect(body.imported).toBe(3);
    expect(body.skipped).toEqual(
      expect.arrayContaining([
        {
          file: 'Takeout/Keep/1700000000000.123.jpg',
          reason: 'an attachment of "Gone": not in the zip, so the note was imported without it',
        },
        {
          file: 'Takeout/Keep/1600000000000.5.svg',
          reason: expect.stringMatching(
            /^an attachment of "Drawing": .+, so the note was imported without it$/,
          ),
        },
      ]),
    );
    expect(body.skipped).toHaveLength(2);
    expect(JSON.stringify(body)).not.toMatch(/do not hold attachments/);

    const notes = await byTitle(id);
    const receipt = notes.get('Receipt')!;
    const ids = shown(receipt.content);
    expect(ids).toHaveLength(2);
    // Keep shows a note's images above its text: so does the note.
    expect(receipt.content).toMatch(
      /^<img src="\/api\/attachments\/[^"]+" alt="" \/><img [^>]+><p>groceries<\/p>$/,
    );
    const first = await t.services.attachments.read(id, ids[0]!);
    expect(first.record).toMatchObject({
      contentType: 'image/jpeg',
      name: '1629964333125.746683646.jpg',
    });
    const second = await t.services.attachments.read(id, ids[1]!);
    expect(second.record.contentType).toBe('image/png');
    expect(notes.get('Gone')!.content).toBe('<p>its photo is not in the zip</p>');
    expect(notes.get('Drawing')!.content).toBe('<p>an svg</p>');

    // Imported again: the notes are there, nothing is stored twice.
    const usage = await t.services.attachments.usage(id);
    const again = await importZip(token, zip);
    expect(again.body).toMatchObject({ imported: 0, alreadyImported: 3 });
    expect(await t.services.attachments.usage(id)).toEqual(usage);
  });
});

describe('POST /api/import: a file refused half-way', () => {
  it('stores no picture and no note', async () => {
    const { token, id } = await t.signup();
    const res = await importZip(
      token,
      await zipOf([
        { name: 'Takeout/Keep/p.png', data: await picture('png', '#321') },
        {
          name: 'Takeout/Keep/Photo.json',
          data: keepNote({ attachments: [{ filePath: 'p.png' }], title: 'Photo' }),
        },
        // Past the cap for one note file: the whole file is refused.
        { name: 'Takeout/Keep/bomb.json', data: Buffer.alloc(5 * 1024 * 1024, 0x20) },
      ]),
    );
    expect(res.status).toBe(400);
    expect(await t.behind.notes(id)).toEqual([]);
    expect((await t.services.attachments.usage(id)).usedBytes).toBe(0);
  });
});

describe('GET /api/export and importing it back: attachments', () => {
  it('JSON: carries the attachments; into another account they are new ones with the same bytes, into the same account nothing is added', async () => {
    const a = await t.signup();
    const png = await picture('png', '#0a0');
    const stored = await noteWithPicture(a, 'Whiteboard', png, 'board.png');
    const res = await t.http.get('/api/export?format=json').set('authorization', a.token);
    expect(res.status).toBe(200);
    const exported = JSON.parse(res.text) as {
      version: number;
      notes: Array<{ content: string }>;
      attachments: Array<{ _id: string; name: string; contentType: string; data: string }>;
    };
    expect(exported.version).toBe(1);
    // After the notes.
    expect(Object.keys(exported).slice(-2)).toEqual(['notes', 'attachments']);
    const original = await bytesOf(a.id, stored.id);
    expect(exported.attachments).toEqual([
      {
        _id: stored.id,
        name: 'board.png',
        contentType: 'image/png',
        data: original.toString('base64'),
      },
    ]);

    const b = await t.signup();
    const imported = await importJson(b.token, res.text);
    expect(imported.body).toEqual({ imported: 1, alreadyImported: 0, skipped: [] });
    const note = (await byTitle(b.id)).get('Whiteboard')!;
    const [newId] = shown(note.content);
    expect(newId).toBeDefined();
    expect(newId).not.toBe(stored.id);
    expect(note.content).toBe(
      `<img src="/api/attachments/${newId}" alt="a photo" /><p>Whiteboard</p>`,
    );
    expect((await bytesOf(b.id, newId!)).equals(original)).toBe(true);
    // Through the API, as the importer's browser reads it.
    const served = await t.http
      .get(`/api/attachments/${newId}`)
      .set('authorization', b.token)
      .buffer(true)
      .parse((r, done) => binary(r as unknown as http.IncomingMessage, done));
    expect(served.status).toBe(200);
    expect((served.body as Buffer).equals(original)).toBe(true);

    const usage = await t.services.attachments.usage(a.id);
    const own = await importJson(a.token, res.text);
    expect(own.body).toEqual({ imported: 0, alreadyImported: 1, skipped: [] });
    expect(await t.services.attachments.usage(a.id)).toEqual(usage);
  });

  it('Markdown: the zip holds the attachments beside the notes, linked by relative paths, and imports back with them', async () => {
    const a = await t.signup();
    const jpeg = await picture('jpeg', '#fc0');
    const png = await picture('png', '#0cf');
    const photo = await noteWithPicture(a, 'Wine', jpeg, 'the label.jpg');
    const board = await noteWithPicture(a, 'Old board', png, 'board.png', 'archive');
    const res = await t.http
      .get('/api/export?format=markdown')
      .set('authorization', a.token)
      .buffer(true)
      .parse((r, done) => binary(r as unknown as http.IncomingMessage, done));
    expect(res.status).toBe(200);
    const files = await unzip(res.body as Buffer);
    const photoPath = `attachments/${photo.id}-the-label.jpg`;
    const boardPath = `attachments/${board.id}-board.png`;
    expect([...files.keys()].sort()).toEqual(
      ['Archive/Old board.md', 'Wine.md', photoPath, boardPath].sort(),
    );
    expect(files.get(photoPath)!.equals(await bytesOf(a.id, photo.id))).toBe(true);
    expect(files.get(boardPath)!.equals(await bytesOf(a.id, board.id))).toBe(true);
    expect(files.get('Wine.md')!.toString()).toContain(`![a photo](${photoPath})`);
    expect(files.get('Archive/Old board.md')!.toString()).toContain(`![a photo](../${boardPath})`);

    const b = await t.signup();
    const imported = await importZip(b.token, res.body as Buffer);
    expect(imported.body).toEqual({ imported: 2, alreadyImported: 0, skipped: [] });
    const notes = await byTitle(b.id);
    for (const [title, bytes] of [
      ['Wine', files.get(photoPath)!],
      ['Old board', files.get(boardPath)!],
    ] as const) {
      const ids = shown(notes.get(title)!.content);
      expect(ids).toHaveLength(1);
      const file = await t.services.attachments.read(b.id, ids[0]!);
      expect(file.record.size).toBeGreaterThan(0);
      if (title === 'Old board') expect(file.bytes.equals(bytes)).toBe(true);
    }
  });
});

describe('POST /api/import: Markdown files linking images', () => {
  it('takes the images a file links by relative paths; lists a missing one and pictures no note shows', async () => {
    const { token, id } = await t.signup();
    const png = await picture('png', '#f0f');
    const res = await importZip(
      token,
      await zipOf([
        {
          name: 'notes/trip.md',
          data: '---\ntitle: Trip\n---\n\n![the view](img/view%201.png)\n\nA day out ![gone](img/none.png) and ![web](https://example.test/x.png)\n',
        },
        { name: 'notes/img/view 1.png', data: png },
        { name: 'notes/img/unused.png', data: png },
      ]),
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      imported: 1,
      alreadyImported: 0,
      skipped: [
        {
          file: 'notes/img/none.png',
          reason: 'an attachment of "Trip": not in the zip, so the note was imported without it',
        },
        {
          file: 'notes/img/unused.png',
          reason: expect.stringMatching(/^a picture or other media file that no note/),
        },
      ],
    });
    const trip = (await byTitle(id)).get('Trip')!;
    const ids = shown(trip.content);
    expect(ids).toHaveLength(1);
    expect(trip.content).toContain(`<img src="/api/attachments/${ids[0]}" alt="the view" />`);
    expect(trip.content).toContain('src="https://example.test/x.png"');
    expect(trip.content).not.toContain('none.png');
    const file = await t.services.attachments.read(id, ids[0]!);
    expect(file.record).toMatchObject({ name: 'view 1.png', contentType: 'image/png' });
  });
});

describe('POST /api/import: pictures past the attachment limit', () => {
  let small: TestApp;
  beforeAll(async () => {
    small = await createTestApp({ attachmentMaxBytes: 64 * 1024 });
  });
  afterAll(() => small.close());

  it('a photo past ATTACHMENT_MAX_MB is listed as skipped, its note imported without it; one within is taken', async () => {
    const { token, id } = await small.signup();
    const noisy = await sharp({
      create: {
        width: 400,
        height: 400,
        channels: 3,
        background: '#000',
        noise: { type: 'gaussian', mean: 128, sigma: 60 },
      },
    })
      .png()
      .toBuffer();
    expect(noisy.length).toBeGreaterThan(64 * 1024);
    const res = await small.http
      .post('/api/import')
      .set('authorization', token)
      .set('content-type', 'application/zip')
      .send(
        await zipOf([
          {
            name: 'Takeout/Keep/Big.json',
            data: keepNote({
              attachments: [
                { filePath: 'big.png', mimetype: 'image/png' },
                { filePath: 'small.png', mimetype: 'image/png' },
              ],
              title: 'Big',
              textContent: 'two photos',
            }),
          },
          { name: 'Takeout/Keep/big.png', data: noisy },
          { name: 'Takeout/Keep/small.png', data: await picture('png', '#123') },
        ]),
      );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      imported: 1,
      alreadyImported: 0,
      skipped: [
        {
          file: 'Takeout/Keep/big.png',
          reason: expect.stringMatching(
            /^an attachment of "Big": .+, so the note was imported without it$/,
          ),
        },
      ],
    });
    const note = (await small.behind.notes(id))[0]!;
    const ids = shown(note.content);
    expect(ids).toHaveLength(1);
    expect((await small.services.attachments.read(id, ids[0]!)).record.name).toBe('small.png');
    expect(note.content).toMatch(/^<img [^>]+><p>two photos<\/p>$/);
  });
});
