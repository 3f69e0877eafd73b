import http from 'node:http';

import fc from 'fast-check';
import YAML from 'yaml';

import { sanitizeRichText } from '../services/sanitize';
import { createTestApp, type TestApp } from '../test-support/app';
import {
  binary,
  importJson as importJsonTo,
  importZip as importZipTo,
  unzip as unzipBytes,
  type ImportAnswer,
} from '../test-support/files';
import {
  claimEntryCount,
  keepNote,
  lieAboutSizes,
  renameEntry,
  takeoutEntries,
  zipOf,
} from '../test-support/zip-fixtures';

// Zips of megabytes are built and read here, on a machine shared with other work.
jest.setTimeout(30_000);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const importZip = (token: string, zip: Buffer) => importZipTo(t, token, zip);
const importJson = (token: string, text: string) => importJsonTo(t, token, text);

/** The files of a zip, by name, as text. */
const unzip = async (buffer: Buffer) =>
  new Map([...(await unzipBytes(buffer))].map(([name, bytes]) => [name, bytes.toString('utf8')]));

const byTitle = async (userId: string) =>
  new Map((await t.behind.notes(userId)).map((n) => [n.title, n]));

describe('POST /api/import: a Google Keep Takeout', () => {
  it('imports every kind of note with its fields, and lists refused attachments and strangers as skipped', async () => {
    const { token, id } = await t.signup();
    const before = await t.store.events.latest(id);
    const res = await importZip(token, await zipOf(takeoutEntries()));
    expect(res.status).toBe(200);
    const body = res.body as ImportAnswer;
    expect(body.imported).toBe(7);
    expect(body.alreadyImported).toBe(0);
    expect(body.skipped).toEqual([
      {
        file: 'Takeout/Keep/1629964333125.746683646.jpg',
        reason: expect.stringMatching(
          /^an attachment of "Photo note": .+, so the note was imported without it$/,
        ),
      },
      { file: 'Takeout/Keep/notes.pdf', reason: expect.stringMatching(/not a note file/) },
    ]);

    const notes = await byTitle(id);
    expect([...notes.keys()].sort()).toEqual(
      ['', 'Cats', 'Einkauf', 'Gone', 'Old ideas', 'Photo note', 'Shopping'].sort(),
    );
    const shopping = notes.get('Shopping')!;
    expect(shopping.content).toBe(
      sanitizeRichText(
        '<ul data-checklist><li data-checked="true">Milk</li><li data-checked="false">Eggs &amp; ham</li></ul>',
      ),
    );
    expect(shopping.text_content).toBe('Milk\nEggs & ham');
    expect(shopping.color).toBe('#14C38E');
    expect(JSON.parse(shopping.tags)).toEqual(['shopping']);
    expect(shopping.created_at).toBe('2020-01-02T03:04:05.000Z');
    expect(shopping.updated_at).toBe('2021-02-03T04:05:06.000Z');
    expect(shopping.location).toBe('notes');
    expect(Boolean(shopping.pinned)).toBe(true);
    expect(Boolean(notes.get('Cats')!.pinned)).toBe(false);
    expect(shopping.version).toBe(1);

    const cats = notes.get('Cats')!;
    expect(cats.content).toBe('<p>Line one</p><p>Line &lt;two&gt; &amp; three</p>');
    expect(cats.text_content).toBe('Line one\nLine <two> & three');
    expect(cats.color).toBe('#F29191');
    expect(JSON.parse(cats.tags)).toEqual(['cats', 'pets']);

    expect(notes.get('Old ideas')).toMatchObject({
      location: 'archive',
      previous_location: null,
      color: '#3AB0FF',
    });
    expect(notes.get('Gone')).toMatchObject({ location: 'trash', previous_location: 'archive' });
    // No createdTimestampUsec (2021 exports): created when last edited.
    expect(notes.get('')).toMatchObject({
      color: '',
      created_at: '2021-08-26T12:50:12.122Z',
      updated_at: '2021-08-26T12:50:12.122Z',
    });
    expect(notes.get('Photo note')!.content).not.toMatch(/<script/);
    // The refused file's image is taken out of the note, not left pointing at nothing.
    expect(notes.get('Photo note')!.content).not.toMatch(/<img/);
    expect(notes.get('Photo note')!.text_content).toBe('<script>alert(1)</script>look');
    expect(notes.get('Einkauf')).toMatchObject({ color: '#E2C275', text_content: 'Brot' });

    // One note event per note, like any add.
    expect(await t.store.events.latest(id)).toBe(before + 7);
    const events = await t.store.events.after(id, before, 100);
    expect(new Set(events.map((e) => e.noteId))).toEqual(
      new Set([...notes.values()].map((n) => n.id)),
    );
  });

  it('adds nothing the second time the same file is imported', async () => {
    const { token, id } = await t.signup();
    const zip = await zipOf(takeoutEntries());
    expect((await importZip(token, zip)).body).toMatchObject({ imported: 7 });
    const events = await t.store.events.latest(id);
    const again = await importZip(token, zip);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ imported: 0, alreadyImported: 7 });
    expect(await t.behind.notes(id)).toHaveLength(7);
    expect(await t.store.events.latest(id)).toBe(events);
  });

  it('keeps each user to their own imports: the same file imports for another user', async () => {
    const zip = await zipOf(takeoutEntries());
    const a = await t.signup();
    const b = await t.signup();
    expect((await importZip(a.token, zip)).body).toMatchObject({ imported: 7 });
    expect((await importZip(b.token, zip)).body).toMatchObject({ imported: 7 });
    expect(await t.behind.notes(b.id)).toHaveLength(7);
  });

  it('two imports of one file racing each other add it once', async () => {
    const { token, id } = await t.signup();
    const zip = await zipOf(takeoutEntries());
    const answers = await Promise.all([importZip(token, zip), importZip(token, zip)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers.map((a) => (a.body as ImportAnswer).imported).sort()).toEqual([0, 7]);
    expect(await t.behind.notes(id)).toHaveLength(7);
  });

  it('lists at most 1,000 skipped files, counting the rest', async () => {
    const { token } = await t.signup();
    const strangers = Array.from({ length: 1203 }, (_, i) => ({ name: `x/${i}.pdf`, data: '' }));
    const res = await importZip(token, await zipOf([{ name: 'a.md', data: '# a' }, ...strangers]));
    expect(res.status).toBe(200);
    const body = res.body as ImportAnswer;
    expect(body.imported).toBe(1);
    expect(body.skipped).toHaveLength(1001);
    expect(body.skipped.at(-1)).toEqual({
      file: '203 more files',
      reason: 'not listed: the list is long enough',
    });
  });

  it('skips a Keep JSON file of the wrong shape with its reason, importing the rest', async () => {
    const { token } = await t.signup();
    const res = await importZip(
      token,
      await zipOf([
        { name: 'Takeout/Keep/ok.json', data: keepNote({ title: 'ok', textContent: 'x' }) },
        {
          name: 'Takeout/Keep/bad.json',
          data: JSON.stringify({ userEditedTimestampUsec: 'soon', title: 5 }),
        },
        { name: 'Takeout/Keep/broken.json', data: '{"title": ' },
        { name: 'Takeout/Keep/other.json', data: '{"hello": "world"}' },
      ]),
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ imported: 1 });
    expect((res.body as ImportAnswer).skipped).toEqual([
      {
        file: 'Takeout/Keep/bad.json',
        reason: expect.stringMatching(/not a readable Google Keep note/),
      },
      { file: 'Takeout/Keep/broken.json', reason: 'not valid JSON' },
      { file: 'Takeout/Keep/other.json', reason: expect.stringMatching(/neither/) },
    ]);
  });
});

