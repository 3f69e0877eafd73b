import { createTestApp, type TestApp } from '../test-support/app';

/**
 * renameLabel and deleteLabel (SQLite, or PostgreSQL with TEST_DATABASE_URL): every note of the
 * caller carrying the label changes, wherever it is (notes, archive, trash), in one transaction,
 * each with one more version and one event; nobody else's notes change; the spec's messages.
 */
let t: TestApp;

interface User {
  token: string;
  id: string;
}
let a: User;
let b: User;

interface StoredNote {
  id: string;
  title: string;
  tags: string[];
  version: number;
  location: string;
  updatedAt: string;
}

const gql = <T>(user: User, query: string, variables: Record<string, unknown> = {}) =>
  t.graphql<T>(query, variables, user.token);

const rename = (user: User, from: unknown, to: unknown) =>
  gql<{ renameLabel: string[] }>(
    user,
    `mutation($from: String!, $to: String!) { renameLabel(from: $from, to: $to) }`,
    { from, to },
  );

const remove = (user: User, name: unknown) =>
  gql<{ deleteLabel: string[] }>(user, `mutation($name: String!) { deleteLabel(name: $name) }`, {
    name,
  });

async function addNote(user: User, title: string, tags: string[], place = 'notes') {
  const res = await gql<{ addNote: { id: string } }>(
    user,
    `mutation($t: String!, $tags: [String!]) { addNote(input: { title: $t, content: "<p>x</p>", tags: $tags }) { id } }`,
    { t: title, tags },
  );
  const { id } = res.data!.addNote;
  if (place !== 'notes') {
    await gql(user, `mutation($id: ID!) { archiveNote(id: $id) { id } }`, { id });
  }
  if (place === 'trash') {
    await gql(user, `mutation($id: ID!) { trashNote(id: $id) { id } }`, { id });
  }
  return id;
}

/** Every note of the user, wherever it is, by title. */
async function notesOf(user: User): Promise<Record<string, StoredNote>> {
  const fields = 'nodes { id title tags version location updatedAt }';
  const res = await gql<Record<string, { nodes: StoredNote[] }>>(
    user,
    `{ notes(first: 100) { ${fields} } archives(first: 100) { ${fields} } trash(first: 100) { ${fields} } }`,
  );
  const all = [...res.data!.notes!.nodes, ...res.data!.archives!.nodes, ...res.data!.trash!.nodes];
  return Object.fromEntries(all.map((n) => [n.title, n]));
}

const cursorOf = async (user: User) => Number(await t.services.noteEvents.cursor(user.id));

/** The user's events since `cursor`, as [noteId, kind]. */
const eventsSince = async (user: User, cursor: number) =>
  (await t.store.events.after(user.id, cursor, 1000)).map((e) => [e.noteId, e.kind]);

beforeEach(async () => {
  t = await createTestApp();
  a = await t.signup();
  b = await t.signup();
  await addNote(a, 'a-notes', ['work', 'home']);
  await addNote(a, 'a-archive', ['work'], 'archive');
  await addNote(a, 'a-trash', ['x', 'work'], 'trash');
  await addNote(a, 'a-home', ['home']);
  await addNote(b, 'b-work', ['work', 'b-only']);
});
afterEach(() => t.close());

