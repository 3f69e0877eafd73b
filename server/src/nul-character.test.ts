import { fromDatabaseTextError } from './errors';
import { createTestApp, type TestApp } from './test-support/app';

/**
 * The NUL character (U+0000): PostgreSQL's text cannot hold it, so before these checks a NUL in
 * a title, a name or an id was a 500 there (and stored as-is on SQLite). Now a note's texts drop
 * it, a name or a filter holding one is refused by name, and an id or an email holding one finds
 * nothing, the same way on both engines (this file runs on SQLite in `npm test` and on
 * PostgreSQL in `npm run test:pg`).
 */
let t: TestApp;
let token: string;
let noteId: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ token } = await t.signup());
  const res = await t.http
    .post('/api/notes')
    .set('authorization', token)
    .send({ note: { title: 'Kept', content: '<p>As it was</p>', tags: ['home'] } });
  noteId = (res.body.notes as Array<{ _id: string }>)[0]!._id;
});
afterAll(() => t.close());

const notes = async () => (await t.http.get('/api/notes').set('authorization', token)).body.notes;

describe('REST', () => {
  it('drops it from titles, contents and labels, when adding and when editing', async () => {
    const note = {
      title: 'Ti\u0000tle',
      content: '<p>Con\u0000tent</p>',
      tags: ['la\u0000bel', '\u0000'],
    };
    const added = await t.http.post('/api/notes').set('authorization', token).send({ note });
    expect(added.status).toBe(201);
    const stored = (added.body.notes as Array<Record<string, unknown>>).at(-1)!;
    expect(stored).toMatchObject({ title: 'Title', content: '<p>Content</p>', tags: ['label'] });
    const edited = await t.http
      .post(`/api/notes/${noteId}`)
      .set('authorization', token)
      .send({ note: { title: 'Ke\u0000pt' } });
    expect(edited.status).toBe(201);
    const found = await t.graphql<{
      notes: { nodes: Array<{ title: string; textContent: string }> };
    }>('{ notes(filter: { search: "Content" }) { nodes { title textContent } } }', {}, token);
    expect(found.data?.notes.nodes).toEqual([{ title: 'Title', textContent: 'Content' }]);
    const kept = (await notes()) as Array<{ _id: string; title: string }>;
    expect(kept.find((n) => n._id === noteId)?.title).toBe('Kept');
  });

  it('hides no markup from the sanitiser', async () => {
    const note = { title: 'x', content: '<p>ok</p><scri\u0000pt>alert(1)</scri\u0000pt>' };
    const added = await t.http.post('/api/notes').set('authorization', token).send({ note });
    expect(added.status).toBe(201);
    expect((added.body.notes as Array<{ content: string }>).at(-1)!.content).toBe('<p>ok</p>');
  });

  it.each([
    ['post', '/api/notes/a%00b'],
    ['delete', '/api/notes/a%00b'],
    ['post', '/api/notes/archives/a%00b'],
    ['post', '/api/notes/trash/a%00b'],
    ['post', '/api/archives/restore/a%00b'],
    ['post', '/api/trash/restore/a%00b'],
    ['delete', '/api/trash/delete/a%00b'],
  ] as const)('finds no note for an id with a NUL (%s %s)', async (method, path) => {
    const res = await t.http[method](path)
      .set('authorization', token)
      .send({ note: { title: 'x' } });
    expect(res.status).toBe(404);
    expect((res.body.errors as string[])[0]!.startsWith('Note a\u0000b ')).toBe(true);
  });

  it('refuses a NUL in a name at sign-up, and finds no account for an email with one', async () => {
    const signup = await t.http.post('/api/auth/signup').send({
      firstName: 'Nul\u0000',
      lastName: 'User',
      email: 'nul-user@example.com',
      password: 'a-good-password',
      confirmPassword: 'a-good-password',
    });
    expect(signup.status).toBe(400);
    expect(signup.body).toEqual({
      errors: ['firstName: must not contain the NUL character (U+0000)'],
    });
    const login = await t.http
      .post('/api/auth/login')
      .send({ email: 'nul\u0000@example.com', password: 'a-good-password' });
    expect(login.status).toBe(404);
    expect(login.body).toEqual({
      errors: ['The email you entered is not Registered. Not Found error'],
    });
  });
});

describe('GraphQL', () => {
  it('drops it from a new note, and refuses it in a label filter', async () => {
    const add = await t.graphql<{ addNote: { title: string } }>(
      'mutation { addNote(input: { title: "a\\u0000b" }) { title } }',
      {},
      token,
    );
    expect(add.data?.addNote.title).toBe('ab');
    const filter = await t.graphql(
      'query ($tags: [String!]) { notes(filter: { tags: $tags }) { nodes { id } } }',
      { tags: ['a\u0000'] },
      token,
    );
    expect(filter.errors?.[0]?.message).toBe(
      'filter.tags: must not contain the NUL character (U+0000)',
    );
  });

  it('finds no note for an id with a NUL', async () => {
    for (const query of [
      '{ note(id: "a\\u0000b") { id } }',
      'mutation { archiveNote(id: "a\\u0000b") { id } }',
    ]) {
      const res = await t.graphql(query, {}, token);
      expect(res.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    }
  });
});

describe('fromDatabaseTextError', () => {
  it("answers PostgreSQL's refusal of a character as the client's mistake, and nothing else", () => {
    expect(
      fromDatabaseTextError(Object.assign(new Error('invalid byte'), { code: '22021' })),
    ).toMatchObject({
      kind: 'BAD_USER_INPUT',
      message: 'text: must not contain the NUL character (U+0000)',
    });
    expect(fromDatabaseTextError(Object.assign(new Error('x'), { code: '23505' }))).toBeUndefined();
    expect(fromDatabaseTextError(new Error('x'))).toBeUndefined();
    expect(fromDatabaseTextError(null)).toBeUndefined();
  });
});