describe('POST /api/import: Markdown files in a zip', () => {
  it('reads front matter (title, labels, pinned, colour, archived), task lists and plain Markdown, safely', async () => {
    const { token, id } = await t.signup();
    const res = await importZip(
      token,
      await zipOf([
        {
          name: 'notes/groceries.md',
          data: '---\ntitle: Groceries\nlabels: [food, home]\npinned: true\ncolour: "#3AB0FF"\npriority: high\n---\n\n- [x] Milk\n- [ ] Bread\n',
        },
        {
          name: 'notes/plan.md',
          data: '---\ntitle: Plan\ntags: work\ncolor: orange\narchived: true\ncreated: 2022-05-01T10:00:00Z\n---\n# Goals\n\n**Ship** it <script>alert(1)</script> [link](javascript:alert(1))\n\n- one\n- two\n',
        },
        { name: 'Journal entry.md', data: 'No front matter, just *text*.' },
        { name: 'bad-yaml.md', data: '---\ntitle: [unclosed\n---\nbody' },
        { name: 'bad-colour.md', data: '---\ncolour: chartreuse-ish\n---\nbody' },
      ]),
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ imported: 3 });
    expect((res.body as ImportAnswer).skipped).toEqual([
      { file: 'bad-yaml.md', reason: expect.stringMatching(/front matter is not valid YAML/) },
      { file: 'bad-colour.md', reason: expect.stringMatching(/^color: must be a hex colour/) },
    ]);
    const notes = await byTitle(id);
    const groceries = notes.get('Groceries')!;
    expect(groceries.content).toBe(
      sanitizeRichText(
        '<ul data-checklist=""><li data-checked="true">Milk</li><li data-checked="false">Bread</li></ul>',
      ),
    );
    expect(groceries).toMatchObject({ color: '#3AB0FF', priority: 3, location: 'notes' });
    expect(Boolean(groceries.pinned)).toBe(true);
    expect(Boolean(notes.get('Plan')!.pinned)).toBe(false);
    expect(JSON.parse(groceries.tags)).toEqual(['food', 'home']);

    const plan = notes.get('Plan')!;
    expect(plan).toMatchObject({
      location: 'archive',
      color: '#FF7F3F',
      created_at: '2022-05-01T10:00:00.000Z',
    });
    expect(JSON.parse(plan.tags)).toEqual(['work']);
    expect(plan.content).toContain('<h1>Goals</h1>');
    expect(plan.content).toContain('<strong>Ship</strong>');
    expect(plan.content).toContain('<li>one</li>');
    expect(plan.content).not.toMatch(/<script|href="javascript/);
    expect(plan.text_content).toContain('<script>alert(1)</script>');

    expect(notes.get('Journal entry')!.content).toBe('<p>No front matter, just <em>text</em>.</p>');
  });

  it('does not repeat the title when it is also the first heading', async () => {
    const { token, id } = await t.signup();
    const res = await importZip(
      token,
      await zipOf([
        { name: 'a/front.md', data: '---\ntitle: Groceries\n---\n# Groceries\n\nMilk\n' },
        { name: 'a/Trip plan.md', data: '## Trip  plan\nPack the *tent*\n' },
        { name: 'a/styled.md', data: '---\ntitle: Ship it\n---\n# **Ship** it\n\nNow\n' },
        { name: 'a/other.md', data: '---\ntitle: Plan\n---\n# Goals\n\n# Plan\n' },
        { name: 'a/later.md', data: '---\ntitle: Later\n---\nIntro\n\n# Later\n' },
        { name: 'a/Only.md', data: '# Only\n' },
      ]),
    );
    expect(res.body).toEqual({ imported: 6, alreadyImported: 0, skipped: [] });
    const notes = await byTitle(id);
    expect(notes.get('Groceries')!.content).toBe('<p>Milk</p>');
    expect(notes.get('Trip plan')!.content).toBe('<p>Pack the <em>tent</em></p>');
    expect(notes.get('Ship it')!.content).toBe('<p>Now</p>');
    expect(notes.get('Plan')!.content).toBe('<h1>Goals</h1><h1>Plan</h1>');
    expect(notes.get('Later')!.content).toBe('<p>Intro</p><h1>Later</h1>');
    expect(notes.get('Only')).toMatchObject({ content: '', text_content: '' });
  });

  it('gives a label differing only in case from one the user has, or from an earlier one, that spelling', async () => {
    const { token, id } = await t.signup();
    await t.http
      .post('/api/notes')
      .set('authorization', token)
      .send({ note: { title: 'mine', tags: ['Shopping'] } })
      .expect(201);
    const res = await importZip(
      token,
      await zipOf([
        { name: 'a.md', data: '---\nlabels: [SHOPPING, Trip]\n---\nx\n' },
        { name: 'b.md', data: '---\nlabels: [shopping, TRIP, trip]\n---\ny\n' },
      ]),
    );
    expect(res.body).toEqual({ imported: 2, alreadyImported: 0, skipped: [] });
    const notes = await byTitle(id);
    expect(JSON.parse(notes.get('a')!.tags)).toEqual(['Shopping', 'Trip']);
    expect(JSON.parse(notes.get('b')!.tags)).toEqual(['Shopping', 'Trip']);
  });

  it('lists every file it leaves out, with the reason', async () => {
    const { token } = await t.signup();
    const res = await importZip(
      token,
      await zipOf([
        { name: 'notes/a.md', data: 'text' },
        { name: 'notes/readme.txt', data: 'not Markdown' },
        { name: 'notes/page.html', data: '<p>x</p>' },
        { name: 'notes/photo.png', data: Buffer.from([0x89, 0x50]) },
        { name: '__MACOSX/notes/._a.md', data: 'x' },
      ]),
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      imported: 1,
      alreadyImported: 0,
      skipped: [
        { file: 'notes/readme.txt', reason: expect.stringMatching(/^not a note file/) },
        { file: 'notes/page.html', reason: expect.stringMatching(/^not a note file/) },
        { file: 'notes/photo.png', reason: expect.stringMatching(/^a picture or other media/) },
      ],
    });
  });
});

