import { createTestApp, type TestApp } from '../test-support/app';

/** User B, with a valid token, tries every operation on user A's notes: always "not found", nothing changes. */
let t: TestApp;
let a: string;
let b: string;
let inNotes: string;
let inArchive: string;
let inTrash: string;

beforeAll(async () => {
  t = await createTestApp();
  a = (await t.signup()).token;
  b = (await t.signup()).token;
  const add = async (title: string) => {
    const res = await t.http
      .post('/api/notes')
      .set('authorization', a)
      .send({ note: { title, content: `<p>${title}</p>` } });
    return (res.body.notes as Array<{ _id: string }>).at(-1)!._id;
  };
  inNotes = await add('a-notes');
  inArchive = await add('a-archive');
  inTrash = await add('a-trash');
  await t.http.post(`/api/notes/archives/${inArchive}`).set('authorization', a);
  await t.http.post(`/api/notes/trash/${inTrash}`).set('authorization', a);
});
afterAll(() => t.close());

async function snapshotOfA() {
  const res = await t.http.get('/api/user').set('authorization', a);
  return JSON.stringify(res.body.user);
}

it('REST: every route answers 404 for another user’s note and changes nothing', async () => {
  const before = await snapshotOfA();
  const attempts = [
    () => t.http.post(`/api/notes/${inNotes}`).send({ note: { title: 'pwned' } }),
    () => t.http.delete(`/api/notes/${inNotes}`),
    () => t.http.post(`/api/notes/archives/${inNotes}`).send({}),
    () => t.http.post(`/api/notes/trash/${inNotes}`),
    () => t.http.post(`/api/archives/${inArchive}`).send({ archiveNote: { title: 'pwned' } }),
    () => t.http.post(`/api/archives/restore/${inArchive}`).send({}),
    () => t.http.delete(`/api/archives/delete/${inArchive}`),
    () => t.http.post(`/api/trash/restore/${inTrash}`),
    () => t.http.delete(`/api/trash/delete/${inTrash}`),
  ];
  for (const attempt of attempts) {
    const res = await attempt().set('authorization', b);
    expect(res.status).toBe(404);
  }
  const lists = await t.http.get('/api/user').set('authorization', b);
  expect(JSON.stringify(lists.body.user)).not.toMatch(/a-notes|a-archive|a-trash/);
  expect(await snapshotOfA()).toBe(before);
});

it('GraphQL: every operation answers NOT_FOUND for another user’s note and changes nothing', async () => {
  const before = await snapshotOfA();
  const ops: Array<[string, string]> = [
    [`query($id: ID!) { note(id: $id) { title } }`, inNotes],
    [`mutation($id: ID!) { updateNote(id: $id, input: { title: "pwned" }) { id } }`, inNotes],
    [`mutation($id: ID!) { archiveNote(id: $id) { id } }`, inNotes],
    [`mutation($id: ID!) { trashNote(id: $id) { id } }`, inNotes],
    [`mutation($id: ID!) { unarchiveNote(id: $id) { id } }`, inArchive],
    [`mutation($id: ID!) { updateNote(id: $id, input: { title: "pwned" }) { id } }`, inArchive],
    [`mutation($id: ID!) { restoreNote(id: $id) { id } }`, inTrash],
    [`mutation($id: ID!) { deleteNote(id: $id) }`, inTrash],
  ];
  for (const [query, id] of ops) {
    const res = await t.graphql(query, { id }, b);
    expect(res.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect(res.data).toBeNull();
  }
  const lists = await t.graphql<{
    notes: { totalCount: number };
    archives: { totalCount: number };
    trash: { totalCount: number };
    labels: string[];
  }>(`{ notes { totalCount } archives { totalCount } trash { totalCount } labels }`, {}, b);
  expect(lists.data).toEqual({
    notes: { totalCount: 0 },
    archives: { totalCount: 0 },
    trash: { totalCount: 0 },
    labels: [],
  });
  expect(await snapshotOfA()).toBe(before);
});
