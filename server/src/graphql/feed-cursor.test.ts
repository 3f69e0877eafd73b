import { createTestApp, type TestApp } from '../test-support/app';

/**
 * The change-feed cursor in a GraphQL answer's `extensions`, for a request that asks for it
 * (SQLite, or PostgreSQL with TEST_DATABASE_URL): read with the caller's token, before the
 * operation, so a client can subscribe from it without asking for the cursor and its lists again.
 */
let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ token } = await t.signup());
});
afterAll(() => t.close());

const ask = { noteEventsCursor: true };

function post(query: string, options: { extensions?: unknown; token?: string } = {}) {
  const req = t.http.post('/graphql');
  if (options.token) req.set('authorization', `Bearer ${options.token}`);
  return req.send({ query, ...(options.extensions ? { extensions: options.extensions } : {}) });
}

async function currentCursor(): Promise<string> {
  const res = await t.graphql<{ noteEventsCursor: string }>(
    '{ noteEventsCursor }',
    undefined,
    token,
  );
  return res.data!.noteEventsCursor;
}

const addNote = (title: string, extensions?: unknown) =>
  post(`mutation { addNote(input: { title: "${title}", content: "<p>x</p>" }) { id } }`, {
    token,
    extensions,
  });

it('is the cursor noteEventsCursor gives, when the request asks for it', async () => {
  await addNote('before');
  const cursor = await currentCursor();
  const res = await post('{ notes(first: 5) { nodes { title } } }', { token, extensions: ask });
  expect(res.status).toBe(200);
  expect(res.body.extensions).toEqual({ noteEventsCursor: cursor });
  expect(res.body.data.notes.nodes.map((n: { title: string }) => n.title)).toContain('before');
});

it('is read before the operation: a change answers with the cursor before its own event', async () => {
  const before = await currentCursor();
  const res = await addNote('counted', ask);
  expect(res.body.extensions).toEqual({ noteEventsCursor: before });
  expect(Number(await currentCursor())).toBe(Number(before) + 1);
});

it('leaves an answer unchanged when the request does not ask', async () => {
  const res = await post('{ noteEventsCursor }', { token });
  expect(res.body).toEqual({ data: { noteEventsCursor: await currentCursor() } });
  const other = await post('{ noteEventsCursor }', { token, extensions: { something: 1 } });
  expect(other.body).not.toHaveProperty('extensions');
});

it('is never sent without a signed-in caller', async () => {
  const signedOut = await post('{ __typename }', { extensions: ask });
  expect(signedOut.body).toEqual({ data: { __typename: 'Query' } });
  const badToken = await post('{ notes(first: 1) { nodes { id } } }', {
    token: 'not-a-token',
    extensions: ask,
  });
  expect(badToken.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
  expect(badToken.body.extensions).toBeUndefined();
});

it('is each user their own', async () => {
  const other = await t.signup();
  await post(`mutation { addNote(input: { title: "theirs", content: "<p>x</p>" }) { id } }`, {
    token: other.token,
  });
  const mine = await currentCursor();
  const res = await post('{ __typename }', { token, extensions: ask });
  expect(res.body.extensions).toEqual({ noteEventsCursor: mine });
  const theirs = await post('{ __typename }', { token: other.token, extensions: ask });
  expect(theirs.body.extensions).toEqual({ noteEventsCursor: '1' });
});
