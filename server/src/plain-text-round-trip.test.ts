import type http from 'node:http';

import yauzl from 'yauzl';
import YAML from 'yaml';

import { createTestApp, type Listening, type TestApp } from './test-support/app';
import { TestSocket } from './test-support/ws';

/**
 * Titles and labels are plain text, kept exactly as typed (DESIGN.md, "Deliberate departures"):
 * `<`, `>`, `&`, quotes and `<script>` come back as the same characters through REST, GraphQL,
 * the live feed, the JSON export and its import, and the Markdown export and its import. Runs
 * on SQLite in `npm test` and on PostgreSQL in `npm run test:pg`.
 */
let t: TestApp;
let server: Listening;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  server = await t.listen();
});
afterAll(async () => {
  await Promise.all(sockets.map((s) => s.close()));
  await t.close();
});

/** Each title with its labels: every character a markup parser would take for its own. */
const typed = [
  { title: 'Use <b> for bold', tags: ['<b>bold</b>', 'a > b & c < d'] },
  { title: `Tom & Jerry's <b>"best"</b>`, tags: [`Tom & Jerry's "best"`, '&amp; &lt;'] },
  { title: '<script>alert(1)</script>', tags: ['<script>alert(1)</script>', `'single' "double"`] },
];

const byTitle = <T extends { title: string }>(notes: readonly T[]) =>
  new Map(notes.map((n) => [n.title, n]));

/** Each typed note as found among `notes`: same title, same labels, in order. */
function expectAllAsTyped(notes: ReadonlyArray<{ title: string; tags: string[] }>) {
  const found = byTitle(notes);
  for (const note of typed) expect(found.get(note.title)?.tags).toEqual(note.tags);
}

async function restNotes(token: string) {
  const res = await t.http.get('/api/notes').set('authorization', token);
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  return res.body.notes as Array<{ title: string; tags: string[] }>;
}

async function graphqlNotes(token: string) {
  const res = await t.graphql<{
    notes: { nodes: Array<{ title: string; tags: string[] }> };
    labels: string[];
  }>('{ notes(first: 100) { nodes { title tags } } labels }', {}, token);
  expect(res.errors).toBeUndefined();
  return res.data!;
}

const binary = (res: http.IncomingMessage, done: (e: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};

/** The files of a zip, by name, as text. */
function unzip(buffer: Buffer): Promise<Map<string, string>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      const files = new Map<string, string>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e) return reject(e);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            files.set(entry.fileName, Buffer.concat(chunks).toString('utf8'));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(files));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

describe.each(['REST', 'GraphQL'] as const)('written through %s', (door) => {
  let token: string;
  /** The titles and labels the live feed delivered while the notes were written. */
  const fed: Array<{ title: string; tags: string[] }> = [];

  beforeAll(async () => {
    ({ token } = await t.signup());
    const socket = await TestSocket.connect(server.wsUrl, token);
    sockets.push(socket);
    const id = socket.subscribe('subscription { noteEvents { note { title tags } } }');
    for (const note of typed) {
      const input = { ...note, content: '<p>body</p>' };
      if (door === 'REST') {
        const res = await t.http
          .post('/api/notes')
          .set('authorization', token)
          .send({ note: input });
        expect(res.status).toBe(201);
      } else {
        const res = await t.graphql(
          'mutation($input: NoteInput!) { addNote(input: $input) { id } }',
          { input },
          token,
        );
        expect(res.errors).toBeUndefined();
      }
    }
    await socket.waitFor(
      () => socket.of(id).filter((m) => m.type === 'next').length >= typed.length,
      'an event per note',
    );
    for (const m of socket.of(id)) {
      if (m.type === 'next') fed.push(m.payload.data.noteEvents.note);
    }
  });

  it('reads back as typed through REST and GraphQL, labels included', async () => {
    expectAllAsTyped(await restNotes(token));
    const { notes, labels } = await graphqlNotes(token);
    expectAllAsTyped(notes.nodes);
    expect(labels).toEqual(typed.flatMap((n) => n.tags).sort());
  });

  it('comes through the live feed as typed', () => {
    expect(fed).toHaveLength(typed.length);
    expectAllAsTyped(fed);
  });

  it('is kept as typed by the JSON export, and by its import into another account', async () => {
    const exported = await t.http.get('/api/export?format=json').set('authorization', token);
    expect(exported.status).toBe(200);
    expectAllAsTyped(
      (JSON.parse(exported.text) as { notes: Array<{ title: string; tags: string[] }> }).notes,
    );
    const other = await t.signup();
    const imported = await t.http
      .post('/api/import')
      .set('authorization', other.token)
      .set('content-type', 'application/json')
      .send(exported.text);
    expect(imported.body).toEqual({ imported: 3, alreadyImported: 0, skipped: [] });
    expectAllAsTyped(await restNotes(other.token));
    expectAllAsTyped((await graphqlNotes(other.token)).notes.nodes);
  });

  it('is kept as typed by the Markdown export, in its front matter only, and by its import', async () => {
    const res = await t.http
      .get('/api/export?format=markdown')
      .set('authorization', token)
      .buffer(true)
      .parse((response, done) => binary(response as unknown as http.IncomingMessage, done));
    expect(res.status).toBe(200);
    const files = [...(await unzip(res.body as Buffer)).values()];
    expect(files).toHaveLength(typed.length);
    const fronts = files.map((text) => {
      const [, yaml, body] = /^---\n([\s\S]*?)---\n\n([\s\S]*)$/.exec(text)!;
      // The title and labels live in the YAML (which Markdown viewers do not render as
      // Markdown or HTML); the body is the note's text alone.
      expect(body).toBe('body\n');
      const meta = YAML.parse(yaml!) as { title: string; labels: string[] };
      return { title: meta.title, tags: meta.labels };
    });
    expectAllAsTyped(fronts);
    const other = await t.signup();
    const imported = await t.http
      .post('/api/import')
      .set('authorization', other.token)
      .set('content-type', 'application/zip')
      .send(res.body as Buffer);
    expect(imported.body).toEqual({ imported: 3, alreadyImported: 0, skipped: [] });
    expectAllAsTyped((await graphqlNotes(other.token)).notes.nodes);
  });
});

it('keeps an edited title and labels as typed, trimmed and without control characters', async () => {
  const { token } = await t.signup();
  const added = await t.graphql<{ addNote: { id: string } }>(
    'mutation { addNote(input: { title: "x" }) { id } }',
    {},
    token,
  );
  const id = added.data!.addNote.id;
  const edited = await t.http
    .post(`/api/notes/${id}`)
    .set('authorization', token)
    .send({
      note: { title: '  <i>Tom</i> &\u0007 "Jerry"\n ', tags: [' <u>a</u> ', 'b\u0000&c'] },
    });
  expect(edited.status).toBe(201);
  const note = (edited.body.notes as Array<{ _id: string; title: string; tags: string[] }>).find(
    (n) => n._id === id,
  );
  expect(note).toMatchObject({ title: '<i>Tom</i> & "Jerry"', tags: ['<u>a</u>', 'b&c'] });
  const updated = await t.graphql<{ updateNote: { title: string; tags: string[] } }>(
    'mutation($id: ID!) { updateNote(id: $id, input: { title: "a\\tb < c", tags: ["&lt;x&gt;"] }) { title tags } }',
    { id },
    token,
  );
  expect(updated.data!.updateNote).toEqual({ title: 'a b < c', tags: ['&lt;x&gt;'] });
});