describe('POST /api/import: a Jotter JSON export', () => {
  it('imports the notes that fit the format and skips the others by their place, with the reason', async () => {
    const { token, id } = await t.signup();
    const res = await t.http
      .post('/api/import')
      .set('authorization', token)
      .set('content-type', 'application/json')
      .set('x-file-name', encodeURIComponent('Mes notes é.json'))
      .send(
        JSON.stringify({
          format: 'jotter-notes',
          version: 1,
          notes: [
            {
              id: 'a',
              title: 'Kept',
              content: '<p>ok</p><img src=x onerror=alert(1)>',
              location: 'archive',
            },
            { id: 'b', title: 'Lost', location: 'moon' },
            { id: 'c', title: 'x'.repeat(600) },
            { id: 'd\u0000', title: 'NUL id' },
          ],
        }),
      );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      imported: 1,
      alreadyImported: 0,
      skipped: [
        { file: 'Mes notes é.json (note 2)', reason: expect.stringMatching(/^location: /) },
        { file: 'Mes notes é.json (note 4)', reason: expect.stringMatching(/^id: /) },
        { file: 'Mes notes é.json (note 3)', reason: 'title: must be at most 500 characters' },
      ],
    });
    const [kept] = await t.behind.notes(id);
    expect(kept).toMatchObject({ title: 'Kept', location: 'archive' });
    expect(kept!.content).not.toMatch(/onerror/);
  });
});

