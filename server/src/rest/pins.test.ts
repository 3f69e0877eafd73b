import { createTestApp, type TestApp } from '../test-support/app';

/**
 * Pins on the REST wire: every note carries `isPinned`, create and both edit routes take it,
 * and the lists keep the spec's order (oldest first) whatever is pinned.
 */
let t: TestApp;
let token: string;
let email: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ token, email } = await t.signup());
});
afterAll(() => t.close());

interface WireNote {
  _id: string;
  title: string;
  isPinned: boolean;
  version: number;
  isArchive: boolean;
}

async function add(note: Record<string, unknown>): Promise<WireNote> {
  const res = await t.http.post('/api/notes').set('authorization', token).send({ note });
  expect(res.status).toBe(201);
  return (res.body.notes as WireNote[]).at(-1)!;
}

async function pinnedOverGraphQL(id: string): Promise<boolean> {
  const res = await t.graphql<{ note: { pinned: boolean } }>(
    `query($id: ID!) { note(id: $id) { pinned } }`,
    { id },
    token,
  );
  return res.data!.note.pinned;
}

it('every note on the wire carries isPinned, false unless pinned: lists and the login answer', async () => {
  const plain = await add({ title: 'plain', content: '<p>x</p>' });
  expect(plain).toMatchObject({ isPinned: false, version: 1 });
  const login = await t.http
    .post('/api/auth/login')
    .send({ email, password: 'correct horse battery' });
  const { notes } = login.body.foundUser as { notes: WireNote[] };
  expect(notes.find((n) => n._id === plain._id)?.isPinned).toBe(false);
  for (const [path, key] of [
    ['/api/notes', 'notes'],
    ['/api/archives', 'archives'],
    ['/api/trash', 'trash'],
  ]) {
    const res = await t.http.get(path!).set('authorization', token);
    for (const note of res.body[key!] as WireNote[]) expect(typeof note.isPinned).toBe('boolean');
  }
});

it('POST /api/notes with isPinned adds a pinned note, the same note GraphQL reads', async () => {
  const note = await add({ title: 'pinned on add', content: '<p>x</p>', isPinned: true });
  expect(note).toMatchObject({ title: 'pinned on add', isPinned: true, version: 1 });
  expect(await pinnedOverGraphQL(note._id)).toBe(true);
});

it('POST /api/notes/:id merges isPinned like any field: one more version, the rest kept', async () => {
  const note = await add({ title: 'to pin', content: '<p>x</p>' });
  const pinned = await t.http
    .post(`/api/notes/${note._id}`)
    .set('authorization', token)
    .send({ note: { isPinned: true } });
  expect(pinned.status).toBe(201);
  const after = (pinned.body.notes as WireNote[]).find((n) => n._id === note._id);
  expect(after).toMatchObject({ title: 'to pin', isPinned: true, version: 2 });
  // A spec client sends the note back whole, as it read it: isPinned rides along unchanged.
  const whole = await t.http
    .post(`/api/notes/${note._id}`)
    .set('authorization', token)
    .send({ note: { ...after, title: 'edited whole' } });
  expect(whole.status).toBe(201);
  expect((whole.body.notes as WireNote[]).find((n) => n._id === note._id)).toMatchObject({
    title: 'edited whole',
    isPinned: true,
    version: 3,
  });
  // null unpins.
  const unpinned = await t.http
    .post(`/api/notes/${note._id}`)
    .set('authorization', token)
    .send({ note: { isPinned: null } });
  expect((unpinned.body.notes as WireNote[]).find((n) => n._id === note._id)).toMatchObject({
    isPinned: false,
    version: 4,
  });
  expect(await pinnedOverGraphQL(note._id)).toBe(false);
});

it('POST /api/archives/:id pins an archived note', async () => {
  const note = await add({ title: 'archived pin', content: '<p>x</p>' });
  await t.http.post(`/api/notes/archives/${note._id}`).set('authorization', token).send({});
  const res = await t.http
    .post(`/api/archives/${note._id}`)
    .set('authorization', token)
    .send({ archiveNote: { isPinned: true } });
  expect(res.status).toBe(200);
  expect((res.body.archives as WireNote[]).find((n) => n._id === note._id)).toMatchObject({
    isPinned: true,
    isArchive: true,
    version: 3,
  });
});

it('isPinned that is not true, false or null: 400 naming the field, nothing changed', async () => {
  const note = await add({ title: 'strict', content: '<p>x</p>' });
  for (const isPinned of ['true', 1, 0, {}, []]) {
    const before = await t.behind.notes();
    const edit = await t.http
      .post(`/api/notes/${note._id}`)
      .set('authorization', token)
      .send({ note: { isPinned } });
    expect({ isPinned, status: edit.status, body: edit.body }).toEqual({
      isPinned,
      status: 400,
      body: { errors: ['note.isPinned: must be true or false'] },
    });
    const create = await t.http
      .post('/api/notes')
      .set('authorization', token)
      .send({ note: { title: 'x', isPinned } });
    expect(create.status).toBe(400);
    const archived = await t.http
      .post(`/api/archives/${note._id}`)
      .set('authorization', token)
      .send({ archiveNote: { isPinned } });
    expect(archived.body.errors[0]).toBe('archiveNote.isPinned: must be true or false');
    expect(await t.behind.notes()).toEqual(before);
  }
});

it('REST lists keep the spec order, oldest first, whatever is pinned; GraphQL puts the pinned first', async () => {
  const own = await createTestApp();
  try {
    const { token: tk } = await own.signup();
    for (const [title, isPinned] of [
      ['first', false],
      ['second', true],
      ['third', false],
      ['fourth', true],
    ] as const) {
      await own.http
        .post('/api/notes')
        .set('authorization', tk)
        .send({ note: { title, content: '<p>x</p>', isPinned } });
    }
    const rest = await own.http.get('/api/notes').set('authorization', tk);
    expect((rest.body.notes as WireNote[]).map((n) => [n.title, n.isPinned])).toEqual([
      ['first', false],
      ['second', true],
      ['third', false],
      ['fourth', true],
    ]);
    const gql = await own.graphql<{ notes: { nodes: Array<{ title: string }> } }>(
      `{ notes { nodes { title } } }`,
      {},
      tk,
    );
    expect(gql.data!.notes.nodes.map((n) => n.title)).toEqual([
      'fourth',
      'second',
      'third',
      'first',
    ]);
  } finally {
    await own.close();
  }
});
