import { createTestApp, type TestApp } from '../test-support/app';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  const res = await t.graphql<{ signup: { token: string } }>(
    `mutation($input: SignupInput!) { signup(input: $input) { token user { id email firstName } } }`,
    {
      input: {
        firstName: 'Kat',
        lastName: 'Johnson',
        email: 'kat@example.com',
        password: 'orbital-mechanics',
        confirmPassword: 'orbital-mechanics',
      },
    },
  );
  token = res.data!.signup.token;
});
afterAll(() => t.close());

const NOTE = 'id title content textContent color priority tags location createdAt updatedAt';

async function addNote(input: Record<string, unknown>) {
  const res = await t.graphql<{ addNote: { id: string } & Record<string, unknown> }>(
    `mutation($input: NoteInput!) { addNote(input: $input) { ${NOTE} } }`,
    { input },
    token,
  );
  expect(res.errors).toBeUndefined();
  return res.data!.addNote;
}

async function run(mutation: string, id: string) {
  return t.graphql<Record<string, { location: string }>>(
    `mutation($id: ID!) { ${mutation}(id: $id) { id location } }`,
    { id },
    token,
  );
}

describe('auth', () => {
  it('signup: CONFLICT when the email exists; BAD_USER_INPUT with the field when invalid', async () => {
    const input = {
      firstName: 'K',
      lastName: 'J',
      email: 'KAT@example.com',
      password: 'orbital-mechanics',
      confirmPassword: 'orbital-mechanics',
    };
    const taken = await t.graphql(
      `mutation($input: SignupInput!) { signup(input: $input) { token } }`,
      { input },
    );
    expect(taken.errors?.[0]?.extensions?.code).toBe('CONFLICT');
    const short = await t.graphql(
      `mutation($input: SignupInput!) { signup(input: $input) { token } }`,
      {
        input: { ...input, email: 'new@example.com', password: 'short', confirmPassword: 'short' },
      },
    );
    expect(short.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'password',
    });
  });

  it('login: token and user; NOT_FOUND for an unknown email; UNAUTHENTICATED for a wrong password', async () => {
    const ok = await t.graphql<{ login: { token: string; user: { email: string } } }>(
      `mutation { login(email: "kat@example.com", password: "orbital-mechanics") { token user { email } } }`,
    );
    expect(ok.data?.login.user.email).toBe('kat@example.com');
    expect(ok.data?.login.token).toEqual(expect.any(String));
    const unknown = await t.graphql(
      `mutation { login(email: "who@example.com", password: "x-x-x-x-x") { token } }`,
    );
    expect(unknown.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect(unknown.errors?.[0]?.message).toBe(
      'The email you entered is not Registered. Not Found error',
    );
    const wrong = await t.graphql(
      `mutation { login(email: "kat@example.com", password: "wrong-password") { token } }`,
    );
    expect(wrong.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('me needs a token; the REST token works on GraphQL too', async () => {
    const anonymous = await t.graphql(`{ me { id } }`);
    expect(anonymous.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const rest = await t.http
      .post('/api/auth/login')
      .send({ email: 'kat@example.com', password: 'orbital-mechanics' });
    const me = await t.graphql<{ me: { email: string; firstName: string } }>(
      `{ me { email firstName createdAt } }`,
      {},
      rest.body.encodedToken,
    );
    expect(me.data?.me).toMatchObject({ email: 'kat@example.com', firstName: 'Kat' });
  });

  it('logout revokes the token on both APIs', async () => {
    const login = await t.graphql<{ login: { token: string } }>(
      `mutation { login(email: "kat@example.com", password: "orbital-mechanics") { token } }`,
    );
    const old = login.data!.login.token;
    const out = await t.graphql<{ logout: boolean }>(`mutation { logout }`, {}, old);
    expect(out.data?.logout).toBe(true);
    expect((await t.graphql(`{ me { id } }`, {}, old)).errors?.[0]?.extensions?.code).toBe(
      'UNAUTHENTICATED',
    );
    expect((await t.http.get('/api/notes').set('authorization', old)).status).toBe(401);
    const fresh = await t.graphql<{ login: { token: string } }>(
      `mutation { login(email: "kat@example.com", password: "orbital-mechanics") { token } }`,
    );
    token = fresh.data!.login.token;
    expect((await t.graphql(`{ me { id } }`, {}, token)).errors).toBeUndefined();
  });
});

describe('notes', () => {
  it('addNote: server assigns id and timestamps; tags default to []; location NOTES', async () => {
    const note = await addNote({
      title: 'Plan',
      content: '<p>launch <em>window</em></p>',
      priority: 'HIGH',
    });
    expect(note).toMatchObject({
      title: 'Plan',
      textContent: 'launch window',
      priority: 'HIGH',
      tags: [],
      color: '',
      location: 'NOTES',
    });
    expect(note.createdAt).toBe(note.updatedAt);
  });

  it('updateNote merges only the given fields; the REST _id is the same note', async () => {
    const note = await addNote({ title: 'T', content: '<p>C</p>', tags: ['a'], color: '#3AB0FF' });
    const res = await t.graphql<{ updateNote: Record<string, unknown> }>(
      `mutation($id: ID!) { updateNote(id: $id, input: { priority: LOW }) { ${NOTE} } }`,
      { id: note.id },
      token,
    );
    expect(res.data?.updateNote).toMatchObject({
      title: 'T',
      content: '<p>C</p>',
      tags: ['a'],
      color: '#3AB0FF',
      priority: 'LOW',
    });
    const rest = await t.http.get('/api/notes').set('authorization', token);
    expect(rest.body.notes.find((n: { _id: string }) => n._id === note.id).priority).toBe('low');
  });

  it('archive → unarchive → trash → restore → trash → deleteNote', async () => {
    const { id } = await addNote({ title: 'journey' });
    expect((await run('archiveNote', id)).data?.archiveNote?.location).toBe('ARCHIVE');
    expect((await run('unarchiveNote', id)).data?.unarchiveNote?.location).toBe('NOTES');
    expect((await run('archiveNote', id)).data?.archiveNote?.location).toBe('ARCHIVE');
    expect((await run('trashNote', id)).data?.trashNote?.location).toBe('TRASH');
    expect((await run('restoreNote', id)).data?.restoreNote?.location).toBe('ARCHIVE');
    expect((await run('trashNote', id)).data?.trashNote?.location).toBe('TRASH');
    const deleted = await t.graphql<{ deleteNote: string }>(
      `mutation($id: ID!) { deleteNote(id: $id) }`,
      { id },
      token,
    );
    expect(deleted.data?.deleteNote).toBe(id);
    const gone = await t.graphql(`query($id: ID!) { note(id: $id) { id } }`, { id }, token);
    expect(gone.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });

  it('moves from the wrong place are refused and change nothing', async () => {
    const { id } = await addNote({ title: 'stay' });
    expect((await run('unarchiveNote', id)).errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect((await run('restoreNote', id)).errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const del = await t.graphql(`mutation($id: ID!) { deleteNote(id: $id) }`, { id }, token);
    expect(del.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    await run('trashNote', id);
    const edit = await t.graphql(
      `mutation($id: ID!) { updateNote(id: $id, input: { title: "x" }) { id } }`,
      { id },
      token,
    );
    expect(edit.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const still = await t.graphql<{ note: { title: string; location: string } }>(
      `query($id: ID!) { note(id: $id) { title location } }`,
      { id },
      token,
    );
    expect(still.data?.note).toEqual({ title: 'stay', location: 'TRASH' });
  });

  it('lists: notes, archives, trash connections page with first/after and count', async () => {
    const own = await createTestApp();
    try {
      const { token: tk } = await own.signup();
      for (let i = 0; i < 5; i += 1) {
        await own.graphql(`mutation { addNote(input: { title: "n${i}" }) { id } }`, {}, tk);
      }
      const page1 = await own.graphql<{
        notes: {
          nodes: Array<{ title: string }>;
          totalCount: number;
          pageInfo: { endCursor: string; hasNextPage: boolean };
        };
      }>(
        `{ notes(first: 2) { nodes { title } totalCount pageInfo { endCursor hasNextPage } } }`,
        {},
        tk,
      );
      expect(page1.data?.notes.nodes.map((n) => n.title)).toEqual(['n4', 'n3']);
      expect(page1.data?.notes.totalCount).toBe(5);
      expect(page1.data?.notes.pageInfo.hasNextPage).toBe(true);
      const page3 = await own.graphql<{
        notes: { nodes: Array<{ title: string }>; pageInfo: { hasNextPage: boolean } };
      }>(
        `query($after: String) { notes(first: 10, after: $after) { nodes { title } pageInfo { hasNextPage } } }`,
        { after: page1.data?.notes.pageInfo.endCursor },
        tk,
      );
      expect(page3.data?.notes.nodes.map((n) => n.title)).toEqual(['n2', 'n1', 'n0']);
      expect(page3.data?.notes.pageInfo.hasNextPage).toBe(false);
      const empty = await own.graphql<{
        archives: { totalCount: number };
        trash: { totalCount: number };
      }>(`{ archives { totalCount } trash { totalCount } }`, {}, tk);
      expect(empty.data).toEqual({ archives: { totalCount: 0 }, trash: { totalCount: 0 } });
      const badCursor = await own.graphql(`{ notes(after: "nonsense") { totalCount } }`, {}, tk);
      expect(badCursor.errors?.[0]?.extensions).toMatchObject({
        code: 'BAD_USER_INPUT',
        field: 'after',
      });
      const tooMany = await own.graphql(`{ notes(first: 1000) { totalCount } }`, {}, tk);
      expect(tooMany.errors?.[0]?.extensions).toMatchObject({
        code: 'BAD_USER_INPUT',
        field: 'first',
      });
    } finally {
      await own.close();
    }
  });

  it('labels: unique across notes and archive, not the trash', async () => {
    const own = await createTestApp();
    try {
      const { token: tk } = await own.signup();
      await own.graphql(
        `mutation { addNote(input: { title: "1", tags: ["b", "a"] }) { id } }`,
        {},
        tk,
      );
      const arch = await own.graphql<{ addNote: { id: string } }>(
        `mutation { addNote(input: { title: "2", tags: ["c", "a"] }) { id } }`,
        {},
        tk,
      );
      await own.graphql(
        `mutation($id: ID!) { archiveNote(id: $id) { id } }`,
        { id: arch.data?.addNote.id },
        tk,
      );
      const trashed = await own.graphql<{ addNote: { id: string } }>(
        `mutation { addNote(input: { title: "3", tags: ["zzz"] }) { id } }`,
        {},
        tk,
      );
      await own.graphql(
        `mutation($id: ID!) { trashNote(id: $id) { id } }`,
        { id: trashed.data?.addNote.id },
        tk,
      );
      const labels = await own.graphql<{ labels: string[] }>(`{ labels }`, {}, tk);
      expect(labels.data?.labels).toEqual(['a', 'b', 'c']);
    } finally {
      await own.close();
    }
  });

  it('invalid input is BAD_USER_INPUT naming the field; a wrong type is refused before any resolver', async () => {
    const colour = await t.graphql(
      `mutation { addNote(input: { color: "javascript:alert(1)" }) { id } }`,
      {},
      token,
    );
    expect(colour.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'color',
    });
    const type = await t.graphql(`mutation { addNote(input: { title: 5 }) { id } }`, {}, token);
    expect(type.errors?.[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
  });
});