describe('POST /api/import: what a file says that cannot be', () => {
  it('a trashed note whose place before was the trash goes back to the notes when restored', async () => {
    const { token, id } = await t.signup();
    const res = await importJson(
      token,
      JSON.stringify({
        format: 'jotter-notes',
        version: 1,
        notes: [
          { id: 'p1', title: 'Looped', location: 'trash', previousLocation: 'trash' },
          { id: 'p2', title: 'From archive', location: 'trash', previousLocation: 'archive' },
        ],
      }),
    );
    expect(res.body).toMatchObject({ imported: 2 });
    const notes = await byTitle(id);
    expect(notes.get('Looped')).toMatchObject({ location: 'trash', previous_location: 'notes' });
    expect(notes.get('From archive')).toMatchObject({ previous_location: 'archive' });
  });

  it("a front matter's unknown tag is read as text, and nothing of the file reaches the server's log", async () => {
    const { token, id } = await t.signup();
    const warned = jest.spyOn(process, 'emitWarning');
    try {
      const res = await importZip(
        token,
        await zipOf([{ name: 'tagged.md', data: '---\ntitle: !!js/function "x"\n---\nbody' }]),
      );
      expect(res.body).toMatchObject({ imported: 1 });
      expect(warned).not.toHaveBeenCalled();
    } finally {
      warned.mockRestore();
    }
    expect((await byTitle(id)).has('x')).toBe(true);
  });
});

