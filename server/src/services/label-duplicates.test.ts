import { createTestApp, type TestApp } from '../test-support/app';

/**
 * Labels that differ only in letter case are one label for the duplicate check (DESIGN.md,
 * "Deliberate departures"): a note given "Shopping" when the user has "shopping" is refused with
 * "{label} Already Exists" (the label as typed), through REST and GraphQL, adding or editing; a
 * label spelled exactly as one the user has is that label; renaming may change only a label's
 * case. SQLite, or PostgreSQL with TEST_DATABASE_URL.
 */
let t: TestApp;
let token: string;
let noteId: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ token } = await t.signup());
  const res = await t.graphql<{ addNote: { id: string } }>(
    'mutation { addNote(input: { title: "list", tags: ["shopping", "Straße"] }) { id } }',
    {},
    token,
  );
  noteId = res.data!.addNote.id;
});
afterAll(() => t.close());

const labels = async () =>
  (await t.graphql<{ labels: string[] }>('{ labels }', {}, token)).data!.labels;

describe('a note given a label that differs from an existing one only in case', () => {
  it.each([
    ['Shopping', 'Shopping Already Exists'],
    ['SHOPPING', 'SHOPPING Already Exists'],
    ['STRASSE', 'STRASSE Already Exists'],
  ])('REST, adding or editing, %j: 422 "%s", nothing stored', async (label, message) => {
    const before = await t.behind.notes();
    const added = await t.http
      .post('/api/notes')
      .set('authorization', token)
      .send({ note: { title: 'new', tags: [label] } });
    expect(added.status).toBe(422);
    expect(added.body).toEqual({ errors: [message] });
    const edited = await t.http
      .post(`/api/notes/${noteId}`)
      .set('authorization', token)
      .send({ note: { tags: ['shopping', 'Straße', label] } });
    expect(edited.status).toBe(422);
    expect(edited.body).toEqual({ errors: [message] });
    expect(await t.behind.notes()).toEqual(before);
  });

  it('GraphQL, adding or editing: CONFLICT "{label} Already Exists", naming the field', async () => {
    const added = await t.graphql(
      'mutation { addNote(input: { title: "new", tags: ["Shopping"] }) { id } }',
      {},
      token,
    );
    expect(added.errors?.[0]).toMatchObject({
      message: 'Shopping Already Exists',
      extensions: { code: 'CONFLICT', field: 'tags' },
    });
    const edited = await t.graphql(
      'mutation($id: ID!) { updateNote(id: $id, input: { tags: ["shopping", "SHOPPING"] }) { id } }',
      { id: noteId },
      token,
    );
    expect(edited.errors?.[0]).toMatchObject({
      message: 'SHOPPING Already Exists',
      extensions: { code: 'CONFLICT', field: 'tags' },
    });
    expect(await labels()).toEqual(['Straße', 'shopping']);
  });

  it('two spellings of one new label in one note: the second is refused', async () => {
    const res = await t.graphql(
      'mutation { addNote(input: { title: "new", tags: ["Trip", "trip"] }) { id } }',
      {},
      token,
    );
    expect(res.errors?.[0]?.message).toBe('trip Already Exists');
  });

  it('the label spelled as the user has it is that label, on another note too', async () => {
    const res = await t.http
      .post('/api/notes')
      .set('authorization', token)
      .send({ note: { title: 'again', tags: ['shopping', 'Shopping list'] } });
    expect(res.status).toBe(201);
    expect(await labels()).toEqual(['Shopping list', 'Straße', 'shopping']);
  });

  it('a label only on notes in the trash, which the user does not see, is no duplicate', async () => {
    const binned = await t.graphql<{ addNote: { id: string } }>(
      'mutation { addNote(input: { title: "old", tags: ["receipts"] }) { id } }',
      {},
      token,
    );
    await t.graphql(
      'mutation($id: ID!) { trashNote(id: $id) { id } }',
      { id: binned.data!.addNote.id },
      token,
    );
    const res = await t.graphql(
      'mutation { addNote(input: { title: "new", tags: ["Receipts"] }) { tags } }',
      {},
      token,
    );
    expect(res.data).toEqual({ addNote: { tags: ['Receipts'] } });
    expect(await labels()).toContain('Receipts');
  });

  it('a label of another user, in any case, is no duplicate', async () => {
    const other = await t.signup();
    const res = await t.graphql(
      'mutation { addNote(input: { title: "theirs", tags: ["SHOPPING"] }) { tags } }',
      {},
      other.token,
    );
    expect(res.data).toEqual({ addNote: { tags: ['SHOPPING'] } });
  });
});

describe('renameLabel', () => {
  it('may change only the case of the label renamed', async () => {
    const res = await t.graphql<{ renameLabel: string[] }>(
      'mutation { renameLabel(from: "Straße", to: "STRASSE") }',
      {},
      token,
    );
    expect(res.errors).toBeUndefined();
    expect(res.data!.renameLabel).toEqual(['Receipts', 'STRASSE', 'Shopping list', 'shopping']);
  });

  it('refuses a name that is another label in another case', async () => {
    const res = await t.graphql(
      'mutation { renameLabel(from: "Shopping list", to: "Shopping") }',
      {},
      token,
    );
    expect(res.errors?.[0]).toMatchObject({
      message: 'Shopping Already Exists',
      extensions: { code: 'CONFLICT', field: 'to' },
    });
  });
});
