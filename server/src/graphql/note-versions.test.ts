import { createTestApp, type TestApp } from '../test-support/app';

/**
 * Versions and conflicts, through both APIs (SQLite, or PostgreSQL with TEST_DATABASE_URL):
 * every change adds one to a note's version; an edit based on a stale version changes nothing
 * and answers with the current note; of several edits racing from one version exactly one wins.
 */
let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ token } = await t.signup());
});
afterAll(() => t.close());

const allNoteFields =
  'id title content textContent color priority tags location previousLocation trashedAt createdAt updatedAt version pinned';

type Gql = Awaited<ReturnType<TestApp['graphql']>>;
type ConflictError = {
  message: string;
  extensions?: { code?: string; current?: Record<string, unknown> };
};

async function addNote(title: string): Promise<string> {
  const res = await t.graphql<{ addNote: { id: string; version: number } }>(
    `mutation($t: String!) { addNote(input: { title: $t, content: "<p>body</p>" }) { id version } }`,
    { t: title },
    token,
  );
  expect(res.data!.addNote.version).toBe(1);
  return res.data!.addNote.id;
}

const update = (id: string, title: string, baseVersion?: unknown): Promise<Gql> =>
  t.graphql(
    `mutation($id: ID!, $t: String, $base: Int) { updateNote(id: $id, input: { title: $t }, baseVersion: $base) { id title version } }`,
    { id, t: title, base: baseVersion },
    token,
  );

async function versionOf(id: string): Promise<number> {
  const res = await t.graphql<{ note: { version: number } }>(
    `query($id: ID!) { note(id: $id) { version } }`,
    { id },
    token,
  );
  return res.data!.note.version;
}

async function restNote(id: string) {
  const res = await t.http.get('/api/user').set('authorization', token);
  const { notes, archives, trash } = res.body.user;
  return [...notes, ...archives, ...trash].find((n: { _id: string }) => n._id === id);
}

