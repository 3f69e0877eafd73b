import { createTestApp, type TestApp } from '../test-support/app';

/**
 * addNote with a location: a note added from the archive goes there in one request (one
 * version, one event), and a note cannot be added straight to the trash.
 */
let t: TestApp;
let user: { token: string; id: string };

interface Added {
  addNote: { id: string; location: string; version: number };
}

const add = (location?: string) =>
  t.graphql<Added>(
    `mutation($input: NoteInput!, $location: NoteLocation) {
      addNote(input: $input, location: $location) { id location version }
    }`,
    { input: { title: 'Filed away', content: '<p>x</p>' }, location },
    user.token,
  );

beforeAll(async () => {
  t = await createTestApp();
  user = await t.signup();
});
afterAll(() => t.close());

it('adds to the archive in one change', async () => {
  const cursor = await t.services.noteEvents.cursor(user.id);
  const added = await add('ARCHIVE');
  expect(added.errors).toBeUndefined();
  expect(added.data!.addNote).toMatchObject({ location: 'ARCHIVE', version: 1 });
  expect(Number(await t.services.noteEvents.cursor(user.id))).toBe(Number(cursor) + 1);
});

it('adds to the main list by default', async () => {
  const added = await add();
  expect(added.data!.addNote.location).toBe('NOTES');
});

it('refuses an add to the trash and writes nothing', async () => {
  const before = (await t.behind.notes(user.id)).length;
  const refused = await add('TRASH');
  expect(refused.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  expect(refused.errors?.[0]?.message).toMatch(/location/);
  expect(await t.behind.notes(user.id)).toHaveLength(before);
});