describe('renameLabel', () => {
  it('renames the label on every note of the caller, in notes, archive and trash; the labels after', async () => {
    const before = await notesOf(a);
    const cursor = await cursorOf(a);
    const res = await rename(a, 'work', 'job');
    expect(res.errors).toBeUndefined();
    // The labels query's list: notes and archive, sorted.
    expect(res.data!.renameLabel).toEqual(['home', 'job']);
    const labels = await gql<{ labels: string[] }>(a, `{ labels }`);
    expect(labels.data!.labels).toEqual(['home', 'job']);

    const after = await notesOf(a);
    // In place, the other labels kept in their order.
    expect(after['a-notes']).toMatchObject({ tags: ['job', 'home'], location: 'NOTES' });
    expect(after['a-archive']).toMatchObject({ tags: ['job'], location: 'ARCHIVE' });
    expect(after['a-trash']).toMatchObject({ tags: ['x', 'job'], location: 'TRASH' });
    for (const title of ['a-notes', 'a-archive', 'a-trash']) {
      expect(after[title]!.version).toBe(before[title]!.version + 1);
      expect(after[title]!.updatedAt > before[title]!.updatedAt).toBe(true);
    }
    expect(after['a-home']).toEqual(before['a-home']);

    // One UPSERTED event per changed note, nothing for the others.
    const events = await eventsSince(a, cursor);
    expect(events).toHaveLength(3);
    expect(events.map(([id]) => id).sort()).toEqual(
      ['a-notes', 'a-archive', 'a-trash'].map((title) => after[title]!.id).sort(),
    );
    expect(events.every(([, kind]) => kind === 'UPSERTED')).toBe(true);

    // The label filter follows the new name.
    const filtered = await gql<{ notes: { nodes: Array<{ title: string }> } }>(
      a,
      `{ notes(filter: { tags: ["job"] }) { nodes { title } } }`,
    );
    expect(filtered.data!.notes.nodes.map((n) => n.title)).toEqual(['a-notes']);
    const old = await gql<{ notes: { totalCount: number } }>(
      a,
      `{ notes(filter: { tags: ["work"] }) { totalCount } }`,
    );
    expect(old.data!.notes.totalCount).toBe(0);
    const index = await t.behind.tags(a.id);
    expect(index.filter((row) => row.tag === 'work')).toEqual([]);
    expect(index.filter((row) => row.tag === 'job')).toHaveLength(3);
  });

  it('changes nothing of another user’s, who has the same label', async () => {
    const bBefore = await t.behind.notes(b.id);
    const bTags = await t.behind.tags(b.id);
    const bCursor = await cursorOf(b);
    expect((await rename(a, 'work', 'job')).errors).toBeUndefined();
    expect(await t.behind.notes(b.id)).toEqual(bBefore);
    expect(await t.behind.tags(b.id)).toEqual(bTags);
    expect(await eventsSince(b, bCursor)).toEqual([]);
    const bLabels = await gql<{ labels: string[] }>(b, `{ labels }`);
    expect(bLabels.data!.labels).toEqual(['b-only', 'work']);
  });

  it('trims the new name and keeps it as typed, markup-like text too, like a label added in the editor', async () => {
    const res = await rename(a, 'home', '  <b>house</b>  ');
    expect(res.data!.renameLabel).toEqual(['<b>house</b>', 'work']);
    expect((await notesOf(a))['a-home']!.tags).toEqual(['<b>house</b>']);
  });

  it('to a label the caller already has (anywhere, the trash too): "{label} Already Exists", nothing changed', async () => {
    for (const [from, to, label] of [
      ['home', 'work', 'work'],
      ['home', '  work ', 'work'],
      ['home', 'x', 'x'],
      ['work', 'work', 'work'],
    ]) {
      const before = await t.behind.notes();
      const res = await rename(a, from, to);
      expect(res.data ?? null).toBeNull();
      expect(res.errors?.[0]?.message).toBe(`${label} Already Exists`);
      expect(res.errors?.[0]?.extensions).toEqual({ code: 'CONFLICT', field: 'to' });
      expect(await t.behind.notes()).toEqual(before);
    }
  });

  it('to a label only another user has is fine: labels are per user', async () => {
    const res = await rename(a, 'home', 'b-only');
    expect(res.errors).toBeUndefined();
    expect(res.data!.renameLabel).toEqual(['b-only', 'work']);
  });

  it('an empty name: the spec’s "Label Name Can\'t Be Empty", naming the field', async () => {
    const before = await t.behind.notes();
    for (const [from, to, field] of [
      ['work', '', 'to'],
      ['work', '   ', 'to'],
      ['', 'job', 'from'],
      [' \t', 'job', 'from'],
    ]) {
      const res = await rename(a, from, to);
      expect({ from, to, error: res.errors?.[0] }).toEqual({
        from,
        to,
        error: expect.objectContaining({
          message: "Label Name Can't Be Empty",
          extensions: { code: 'BAD_USER_INPUT', field },
        }),
      });
    }
    expect(await t.behind.notes()).toEqual(before);
  });

  it('a label no note of the caller carries: NOT_FOUND, even when another user has it', async () => {
    const before = await t.behind.notes();
    for (const [user, from] of [
      [a, 'nope'],
      [a, ' work'],
      [a, 'b-only'],
      [b, 'home'],
    ] as const) {
      const res = await rename(user, from, 'fresh');
      expect(res.errors?.[0]?.extensions).toEqual({ code: 'NOT_FOUND', field: 'from' });
      expect(res.errors?.[0]?.message).toContain(JSON.stringify(from));
    }
    expect(await t.behind.notes()).toEqual(before);
  });

  it('other bad input is BAD_USER_INPUT naming the field; no token is UNAUTHENTICATED', async () => {
    const before = await t.behind.notes();
    const cases: Array<[unknown, unknown, string]> = [
      ['work', 'y'.repeat(101), 'to'],
      ['work', 'nul\u0000', 'to'],
      ['wo\u0000rk', 'job', 'from'],
      ['w'.repeat(401), 'job', 'from'],
    ];
    for (const [from, to, field] of cases) {
      const res = await rename(a, from, to);
      expect(res.errors?.[0]?.extensions).toEqual({ code: 'BAD_USER_INPUT', field });
    }
    for (const value of [null, 5, ['work']]) {
      const res = await rename(a, value, 'job');
      expect(res.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    }
    const anonymous = await t.graphql(`mutation { renameLabel(from: "work", to: "job") }`);
    expect(anonymous.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect(await t.behind.notes()).toEqual(before);
  });
});

describe('deleteLabel', () => {
  it('removes the label from every note of the caller, wherever it is; one version and one event each', async () => {
    const before = await notesOf(a);
    const cursor = await cursorOf(a);
    const bBefore = await t.behind.notes(b.id);
    const res = await remove(a, 'work');
    expect(res.errors).toBeUndefined();
    expect(res.data!.deleteLabel).toEqual(['home']);
    const after = await notesOf(a);
    expect(after['a-notes']!.tags).toEqual(['home']);
    expect(after['a-archive']!.tags).toEqual([]);
    expect(after['a-trash']!.tags).toEqual(['x']);
    for (const title of ['a-notes', 'a-archive', 'a-trash']) {
      expect(after[title]!.version).toBe(before[title]!.version + 1);
    }
    expect(after['a-home']).toEqual(before['a-home']);
    const events = await eventsSince(a, cursor);
    expect(events.map(([id]) => id).sort()).toEqual(
      ['a-notes', 'a-archive', 'a-trash'].map((title) => after[title]!.id).sort(),
    );
    expect(events.every(([, kind]) => kind === 'UPSERTED')).toBe(true);
    expect((await t.behind.tags(a.id)).some((row) => row.tag === 'work')).toBe(false);
    expect(await t.behind.notes(b.id)).toEqual(bBefore);
  });

  it('a label only on trashed notes can be deleted (it is no longer listed, but it is there)', async () => {
    const res = await remove(a, 'x');
    expect(res.data!.deleteLabel).toEqual(['home', 'work']);
    expect((await notesOf(a))['a-trash']!.tags).toEqual(['work']);
  });

  it('empty: the spec’s message; unknown or another user’s: NOT_FOUND; nothing changed', async () => {
    const before = await t.behind.notes();
    for (const name of ['', '   ']) {
      const res = await remove(a, name);
      expect(res.errors?.[0]?.message).toBe("Label Name Can't Be Empty");
      expect(res.errors?.[0]?.extensions).toEqual({ code: 'BAD_USER_INPUT', field: 'name' });
    }
    for (const name of ['nope', 'b-only']) {
      const res = await remove(a, name);
      expect(res.errors?.[0]?.extensions).toEqual({ code: 'NOT_FOUND', field: 'name' });
    }
    const nul = await remove(a, 'wo\u0000rk');
    expect(nul.errors?.[0]?.extensions).toEqual({ code: 'BAD_USER_INPUT', field: 'name' });
    const anonymous = await t.graphql(`mutation { deleteLabel(name: "work") }`);
    expect(anonymous.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect(await t.behind.notes()).toEqual(before);
  });
});

it('a subscriber catching up sees each relabelled note once, as it is now', async () => {
  const cursor = String(await cursorOf(a));
  await rename(a, 'home', 'house');
  const feed = await t.services.noteEvents.subscribe(a.id, cursor);
  const received = [(await feed.next()).value, (await feed.next()).value];
  await feed.return?.();
  expect(received.map((e: { note: StoredNote }) => [e.note.title, e.note.tags]).sort()).toEqual([
    ['a-home', ['house']],
    ['a-notes', ['work', 'house']],
  ]);
});