describe('GET /api/export and importing it back', () => {
  async function seed(token: string) {
    const add = (note: Record<string, unknown>) =>
      t.http.post('/api/notes').set('authorization', token).send({ note });
    await add({
      title: 'First',
      content: '<p>Hello <strong>world</strong></p>',
      tags: ['a', 'b'],
      color: '#F29191',
      priority: 'high',
    });
    await add({ title: 'First', content: '<p>Same title</p>' });
    await add({ title: 'Kept: away/../x', content: '<p>archived</p>' });
    await add({ title: '', content: '<ul><li>one</li></ul>' });
    await add({ title: 'Binned', content: '<p>trash</p>' });
    const list = (await t.http.get('/api/notes').set('authorization', token)).body as {
      notes: Array<{ _id: string; title: string }>;
    };
    const idOf = (title: string) => list.notes.find((n) => n.title === title)!._id;
    await t.http
      .post(`/api/notes/archives/${idOf('Kept: away/../x')}`)
      .set('authorization', token)
      .send({});
    await t.http
      .delete(`/api/notes/${idOf('Binned')}`)
      .set('authorization', token)
      .send({});
    const pinned = await t.graphql(
      'mutation ($id: ID!) { updateNote(id: $id, input: { pinned: true }) { pinned } }',
      { id: idOf('') },
      token,
    );
    expect(pinned.data).toEqual({ updateNote: { pinned: true } });
  }

  const comparable = (rows: Awaited<ReturnType<TestApp['behind']['notes']>>) =>
    rows
      .map(({ id: _id, user_id: _user, version: _version, ...rest }) => rest)
      .sort((x, y) => (x.created_at + x.title < y.created_at + y.title ? -1 : 1));

  it('401 without a token; 400 for an unknown format', async () => {
    expect((await t.http.get('/api/export')).status).toBe(401);
    const { token } = await t.signup();
    const res = await t.http.get('/api/export?format=xml').set('authorization', token);
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatch(/format: must be "json" or "markdown"/);
  });

  it("an export holds the caller's notes only", async () => {
    const a = await t.signup();
    const b = await t.signup();
    await t.http
      .post('/api/notes')
      .set('authorization', a.token)
      .send({ note: { title: 'mine' } });
    await t.http
      .post('/api/notes')
      .set('authorization', b.token)
      .send({ note: { title: 'theirs' } });
    const json = await t.http.get('/api/export?format=json').set('authorization', a.token);
    expect(
      (JSON.parse(json.text) as { notes: Array<{ title: string }> }).notes.map((n) => n.title),
    ).toEqual(['mine']);
    const zip = await t.http
      .get('/api/export?format=markdown')
      .set('authorization', a.token)
      .buffer(true)
      .parse((response, done) => binary(response as unknown as http.IncomingMessage, done));
    expect([...(await unzip(zip.body as Buffer)).keys()]).toEqual(['mine.md']);
  });

  it('JSON: every note with every field, as an attachment; imported elsewhere it is the same, into the same account nothing is added', async () => {
    const a = await t.signup();
    await seed(a.token);
    const res = await t.http.get('/api/export?format=json').set('authorization', a.token);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="jotter-notes-\d{4}-\d\d-\d\d\.json"$/,
    );
    const exported = JSON.parse(res.text) as {
      format: string;
      user: { email: string };
      notes: Array<Record<string, unknown>>;
    };
    expect(exported).toMatchObject({
      format: 'jotter-notes',
      version: 1,
      user: { email: a.email },
    });
    expect(exported.notes).toHaveLength(5);
    expect(Object.keys(exported.notes[0]!).sort()).toEqual(
      [
        'color',
        'content',
        'createdAt',
        'id',
        'location',
        'pinned',
        'previousLocation',
        'priority',
        'tags',
        'textContent',
        'title',
        'trashedAt',
        'updatedAt',
        'version',
      ].sort(),
    );

    const b = await t.signup();
    const imported = await importJson(b.token, res.text);
    expect(imported.status).toBe(200);
    expect(imported.body).toEqual({ imported: 5, alreadyImported: 0, skipped: [] });
    expect(comparable(await t.behind.notes(b.id))).toEqual(comparable(await t.behind.notes(a.id)));

    const own = await importJson(a.token, res.text);
    expect(own.body).toEqual({ imported: 0, alreadyImported: 5, skipped: [] });
    expect(await t.behind.notes(a.id)).toHaveLength(5);
  });

  it('Markdown: an export of many pieces arrives whole, every note in it', async () => {
    const a = await t.signup();
    // Text that deflate cannot shrink much, so the zip is well over one 64 kB piece.
    let state = 7;
    const letters = (n: number) =>
      Array.from({ length: n }, () => {
        state = (state * 48271) % 2147483647;
        return String.fromCharCode(97 + (state % 26));
      }).join('');
    const bodies = new Map<string, string>();
    for (let i = 0; i < 80; i += 1) {
      const text = letters(3000);
      bodies.set(`Note ${i}.md`, text);
      await t.http
        .post('/api/notes')
        .set('authorization', a.token)
        .send({ note: { title: `Note ${i}`, content: `<p>${text}</p>` } })
        .expect(201);
    }
    const res = await t.http
      .get('/api/export?format=markdown')
      .set('authorization', a.token)
      .buffer(true)
      .parse((response, done) => binary(response as unknown as http.IncomingMessage, done));
    expect((res.body as Buffer).length).toBeGreaterThan(2 * 64 * 1024);
    const files = await unzip(res.body as Buffer);
    expect(files.size).toBe(80);
    for (const [name, text] of bodies) expect(files.get(name)).toMatch(new RegExp(`\n${text}\n$`));
  });

  it('Markdown: a zip of one .md per note with front matter and safe unique names, that imports back', async () => {
    const a = await t.signup();
    await seed(a.token);
    const res = await t.http
      .get('/api/export?format=markdown')
      .set('authorization', a.token)
      .buffer(true)
      .parse((response, done) => binary(response as unknown as http.IncomingMessage, done));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="jotter-notes-\d{4}-\d\d-\d\d\.zip"$/,
    );
    const files = await unzip(res.body as Buffer);
    expect([...files.keys()].sort()).toEqual(
      [
        'Archive/Kept away .. x.md',
        'First (2).md',
        'First.md',
        'Trash/Binned.md',
        'Untitled.md',
      ].sort(),
    );
    const first = files.get('First.md')!;
    const [, yaml, body] = /^---\n([\s\S]*?)---\n\n([\s\S]*)$/.exec(first)!;
    expect(YAML.parse(yaml!)).toMatchObject({
      title: 'First',
      labels: ['a', 'b'],
      pinned: false,
      colour: '#F29191',
      priority: 'high',
    });
    expect(body).toBe('Hello **world**\n');
    expect(files.get('Untitled.md')).toMatch(/\npinned: true\n[\s\S]*\n- one\n$/);

    const b = await t.signup();
    const back = await importZip(b.token, res.body as Buffer);
    expect(back.body).toEqual({ imported: 5, alreadyImported: 0, skipped: [] });
    const notes = await byTitle(b.id);
    expect(notes.get('Kept: away/../x')).toMatchObject({ location: 'archive' });
    expect(notes.get('Binned')).toMatchObject({ location: 'trash', previous_location: 'notes' });
    expect(Boolean(notes.get('')!.pinned)).toBe(true);
    const firsts = (await t.behind.notes(b.id)).filter((n) => n.title === 'First');
    expect(firsts.map((n) => JSON.parse(n.tags) as string[]).sort()).toEqual([[], ['a', 'b']]);
    expect(firsts.find((n) => n.tags !== '[]')).toMatchObject({ color: '#F29191', priority: 3 });
  });
});

