import { createTestApp, type TestApp } from '../test-support/app';

/**
 * addNote with a clientKey (SQLite, or PostgreSQL with TEST_DATABASE_URL): an add sent again with
 * the same key, because the answer to the first was lost, adds nothing and answers the note the
 * first one added; keys are each user's own; a bad key is refused before anything is written.
 */
let t: TestApp;
let a: { token: string; id: string };
let b: { token: string; id: string };

interface Added {
  addNote: { id: string; title: string; version: number };
}

const add = (user: { token: string }, title: string, clientKey?: unknown) =>
  t.graphql<Added>(
    `mutation($input: NoteInput!, $key: String) { addNote(input: $input, clientKey: $key) { id title version } }`,
    { input: { title, content: '<p>x</p>' }, key: clientKey },
    user.token,
  );

beforeAll(async () => {
  t = await createTestApp();
  a = await t.signup();
  b = await t.signup();
});
afterAll(() => t.close());

it('adds once per key: the same add sent again answers the first note, with no second event', async () => {
  const first = await add(a, 'Written on the train', 'pending-1');
  expect(first.errors).toBeUndefined();
  const cursor = await t.services.noteEvents.cursor(a.id);

  const again = await add(a, 'Written on the train', 'pending-1');
  expect(again.errors).toBeUndefined();
  expect(again.data!.addNote).toEqual(first.data!.addNote);
  expect(
    (await t.behind.notes(a.id)).filter((n) => n.title === 'Written on the train'),
  ).toHaveLength(1);
  expect(await t.services.noteEvents.cursor(a.id)).toBe(cursor);

  // Another key, or none, is another note.
  const other = await add(a, 'Written on the train', 'pending-2');
  const none = await add(a, 'Written on the train');
  const ids = new Set([first, other, none].map((r) => r.data!.addNote.id));
  expect(ids.size).toBe(3);
});

it('answers the note as it is now, and NOT_FOUND once it is deleted', async () => {
  const first = await add(a, 'Later renamed', 'pending-3');
  const { id } = first.data!.addNote;
  await t.graphql(
    `mutation($id: ID!) { updateNote(id: $id, input: { title: "Renamed" }) { id } }`,
    { id },
    a.token,
  );
  const again = await add(a, 'Later renamed', 'pending-3');
  expect(again.data!.addNote).toMatchObject({ id, title: 'Renamed', version: 2 });

  await t.graphql(`mutation($id: ID!) { trashNote(id: $id) { id } }`, { id }, a.token);
  await t.graphql(`mutation($id: ID!) { deleteNote(id: $id) }`, { id }, a.token);
  const gone = await add(a, 'Later renamed', 'pending-3');
  expect(gone.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  expect((await t.behind.notes(a.id)).some((n) => n.title === 'Later renamed')).toBe(false);
});

it("keeps each user's keys apart", async () => {
  const mine = await add(a, 'Mine', 'pending-shared');
  const theirs = await add(b, 'Theirs', 'pending-shared');
  expect(theirs.errors).toBeUndefined();
  expect(theirs.data!.addNote.id).not.toBe(mine.data!.addNote.id);
  expect(theirs.data!.addNote.title).toBe('Theirs');
});

it.each([
  ['an empty', ''],
  ['a too long', 'k'.repeat(101)],
])('refuses %s key with BAD_USER_INPUT, writing nothing', async (_name, key) => {
  const before = (await t.behind.notes(a.id)).length;
  const res = await add(a, 'Refused', key);
  expect(res.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'clientKey' });
  expect(res.errors?.[0]?.message).toMatch(/clientKey/);
  expect((await t.behind.notes(a.id)).length).toBe(before);
});
