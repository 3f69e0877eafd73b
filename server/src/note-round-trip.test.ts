import type { ClientField, NoteField, NoteRecord } from './store';
import { initialValue, noteFields, noteShape } from './store';
import { createTestApp, type TestApp } from './test-support/app';

/**
 * Every field of a note, through every way in and out: written through REST and through GraphQL,
 * read back through both, exported as JSON and imported into another account. The field list
 * comes from the declaration (store/note-shape.ts): a field declared there that this test does
 * not write, read or expect fails to compile and fails at run time, and a mapper that forgets a
 * field (a row, the wire, GraphQL, the export) fails here.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(() => t.close());

/** What a client writes: every field it may set, none as in a new note. */
const written = {
  title: 'Trip plan',
  content:
    '<p>Pack the <strong>tent</strong></p><ul data-checklist><li data-checked="true">Map</li></ul>',
  color: '#F29191',
  priority: 'high',
  tags: ['summer', 'trip'],
  pinned: true,
} satisfies { [K in ClientField]: NoteRecord[K] };

/** The note as the server keeps it after the writes below: added, archived, then trashed. */
function expectedNote(id: string): { [K in NoteField]: unknown } {
  return {
    id,
    ...written,
    textContent: expect.stringMatching(/^Pack the tent\s+Map$/),
    location: 'trash',
    previousLocation: 'archive',
    createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    // Added, archived, trashed.
    version: 3,
    trashedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
  };
}

/** A REST note as a record, for the fields the wire shows under other names or rules. */
const fromWire: { [K in NoteField]: (wire: Record<string, unknown>) => unknown } = {
  id: (w) => w._id,
  title: (w) => w.title,
  content: (w) => w.content,
  textContent: (w) => w.textContent,
  color: (w) => w.color,
  priority: (w) => (w.priority === '' ? null : w.priority),
  tags: (w) => w.tags,
  location: (w) => w.location,
  // The wire says where a trashed note came from through isArchive.
  previousLocation: (w) => (w.location === 'trash' ? (w.isArchive ? 'archive' : 'notes') : null),
  createdAt: (w) => w.createdAt,
  updatedAt: (w) => w.updatedAt,
  version: (w) => w.version,
  pinned: (w) => w.isPinned,
  trashedAt: (w) => w.trashedAt,
};

/** GraphQL's enums as the record's names. */
const lower = (value: unknown) => (typeof value === 'string' ? value.toLowerCase() : value);
const fromGraphQL: { [K in NoteField]?: (value: unknown) => unknown } = {
  priority: lower,
  location: lower,
  previousLocation: lower,
};

const asRecord = (read: (field: NoteField) => unknown) =>
  Object.fromEntries(noteFields.map((f) => [f, read(f)]));

/** Every field of `Note` the declaration has: a field missing from the schema fails the query. */
const selection = noteFields.join(' ');

async function readThroughRest(token: string, id: string) {
  const res = await t.http.get('/api/trash').set('authorization', token);
  expect(res.status).toBe(200);
  const wire = (res.body.trash as Array<Record<string, unknown>>).find((n) => n._id === id);
  expect(wire).toBeDefined();
  return asRecord((f) => fromWire[f](wire!));
}

async function readThroughGraphQL(token: string, id: string) {
  const res = await t.graphql<{ note: Record<string, unknown> }>(
    `query ($id: ID!) { note(id: $id) { ${selection} } }`,
    { id },
    token,
  );
  expect(res.errors).toBeUndefined();
  const note = res.data!.note;
  return asRecord((f) => (fromGraphQL[f] ?? ((v) => v))(note[f]));
}

async function writeThroughRest(token: string): Promise<string> {
  const wire: { [K in ClientField]: [string, unknown] } = {
    title: ['title', written.title],
    content: ['content', written.content],
    color: ['color', written.color],
    priority: ['priority', written.priority],
    tags: ['tags', written.tags],
    pinned: ['isPinned', written.pinned],
  };
  const note = Object.fromEntries(Object.values(wire));
  const added = await t.http.post('/api/notes').set('authorization', token).send({ note });
  expect(added.status).toBe(201);
  const id = (added.body.notes as Array<{ _id: string }>).at(-1)!._id;
  const archived = await t.http.post(`/api/notes/archives/${id}`).set('authorization', token);
  expect(archived.status).toBe(201);
  const trashed = await t.http.delete(`/api/archives/delete/${id}`).set('authorization', token);
  expect(trashed.status).toBe(200);
  return id;
}

