import { getIntrospectionQuery } from 'graphql';

import { createTestApp, type TestApp } from '../test-support/app';
import { maxRootFields, maxTokens } from './limits';

/** Requests graphql-js itself judges (variables, operation names, mutation order), through the app. */
describe('graphql-js answers', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    ({ token } = await t.signup());
  });
  afterAll(() => t.close());

  const post = (body: Record<string, unknown>) =>
    t.http.post('/graphql').set('authorization', `Bearer ${token}`).send(body);

  it.each([
    [
      'a variable of the wrong type',
      { query: 'query($n: Int) { notes(first: $n) { totalCount } }', variables: { n: 'x' } },
      'Variable "$n" got invalid value "x"; Int cannot represent non-integer value: "x"',
    ],
    [
      'a required variable left out',
      { query: 'query($n: Int!) { notes(first: $n) { totalCount } }' },
      'Variable "$n" of required type "Int!" was not provided.',
    ],
    [
      'an input field the type has not',
      {
        query: 'query($f: NoteFilter) { notes(filter: $f) { totalCount } }',
        variables: { f: { bogus: 1 } },
      },
      'Variable "$f" got invalid value { bogus: 1 }; Field "bogus" is not defined by type "NoteFilter". Did you mean "tags"?',
    ],
  ])('%s: 400 BAD_USER_INPUT in graphql-js words', async (_name, body, message) => {
    const res = await post(body);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      expect.objectContaining({ message, extensions: { code: 'BAD_USER_INPUT' } }),
    ]);
  });

  it('an operation name the document has not', async () => {
    const res = await post({
      query: 'query A { me { id } } query B { me { id } }',
      operationName: 'C',
    });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].message).toBe('Unknown operation named "C".');
  });

  it('runs the operation named, with coerced variables and default arguments', async () => {
    await post({
      query: 'mutation($i: NoteInput!) { addNote(input: $i) { id } }',
      variables: { i: { title: 'Chosen', content: '<p>body</p>', priority: 'HIGH' } },
    });
    const res = await post({
      query: `query A { me { id } }
              query B($s: String) { notes(filter: { search: $s }) { totalCount nodes { title priority location } } }`,
      operationName: 'B',
      variables: { s: 'Chosen' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: {
        notes: {
          totalCount: 1,
          nodes: [{ title: 'Chosen', priority: 'HIGH', location: 'NOTES' }],
        },
      },
    });
  });

  it('a mutation stops at the first field that fails, as graphql-js does', async () => {
    const added = await post({
      query: 'mutation { addNote(input: { title: "Stays", content: "<p>x</p>" }) { id } }',
    });
    const id = added.body.data.addNote.id as string;
    const res = await post({
      query: `mutation($id: ID!) { trashNote(id: "nope") { id } archiveNote(id: $id) { id } }`,
      variables: { id },
    });
    expect(res.body.data).toBeNull();
    expect(res.body.errors.map((e: { path: string[] }) => e.path)).toEqual([['trashNote']]);
    const after = await post({
      query: `query($id: ID!) { note(id: $id) { location } }`,
      variables: { id },
    });
    expect(after.body.data.note.location).toBe('NOTES');
  });

  it("a resolver's error keeps its code, path and place", async () => {
    const res = await post({ query: '{ note(id: "nope") { id } }' });
    expect(res.body).toEqual({
      data: null,
      errors: [
        {
          message: 'Note nope not found',
          locations: [{ line: 1, column: 3 }],
          path: ['note'],
          extensions: { code: 'NOT_FOUND' },
        },
      ],
    });
  });

  it('introspection, which GraphiQL needs', async () => {
    const res = await post({ query: '{ __schema { queryType { name } } __typename }' });
    expect(res.body).toEqual({
      data: { __schema: { queryType: { name: 'Query' } }, __typename: 'Query' },
    });
  });

  describe('a document made to keep the server busy is refused before any work', () => {
    const aliases = (n: number) => Array.from({ length: n }, (_, i) => `a${i}: labels`).join(' ');

    it(`more than ${maxRootFields} fields at the top level, directly or through fragments`, async () => {
      const direct = await post({ query: `{ ${aliases(maxRootFields + 1)} }` });
      expect(direct.status).toBe(400);
      expect(direct.body.errors).toEqual([
        expect.objectContaining({
          message: `The operation asks for ${maxRootFields + 1} fields at its top level; at most ${maxRootFields} are allowed.`,
          extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
        }),
      ]);
      const spread = await post({
        query: `{ me { id } ...Many } fragment Many on Query { ${aliases(maxRootFields)} }`,
      });
      expect(spread.status).toBe(400);
      expect(spread.body.errors[0].message).toMatch(/asks for 21 fields at its top level/);
    });

    it(`${maxRootFields} fields at the top level are answered`, async () => {
      const res = await post({ query: `{ ${aliases(maxRootFields)} }` });
      expect(res.status).toBe(200);
      expect(Object.keys(res.body.data as object)).toHaveLength(maxRootFields);
    });

    it(`more than ${maxTokens} tokens, however they are spent`, async () => {
      const wide = await post({ query: `{ me { ${'id '.repeat(maxTokens)} } }` });
      expect(wide.status).toBe(400);
      expect(wide.body.errors).toEqual([
        expect.objectContaining({
          message: expect.stringMatching(new RegExp(`more th\\w+ ${maxTokens} tokens`)),
          extensions: { code: 'GRAPHQL_PARSE_FAILED' },
        }),
      ]);
      // Nesting deep enough to exhaust a recursive parser's stack never reaches it.
      const deep = await post({ query: `${'{ me '.repeat(10_000)}${'}'.repeat(10_000)}` });
      expect(deep.status).toBe(400);
      expect(deep.body.errors[0].extensions.code).toBe('GRAPHQL_PARSE_FAILED');
      expect(deep.body.errors[0].message).not.toMatch(/stack/i);
    });

    it("GraphiQL's whole introspection query is within the limits", async () => {
      const res = await post({ query: getIntrospectionQuery({ descriptions: true }) });
      expect(res.status).toBe(200);
      expect(res.body.data.__schema.queryType).toMatchObject({ name: 'Query' });
    });
  });
});
