import { createTestApp, type TestApp } from '../test-support/app';

/**
 * A note needs a title or a body (DESIGN.md, "Deliberate departures"): a title alone is a note;
 * "Please Add Something In The Note" (400 / BAD_USER_INPUT) is for one with neither, through
 * REST and GraphQL, adding or editing. SQLite, or PostgreSQL with TEST_DATABASE_URL.
 */
let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ token } = await t.signup());
});
afterAll(() => t.close());

const message = 'Please Add Something In The Note';

const restAdd = (note: Record<string, unknown>) =>
  t.http.post('/api/notes').set('authorization', token).send({ note });

const gqlAdd = (input: Record<string, unknown>) =>
  t.graphql<{ addNote: { id: string; title: string } }>(
    'mutation($input: NoteInput!) { addNote(input: $input) { id title } }',
    { input },
    token,
  );

describe('adding', () => {
  it('a title alone is a note, through REST and GraphQL', async () => {
    const rest = await restAdd({ title: 'Only a title', content: '' });
    expect(rest.status).toBe(201);
    expect(rest.body.notes.at(-1)).toMatchObject({ title: 'Only a title', textContent: '' });
    const gql = await gqlAdd({ title: 'Title too' });
    expect(gql.errors).toBeUndefined();
    expect(gql.data!.addNote.title).toBe('Title too');
  });

  it('a body alone, or an image alone, is a note', async () => {
    expect((await restAdd({ content: '<p>just text</p>' })).status).toBe(201);
    const image = await gqlAdd({ content: '<p><img src="https://example.com/a.png" alt=""></p>' });
    expect(image.errors).toBeUndefined();
  });

  it.each([
    ['nothing', {}],
    ['blank title and body', { title: '   ', content: '<p> </p>' }],
    [
      'an empty checklist and labels',
      { content: '<ul data-checklist><li></li></ul>', tags: ['a'] },
    ],
  ])('%s: 400 / BAD_USER_INPUT with the spec’s words, nothing stored', async (_what, note) => {
    const before = await t.behind.notes();
    const rest = await restAdd(note);
    expect(rest.status).toBe(400);
    expect(rest.body).toEqual({ errors: [message] });
    const gql = await gqlAdd(note);
    expect(gql.errors?.[0]).toMatchObject({
      message,
      extensions: { code: 'BAD_USER_INPUT', field: 'content' },
    });
    expect(await t.behind.notes()).toEqual(before);
  });
});

describe('editing', () => {
  it('emptying the body of a note with a title keeps it; emptying both is refused', async () => {
    const added = await gqlAdd({ title: 'Keep me', content: '<p>text</p>' });
    const id = added.data!.addNote.id;
    const body = await t.http
      .post(`/api/notes/${id}`)
      .set('authorization', token)
      .send({ note: { content: '' } });
    expect(body.status).toBe(201);
    const both = await t.http
      .post(`/api/notes/${id}`)
      .set('authorization', token)
      .send({ note: { title: ' ' } });
    expect(both.status).toBe(400);
    expect(both.body).toEqual({ errors: [message] });
    const gql = await t.graphql(
      'mutation($id: ID!) { updateNote(id: $id, input: { title: "" }) { id } }',
      { id },
      token,
    );
    expect(gql.errors?.[0]).toMatchObject({ message, extensions: { code: 'BAD_USER_INPUT' } });
    const kept = await t.graphql<{ note: { title: string } }>(
      'query($id: ID!) { note(id: $id) { title } }',
      { id },
      token,
    );
    expect(kept.data!.note.title).toBe('Keep me');
  });

  it('a change of anything else leaves the rule alone', async () => {
    const added = await gqlAdd({ title: 'x' });
    const id = added.data!.addNote.id;
    const res = await t.graphql<{ updateNote: { color: string } }>(
      'mutation($id: ID!) { updateNote(id: $id, input: { color: "#F29191" }) { color } }',
      { id },
      token,
    );
    expect(res.data).toEqual({ updateNote: { color: '#F29191' } });
  });
});
