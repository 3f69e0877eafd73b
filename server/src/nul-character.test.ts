import { fromDatabaseTextError } from './services/errors';
import { createTestApp, type TestApp } from './test-support/app';

/**
 * The NUL character (U+0000): PostgreSQL's text cannot hold it, so before these checks a NUL in
 * a title, a name or an id was a 500 there (and stored as-is on SQLite). Now every input that
 * holds one is refused by name, or simply finds nothing, the same way on both engines (this file
 * runs on SQLite in `npm test` and on PostgreSQL in `npm run test:pg`), and nothing is written.
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
  it.each([
    ['title', { title: 'a\u0000b' }],
    ['content', { content: '<p>a\u0000b</p>' }],
    ['tags.0', { tags: ['a\u0000b'] }],
  ])(
    'refuses a NUL in %s, when adding and when editing, and writes nothing',
    async (field, note) => {
      const before = await notes();
      const added = await t.http.post('/api/notes').set('authorization', token).send({ note });
      expect(added.status).toBe(400);
      expect(added.body).toEqual({
        errors: [`${field}: must not contain the NUL character (U+0000)`],
      });
      const edited = await t.http
        .post(`/api/notes/${noteId}`)
        .set('authorization', token)
        .send({ note });
      expect(edited.status).toBe(400);
      expect(await notes()).toEqual(before);
    },
  );

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
  it('refuses a NUL in a new note by field, and in a label filter', async () => {
    const add = await t.graphql(
      'mutation { addNote(input: { title: "a\\u0000b" }) { id } }',
      {},
      token,
    );
    expect(add.errors?.[0]?.extensions).toEqual({ code: 'BAD_USER_INPUT', field: 'title' });
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