describe('POST /api/import: files it refuses', () => {
  let token: string;
  let id: string;
  beforeAll(async () => {
    ({ token, id } = await t.signup());
  });
  afterEach(async () => {
    expect(await t.behind.notes(id)).toEqual([]);
  });

  const refused = (res: { status: number; body: { errors?: string[] } }, message: RegExp) => {
    expect(res.status).toBe(400);
    expect(res.body.errors?.[0]).toMatch(message);
  };

  it('401 without a token', async () => {
    const res = await t.http
      .post('/api/import')
      .set('content-type', 'application/zip')
      .send(Buffer.from('x'));
    expect(res.status).toBe(401);
  });

  it('a file that is not a zip', async () => {
    refused(
      await importZip(token, Buffer.from('this is not a zip at all')),
      /not a zip archive or a JSON export/,
    );
  });

  it('a body of another type', async () => {
    const res = await t.http
      .post('/api/import')
      .set('authorization', token)
      .set('content-type', 'text/plain')
      .send('hello');
    refused(res, /^content-type: send the file as application\/zip/);
  });

  it('JSON that is not JSON, or not an export', async () => {
    refused(
      await importJson(token, '{"format": "jotter-notes", '),
      /not valid JSON; nothing was imported/,
    );
    refused(await importJson(token, '[1, 2, 3]'), /neither a Google Keep note nor a Jotter export/);
    refused(
      await importJson(token, JSON.stringify({ format: 'jotter-notes', version: 99, notes: [] })),
      /version/,
    );
  });

  it('a zip bomb: an entry that expands past the cap', async () => {
    const zip = await zipOf([
      { name: 'Takeout/Keep/bomb.json', data: Buffer.alloc(20 * 1024 * 1024, 0x20) },
    ]);
    expect(zip.length).toBeLessThan(100_000);
    refused(await importZip(token, zip), /expands to 20 MB, more than the 4 MB/);
  });

  it('a zip that lies about its sizes', async () => {
    const zip = await zipOf([
      { name: 'Takeout/Keep/a.json', data: Buffer.alloc(2 * 1024 * 1024, 0x20) },
    ]);
    refused(await importZip(token, lieAboutSizes(zip, 100)), /sizes do not match/);
  });

  it('entry names that climb out (../) or are absolute', async () => {
    const good = await zipOf([
      { name: 'Takeout/Keep/ok.json', data: keepNote({ title: 'ok' }) },
      { name: 'aa/evil.md', data: 'x' },
    ]);
    refused(
      await importZip(token, renameEntry(good, 'aa/evil.md', '../evil.md')),
      /unsafe file name \(invalid relative path: \.\.\/evil\.md\)/,
    );
    refused(
      await importZip(token, renameEntry(good, 'aa/evil.md', '/a/evil.md')),
      /unsafe file name \(absolute path: \/a\/evil\.md\)/,
    );
  });

  it('thousands upon thousands of entries', async () => {
    const zip = claimEntryCount(await zipOf([{ name: 'a.md', data: 'x' }]), 60_001);
    refused(await importZip(token, zip), /60001 entries, more than the 60000/);
  });

  it('a zip with no notes in it', async () => {
    refused(
      await importZip(token, await zipOf([{ name: 'Takeout/archive_browser.html', data: '<p>' }])),
      /holds no notes/,
    );
  });

  it('a bad entry late in a zip: nothing of the good notes before it is imported', async () => {
    const zip = await zipOf([
      { name: 'Takeout/Keep/ok.json', data: keepNote({ title: 'ok' }) },
      { name: 'Takeout/Keep/z-huge.md', data: Buffer.alloc(5 * 1024 * 1024, 0x61) },
    ]);
    refused(await importZip(token, zip), /z-huge\.md expands to 5 MB/);
  });
});