async function writeThroughGraphQL(token: string): Promise<string> {
  const input: { [K in ClientField]: unknown } = {
    ...written,
    priority: written.priority.toUpperCase(),
  };
  const added = await t.graphql<{ addNote: { id: string } }>(
    'mutation ($input: NoteInput!) { addNote(input: $input) { id } }',
    { input },
    token,
  );
  expect(added.errors).toBeUndefined();
  const id = added.data!.addNote.id;
  for (const move of ['archiveNote', 'trashNote']) {
    const moved = await t.graphql(`mutation ($id: ID!) { ${move}(id: $id) { id } }`, { id }, token);
    expect(moved.errors).toBeUndefined();
  }
  return id;
}

it('knows every declared field', () => {
  // A field declared since this test was written, and not added to it, fails here.
  expect(Object.keys(fromWire)).toEqual(noteFields);
  expect(Object.keys(expectedNote('x')).sort()).toEqual([...noteFields].sort());
});

describe.each([
  ['REST', writeThroughRest],
  ['GraphQL', writeThroughGraphQL],
])('a note written through %s', (_door, write) => {
  let user: Awaited<ReturnType<TestApp['signup']>>;
  let id: string;

  beforeAll(async () => {
    user = await t.signup();
    id = await write(user.token);
  });

  it('has no field as in a new note', async () => {
    const note = await readThroughGraphQL(user.token, id);
    for (const field of noteFields) {
      if ('initial' in noteShape[field]) {
        expect([field, note[field]]).not.toEqual([field, initialValue(field as never)]);
      }
    }
  });

  it('reads back every field, the same through REST and GraphQL', async () => {
    const rest = await readThroughRest(user.token, id);
    const graphql = await readThroughGraphQL(user.token, id);
    expect(rest).toEqual(expectedNote(id));
    expect(graphql).toEqual(rest);
  });

  it('comes back with every field from its JSON export, imported into another account', async () => {
    const before = await readThroughGraphQL(user.token, id);
    const exported = await t.http.get('/api/export?format=json').set('authorization', user.token);
    expect(exported.status).toBe(200);
    const other = await t.signup();
    const imported = await t.http
      .post('/api/import')
      .set('authorization', other.token)
      .set('content-type', 'application/json')
      .send(exported.text);
    expect(imported.status).toBe(200);
    expect(imported.body).toEqual({ imported: 1, alreadyImported: 0, skipped: [] });
    const trash = await t.http.get('/api/trash').set('authorization', other.token);
    const newId = (trash.body.trash as Array<{ _id: string }>)[0]!._id;
    expect(newId).not.toBe(id);
    const rest = await readThroughRest(other.token, newId);
    const graphql = await readThroughGraphQL(other.token, newId);
    // A new note in the other account: its own id, at version 1; every other field as it was.
    expect(rest).toEqual({ ...before, id: newId, version: 1 });
    expect(graphql).toEqual(rest);
  });

  it('goes back to the archive with every field when restored', async () => {
    const before = await readThroughGraphQL(user.token, id);
    const restored = await t.graphql(
      'mutation ($id: ID!) { restoreNote(id: $id) { id } }',
      { id },
      user.token,
    );
    expect(restored.errors).toBeUndefined();
    const archives = await t.http.get('/api/archives').set('authorization', user.token);
    const wire = (archives.body.archives as Array<Record<string, unknown>>).find(
      (n) => n._id === id,
    )!;
    expect(wire.isArchive).toBe(true);
    expect(asRecord((f) => fromWire[f](wire))).toEqual({
      ...before,
      location: 'archive',
      previousLocation: null,
      trashedAt: null,
      version: 4,
    });
    expect(await readThroughGraphQL(user.token, id)).toEqual(asRecord((f) => fromWire[f](wire)));
  });
});
