import { createTestApp, type TestApp } from '../test-support/app';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ token } = await t.signup());
});
afterAll(() => t.close());

const add = async (note: Record<string, unknown>) => {
  const res = await t.http.post('/api/notes').set('authorization', token).send({ note });
  expect(res.status).toBe(201);
  const notes = res.body.notes as Array<{ _id: string; title: string; tags: string[] }>;
  return notes[notes.length - 1]!;
};

describe('authorization header', () => {
  it.each([
    ['raw', (tk: string) => tk],
    ['JSON-quoted', (tk: string) => JSON.stringify(tk)],
    ['Bearer', (tk: string) => `Bearer ${tk}`],
  ])('accepts the token %s', async (_name, form) => {
    const res = await t.http.get('/api/notes').set('authorization', form(token));
    expect(res.status).toBe(200);
  });

  it.each([
    ['missing', undefined],
    ['garbage', 'not-a-token'],
    ['empty bearer', 'Bearer '],
  ])('401 with the spec message when the token is %s', async (_name, header) => {
    const req = t.http.get('/api/notes');
    if (header !== undefined) req.set('authorization', header);
    const res = await req;
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ errors: ['The token is invalid. Unauthorized access error.'] });
  });
});

describe('/api/notes', () => {
  it('GET lists the notes', async () => {
    const res = await t.http.get('/api/notes').set('authorization', token);
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body.notes)).toBe(true);
  });

  it('POST adds a note: server assigns id and timestamps, tags default to [], text derived', async () => {
    const res = await t.http
      .post('/api/notes')
      .set('authorization', token)
      .send({
        note: {
          title: '  Groceries  ',
          content: '<p>Milk &amp; <strong>eggs</strong></p>',
          color: '#F29191',
          priority: 'high',
          _id: 'mine',
          createdAt: 'yesterday',
        },
      });
    expect(res.status).toBe(201);
    const note = res.body.notes.at(-1);
    expect(note).toMatchObject({
      title: 'Groceries',
      content: '<p>Milk &amp; <strong>eggs</strong></p>',
      textContent: 'Milk & eggs',
      color: '#F29191',
      priority: 'high',
      tags: [],
      isArchive: false,
    });
    expect(note._id).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(note.createdAt).not.toBe('yesterday');
  });

  it.each([
    ['no note', {}, /^note:/],
    ['note not an object', { note: 'hello' }, /^note:/],
    ['title a number', { note: { title: 5 } }, /^note\.title:/],
    ['tags not strings', { note: { tags: [1, 2] } }, /^note\.tags/],
    [
      'unknown priority',
      { note: { priority: 'High' } },
      /^note\.priority: must be "low", "medium", "high", "" or null$/,
    ],
    ['bad colour', { note: { color: 'red; background: url(x)' } }, /^color:/],
    ['title too long', { note: { title: 'x'.repeat(501) } }, /^title: must be at most 500/],
    [
      'too many labels',
      { note: { tags: Array.from({ length: 51 }, (_, i) => `l${i}`) } },
      /^tags: at most 50/,
    ],
    [
      'label too long',
      { note: { tags: ['x'.repeat(101)] } },
      /^tags\.0: each label must be at most 100/,
    ],
  ])('POST 400 when %s, and nothing is stored', async (_name, body, message) => {
    const before = (await t.http.get('/api/notes').set('authorization', token)).body.notes.length;
    const res = await t.http.post('/api/notes').set('authorization', token).send(body);
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatch(message);
    const after = (await t.http.get('/api/notes').set('authorization', token)).body.notes.length;
    expect(after).toBe(before);
  });

  it('counts a title and a label in characters as a reader does: an emoji is one', async () => {
    const emoji = '\u{1F600}';
    const note = await add({ title: emoji.repeat(500), tags: [emoji.repeat(100)] });
    expect(note.title).toBe(emoji.repeat(500));
    expect(note.tags).toEqual([emoji.repeat(100)]);
    const over = await t.http
      .post('/api/notes')
      .set('authorization', token)
      .send({ note: { title: emoji.repeat(501) } });
    expect(over.status).toBe(400);
    expect(over.body.errors[0]).toMatch(/^title: must be at most 500 characters/);
  });

  it('400 naming the path for a note id that is no valid percent-escape', async () => {
    const res = await t.http
      .post('/api/notes/%E0%A4%A')
      .set('authorization', token)
      .send({ note: { title: 'x' } });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual(['path: not a valid URL (a bad percent-escape)']);
  });

  it('400 on malformed JSON, 413 on a body over 1 MB', async () => {
    const malformed = await t.http
      .post('/api/notes')
      .set('authorization', token)
      .set('content-type', 'application/json')
      .send('{"note": {');
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors[0]).toMatch(/malformed JSON/);
    const huge = await t.http
      .post('/api/notes')
      .set('authorization', token)
      .send({ note: { content: 'x'.repeat(1_100_000) } });
    expect(huge.status).toBe(413);
    expect(huge.body.errors[0]).toMatch(/1 MB/);
  });

  it('POST /:id merges the supplied fields only', async () => {
    const note = await add({
      title: 'Draft',
      content: '<p>body</p>',
      priority: 'low',
      tags: ['work'],
    });
    const res = await t.http
      .post(`/api/notes/${note._id}`)
      .set('authorization', token)
      .send({ note: { title: 'Final' } });
    expect(res.status).toBe(201);
    const edited = res.body.notes.find((n: { _id: string }) => n._id === note._id);
    expect(edited).toMatchObject({
      title: 'Final',
      content: '<p>body</p>',
      priority: 'low',
      tags: ['work'],
    });
    expect(edited.updatedAt >= edited.createdAt).toBe(true);
  });

  it('POST /:id with priority "" clears it', async () => {
    const note = await add({ title: 'p', priority: 'medium' });
    const res = await t.http
      .post(`/api/notes/${note._id}`)
      .set('authorization', token)
      .send({ note: { priority: '' } });
    expect(res.body.notes.find((n: { _id: string }) => n._id === note._id).priority).toBe('');
  });

  it('unknown note ids are 404 on every route', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    const calls = [
      t.http.post(`/api/notes/${id}`).send({ note: { title: 'x' } }),
      t.http.delete(`/api/notes/${id}`),
      t.http.post(`/api/notes/archives/${id}`).send({}),
      t.http.post(`/api/notes/trash/${id}`),
      t.http.post(`/api/archives/${id}`).send({ archiveNote: { title: 'x' } }),
      t.http.post(`/api/archives/restore/${id}`).send({}),
      t.http.delete(`/api/archives/delete/${id}`),
      t.http.post(`/api/trash/restore/${id}`),
      t.http.delete(`/api/trash/delete/${id}`),
    ];
    for (const call of calls) {
      const res = await call.set('authorization', token);
      expect(res.status).toBe(404);
      expect(res.body.errors[0]).toContain(id);
    }
  });

  it('DELETE /:id moves the note to the trash: 200 with notes and trash', async () => {
    const note = await add({ title: 'bin me' });
    const res = await t.http.delete(`/api/notes/${note._id}`).set('authorization', token);
    expect(res.status).toBe(200);
    expect(res.body.notes.some((n: { _id: string }) => n._id === note._id)).toBe(false);
    expect(res.body.trash.some((n: { _id: string }) => n._id === note._id)).toBe(true);
  });

  it('POST /trash/:id moves the note to the trash: 201 with trash and notes', async () => {
    const note = await add({ title: 'trash me' });
    const res = await t.http.post(`/api/notes/trash/${note._id}`).set('authorization', token);
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(['notes', 'trash']);
    expect(res.body.trash.some((n: { _id: string }) => n._id === note._id)).toBe(true);
  });

  it('POST /archives/:id archives: 201 with archives and notes', async () => {
    const note = await add({ title: 'archive me' });
    const res = await t.http
      .post(`/api/notes/archives/${note._id}`)
      .set('authorization', token)
      .send({ note });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(['archives', 'notes']);
    expect(res.body.archives.find((n: { _id: string }) => n._id === note._id).isArchive).toBe(true);
    expect(res.body.notes.some((n: { _id: string }) => n._id === note._id)).toBe(false);
  });

  it('every route needs a token', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    const calls = [
      t.http.get('/api/notes'),
      t.http.post('/api/notes').send({ note: {} }),
      t.http.post(`/api/notes/${id}`).send({ note: {} }),
      t.http.delete(`/api/notes/${id}`),
      t.http.post(`/api/notes/archives/${id}`),
      t.http.post(`/api/notes/trash/${id}`),
      t.http.get('/api/user'),
    ];
    for (const call of calls) expect((await call).status).toBe(401);
  });
});

describe('other routes', () => {
  it('GET /api/user answers the user with their lists', async () => {
    const res = await t.http.get('/api/user').set('authorization', token);
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace' });
    expect(Array.isArray(res.body.user.notes)).toBe(true);
    expect(res.body.user.password).toBeUndefined();
  });

  it('GET /api/test-todos answers a demo list without a token', async () => {
    const res = await t.http.get('/api/test-todos');
    expect(res.status).toBe(200);
    expect(res.body.todos.length).toBeGreaterThan(0);
  });

  it('an unknown /api path is a JSON 404', async () => {
    const res = await t.http.get('/api/no-such-thing');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/json/);
    expect(res.body.errors[0]).toMatch(/No API route/);
  });

  it('GET /healthz checks the database', async () => {
    const res = await t.http.get('/healthz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
  });
});