describe('POST /api/import: size limits', () => {
  let small: TestApp;
  beforeAll(async () => {
    small = await createTestApp({ importMaxBytes: 1024 * 1024 });
  });
  afterAll(() => small.close());

  /** Sends `size` bytes over a real socket and reads the answer, whenever it comes. */
  async function send(token: string, type: string, size: number, declareLength: boolean) {
    const { url } = await small.listen();
    return new Promise<{ status: number; body: { errors: string[] } }>((resolve, reject) => {
      const headers: Record<string, string | number> = {
        authorization: token,
        'content-type': type,
      };
      if (declareLength) headers['content-length'] = size;
      const req = http.request(`${url}/api/import`, { method: 'POST', headers }, (res) => {
        binary(res, (_e, body) =>
          resolve({
            status: res.statusCode ?? 0,
            body: JSON.parse(body.toString()) as { errors: string[] },
          }),
        );
      });
      req.on('error', reject);
      const chunk = Buffer.alloc(64 * 1024, 0x20);
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

  it('a declared size over IMPORT_MAX_MB is refused before reading', async () => {
    const { token } = await small.signup();
    const res = await send(token, 'application/json', 2 * 1024 * 1024, true);
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toBe(
      'file: larger than the 1 MB an import may be; nothing was imported',
    );
  });

  it('a chunked upload is cut off once it passes the limit', async () => {
    const { token, id } = await small.signup();
    const res = await send(token, 'application/zip', 1536 * 1024, false).catch((error: Error) => ({
      status: 0,
      body: { errors: [error.message] },
    }));
    // The server answers 400 as soon as the limit is passed; a client still sending may see
    // the connection close instead. Either way nothing is imported.
    if (res.status !== 0) expect(res.body.errors[0]).toMatch(/larger than the 1 MB/);
    expect(await small.behind.notes(id)).toEqual([]);
  });
});

describe('POST /api/import: damaged files never make a 500', () => {
  it('answers 200 or 400 to a Takeout with random bytes changed or cut, and to random JSON', async () => {
    const { token } = await t.signup();
    const zip = await zipOf(takeoutEntries());
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({ at: fc.nat(zip.length - 1), byte: fc.integer({ min: 0, max: 255 }) }),
          {
            minLength: 1,
            maxLength: 8,
          },
        ),
        fc.option(fc.nat(zip.length), { nil: undefined }),
        async (changes, cut) => {
          const damaged = Buffer.from(zip.subarray(0, cut ?? zip.length));
          for (const { at, byte } of changes) if (at < damaged.length) damaged[at] = byte;
          const res = await importZip(token, damaged);
          expect([200, 400]).toContain(res.status);
          if (res.status === 400) expect(res.body.errors[0]).toMatch(/^file: /);
        },
      ),
      { numRuns: 60 },
    );
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), async (value) => {
        const res = await importJson(token, JSON.stringify(value));
        expect([200, 400]).toContain(res.status);
      }),
      { numRuns: 60 },
    );
  });
});