describe('versions', () => {
  it('start at 1 and grow by one with every change, through either API', async () => {
    const id = await addNote('counted');
    const steps: Array<[string, () => Promise<unknown>]> = [
      ['GraphQL edit', () => update(id, 'edited')],
      [
        'REST edit',
        () =>
          t.http
            .post(`/api/notes/${id}`)
            .set('authorization', token)
            .send({ note: { title: 'rest edit' } }),
      ],
      [
        'GraphQL archive',
        () => t.graphql(`mutation($id: ID!) { archiveNote(id: $id) { id } }`, { id }, token),
      ],
      [
        'REST edit in the archive',
        () =>
          t.http
            .post(`/api/archives/${id}`)
            .set('authorization', token)
            .send({ archiveNote: { title: 'archived edit' } }),
      ],
      [
        'REST unarchive',
        () => t.http.post(`/api/archives/restore/${id}`).set('authorization', token).send({}),
      ],
      ['REST trash', () => t.http.delete(`/api/notes/${id}`).set('authorization', token)],
      [
        'GraphQL restore',
        () => t.graphql(`mutation($id: ID!) { restoreNote(id: $id) { id } }`, { id }, token),
      ],
      [
        'GraphQL trash',
        () => t.graphql(`mutation($id: ID!) { trashNote(id: $id) { id } }`, { id }, token),
      ],
      ['REST restore', () => t.http.post(`/api/trash/restore/${id}`).set('authorization', token)],
    ];
    let expected = 1;
    for (const [label, step] of steps) {
      await step();
      expected += 1;
      expect({ label, version: await versionOf(id) }).toEqual({ label, version: expected });
    }
    const wire = await restNote(id);
    expect(wire.version).toBe(expected);
    expect(Object.keys(wire)).toContain('version');
  });

  it('an edit that changes nothing is no change: same version and time, no event, through either API', async () => {
    const id = await addNote('unchanged');
    const before = await restNote(id);
    const cursor = async () =>
      (await t.graphql<{ noteEventsCursor: string }>(`{ noteEventsCursor }`, {}, token)).data!
        .noteEventsCursor;
    const feedBefore = await cursor();
    const same = await t.graphql<{ updateNote: { version: number; updatedAt: string } }>(
      `mutation($id: ID!) { updateNote(id: $id, input: { title: "unchanged", content: "<p>body</p>", priority: null }, baseVersion: 1) { version updatedAt } }`,
      { id },
      token,
    );
    expect(same.errors).toBeUndefined();
    expect(same.data!.updateNote).toEqual({ version: 1, updatedAt: before.updatedAt });
    const empty = await t.graphql(
      `mutation($id: ID!) { updateNote(id: $id, input: {}) { version } }`,
      { id },
      token,
    );
    expect(empty.data).toEqual({ updateNote: { version: 1 } });
    const rest = await t.http
      .post(`/api/notes/${id}`)
      .set('authorization', token)
      .send({ note: { title: 'unchanged', tags: [] } });
    expect(rest.status).toBe(201);
    expect(await restNote(id)).toEqual(before);
    expect(await cursor()).toBe(feedBefore);
    // A real change after them still counts from 1.
    expect((await update(id, 'changed', 1)).data).toEqual({
      updateNote: { id, title: 'changed', version: 2 },
    });
  });

  it('a refused change does not count', async () => {
    const id = await addNote('refused');
    const res = await t.graphql(
      `mutation($id: ID!) { unarchiveNote(id: $id) { id } }`,
      { id },
      token,
    );
    expect(res.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect(await versionOf(id)).toBe(1);
  });
});

describe('GraphQL conflicts', () => {
  it('updateNote with the current baseVersion saves and moves the version on', async () => {
    const id = await addNote('based');
    const res = await update(id, 'based on 1', 1);
    expect(res.errors).toBeUndefined();
    expect(res.data).toEqual({ updateNote: { id, title: 'based on 1', version: 2 } });
  });

  it('a stale baseVersion changes nothing: CONFLICT with extensions.current, the note as a query shows it', async () => {
    const id = await addNote('contested');
    expect((await update(id, 'first', 1)).errors).toBeUndefined();
    const before = await t.behind.notes();
    const res = await update(id, 'second', 1);
    const error = res.errors?.[0] as ConflictError;
    expect(res.data ?? null).toBeNull();
    expect(error.extensions?.code).toBe('CONFLICT');
    expect(error.message).toMatch(/version 2, not 1/);
    const query = await t.graphql<{ note: Record<string, unknown> }>(
      `query($id: ID!) { note(id: $id) { __typename ${allNoteFields} } }`,
      { id },
      token,
    );
    expect(error.extensions?.current).toEqual(query.data!.note);
    expect(await t.behind.notes()).toEqual(before);
  });

  it('extensions.current carries every field of the schema’s Note but its history', async () => {
    const id = await addNote('complete');
    await update(id, 'moved on');
    const res = await update(id, 'stale', 1);
    const current = (res.errors?.[0] as ConflictError).extensions!.current!;
    const schema = await t.graphql<{ __type: { fields: Array<{ name: string }> } }>(
      `{ __type(name: "Note") { fields { name } } }`,
    );
    // revisions are read on demand (a list of earlier texts), not sent with every conflict; nor
    // is the member's own reminder, which no edit of the shared note conflicts with.
    const fields = schema
      .data!.__type.fields.map((f) => f.name)
      .filter((f) => f !== 'revisions' && f !== 'reminder');
    expect(Object.keys(current).sort()).toEqual(['__typename', ...fields].sort());
    expect(current).toMatchObject({
      id,
      title: 'moved on',
      version: 2,
      location: 'NOTES',
      priority: null,
    });
  });

  it('a note moved since the base version is a conflict too, and current says where it is', async () => {
    const id = await addNote('wanderer');
    await t.graphql(`mutation($id: ID!) { trashNote(id: $id) { id } }`, { id }, token);
    const res = await update(id, 'too late', 1);
    const error = res.errors?.[0] as ConflictError;
    expect(error.extensions?.code).toBe('CONFLICT');
    expect(error.extensions?.current).toMatchObject({
      location: 'TRASH',
      previousLocation: 'NOTES',
      version: 2,
    });
  });

  it('a baseVersion below 1 is BAD_USER_INPUT; not a number is refused before any resolver runs', async () => {
    const id = await addNote('validated');
    for (const base of [0, -3]) {
      const res = await update(id, 'x', base);
      expect(res.errors?.[0]?.extensions).toMatchObject({
        code: 'BAD_USER_INPUT',
        field: 'baseVersion',
      });
    }
    const res = await update(id, 'x', 'two');
    expect(res.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(await versionOf(id)).toBe(1);
  });

  it('the older CONFLICT, an email already taken, is unchanged on both APIs', async () => {
    const { email } = await t.signup();
    const rest = await t.http.post('/api/auth/signup').send({
      firstName: 'A',
      lastName: 'B',
      email,
      password: 'long enough password',
      confirmPassword: 'long enough password',
    });
    expect(rest.status).toBe(422);
    expect(rest.body).toEqual({ errors: ['Unprocessable Entity. Email Already Exists.'] });
    const gql = await t.graphql(
      `mutation($input: SignupInput!) { signup(input: $input) { token } }`,
      {
        input: {
          firstName: 'A',
          lastName: 'B',
          email,
          password: 'long enough password',
          confirmPassword: 'long enough password',
        },
      },
    );
    expect(gql.errors?.[0]?.extensions).toEqual({ code: 'CONFLICT' });
  });
});

describe('REST conflicts', () => {
  async function addRest(title: string) {
    const res = await t.http
      .post('/api/notes')
      .set('authorization', token)
      .send({ note: { title } });
    return res.body.notes.at(-1) as { _id: string; version: number; title: string };
  }

  it('an edit carrying the current version saves; one without a version merges as before', async () => {
    const note = await addRest('rest based');
    const based = await t.http
      .post(`/api/notes/${note._id}`)
      .set('authorization', token)
      .send({ note: { ...note, title: 'sent back whole', version: 1 } });
    expect(based.status).toBe(201);
    const merged = await t.http
      .post(`/api/notes/${note._id}`)
      .set('authorization', token)
      .send({ note: { title: 'merged' } });
    expect(merged.status).toBe(201);
    expect(merged.body.notes.find((n: { _id: string }) => n._id === note._id)).toMatchObject({
      title: 'merged',
      version: 3,
    });
  });

  it('POST /api/notes/:id with a stale version: 409 {errors, note}, nothing changed', async () => {
    const note = await addRest('rest contested');
    await t.http
      .post(`/api/notes/${note._id}`)
      .set('authorization', token)
      .send({ note: { title: 'won', version: 1 } });
    const before = await t.behind.notes();
    const res = await t.http
      .post(`/api/notes/${note._id}`)
      .set('authorization', token)
      .send({ note: { title: 'lost', version: 1 } });
    expect(res.status).toBe(409);
    expect(Object.keys(res.body).sort()).toEqual(['errors', 'note']);
    expect(res.body.errors[0]).toMatch(/changed elsewhere/);
    expect(res.body.note).toEqual(await restNote(note._id));
    expect(res.body.note).toMatchObject({
      _id: note._id,
      title: 'won',
      version: 2,
      isArchive: false,
    });
    expect(await t.behind.notes()).toEqual(before);
  });

  it('POST /api/archives/:id with a stale version: 409 {errors, note}, under archiveNote or note', async () => {
    const note = await addRest('archived contested');
    await t.http.post(`/api/notes/archives/${note._id}`).set('authorization', token).send({});
    for (const key of ['archiveNote', 'note']) {
      const before = await t.behind.notes();
      const res = await t.http
        .post(`/api/archives/${note._id}`)
        .set('authorization', token)
        .send({ [key]: { title: 'stale', version: 1 } });
      expect(res.status).toBe(409);
      expect(res.body.note).toMatchObject({
        _id: note._id,
        version: 2,
        isArchive: true,
        title: 'archived contested',
      });
      expect(await t.behind.notes()).toEqual(before);
    }
    const ok = await t.http
      .post(`/api/archives/${note._id}`)
      .set('authorization', token)
      .send({ archiveNote: { title: 'current', version: 2 } });
    expect(ok.status).toBe(200);
    expect(ok.body.archives.find((n: { _id: string }) => n._id === note._id)).toMatchObject({
      title: 'current',
      version: 3,
    });
  });

  it('a version that is not a whole number from 1 is a 400 naming the field; null means none', async () => {
    const note = await addRest('rest validated');
    for (const version of ['1', 1.5, 0, -1, true, {}]) {
      const res = await t.http
        .post(`/api/notes/${note._id}`)
        .set('authorization', token)
        .send({ note: { title: 'x', version } });
      expect({ version, status: res.status }).toEqual({ version, status: 400 });
      expect(res.body.errors[0]).toMatch(/^note\.version: must be a whole number from 1/);
    }
    const archived = await t.http
      .post(`/api/archives/${note._id}`)
      .set('authorization', token)
      .send({ archiveNote: { version: 'x' } });
    expect(archived.status).toBe(400);
    expect(archived.body.errors[0]).toMatch(/^archiveNote\.version:/);
    const none = await t.http
      .post(`/api/notes/${note._id}`)
      .set('authorization', token)
      .send({ note: { title: 'null version', version: null } });
    expect(none.status).toBe(201);
  });

  it('a stale version on a note moved elsewhere is a 409 that says where it went, not a 404', async () => {
    const note = await addRest('rest wanderer');
    await t.http.post(`/api/notes/archives/${note._id}`).set('authorization', token).send({});
    const res = await t.http
      .post(`/api/notes/${note._id}`)
      .set('authorization', token)
      .send({ note: { title: 'x', version: 1 } });
    expect(res.status).toBe(409);
    expect(res.body.note).toMatchObject({ location: 'archive', isArchive: true, version: 2 });
  });
});

describe('racing edits', () => {
  it('of 20 edits from one base version (both APIs), exactly one wins; the others conflict', async () => {
    for (let round = 0; round < 3; round += 1) {
      const id = await addNote(`race ${round}`);
      const outcomes = await Promise.all(
        Array.from({ length: 20 }, async (_, i) => {
          const title = `racer ${i}`;
          if (i % 2 === 0) {
            const res = await update(id, title, 1);
            return { title, outcome: res.errors ? res.errors[0]!.extensions!.code! : 'OK' };
          }
          const res = await t.http
            .post(`/api/notes/${id}`)
            .set('authorization', token)
            .send({ note: { title, version: 1 } });
          return {
            title,
            outcome:
              res.status === 201 ? 'OK' : res.status === 409 ? 'CONFLICT' : String(res.status),
          };
        }),
      );
      const winners = outcomes.filter((o) => o.outcome === 'OK');
      expect(winners).toHaveLength(1);
      expect(outcomes.filter((o) => o.outcome !== 'OK').map((o) => o.outcome)).toEqual(
        Array(19).fill('CONFLICT'),
      );
      const res = await t.graphql<{ note: { title: string; version: number } }>(
        `query($id: ID!) { note(id: $id) { title version } }`,
        { id },
        token,
      );
      expect(res.data!.note).toEqual({ title: winners[0]!.title, version: 2 });
    }
  });
});
