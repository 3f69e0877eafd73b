import { emptyNote } from '../store';
import { createTestApp, type TestApp } from '../test-support/app';

/**
 * emptyTrash (SQLite, or PostgreSQL with TEST_DATABASE_URL): every note of the caller in the
 * trash is deleted forever in one transaction, with one DELETED event each; the notes elsewhere
 * and every other user's notes stay as they were.
 */
let t: TestApp;

interface User {
  token: string;
  id: string;
}
let a: User;
let b: User;
const trashed: string[] = [];
const kept: string[] = [];
let bTrashed: string;

const gql = <T>(user: User, query: string, variables: Record<string, unknown> = {}) =>
  t.graphql<T>(query, variables, user.token);

const emptyTrash = (user: User) => gql<{ emptyTrash: string[] }>(user, `mutation { emptyTrash }`);

async function addNote(user: User, title: string, moves: string[] = []) {
  const res = await gql<{ addNote: { id: string } }>(
    user,
    `mutation($t: String!) { addNote(input: { title: $t, content: "<p>x</p>", tags: ["l-${title}"] }) { id } }`,
    { t: title },
  );
  const { id } = res.data!.addNote;
  for (const move of moves) {
    const moved = await gql(user, `mutation($id: ID!) { ${move}(id: $id) { id } }`, { id });
    expect(moved.errors).toBeUndefined();
  }
  return id;
}

beforeAll(async () => {
  t = await createTestApp();
  a = await t.signup();
  b = await t.signup();
  trashed.push(await addNote(a, 'from notes', ['trashNote']));
  trashed.push(await addNote(a, 'from archive', ['archiveNote', 'trashNote']));
  trashed.push(await addNote(a, 'edited then trashed', ['trashNote', 'restoreNote', 'trashNote']));
  kept.push(await addNote(a, 'in notes'));
  kept.push(await addNote(a, 'in archive', ['archiveNote']));
  bTrashed = await addNote(b, 'b trashed', ['trashNote']);
});
afterAll(() => t.close());

it('deletes every note in the caller’s trash forever, in one go, one DELETED event each; returns the ids', async () => {
  const cursor = await t.services.noteEvents.cursor(a.id);
  const keptBefore = (await t.behind.notes(a.id)).filter((n) => kept.includes(n.id));
  const bRows = await t.behind.notes(b.id);
  const bCursor = await t.services.noteEvents.cursor(b.id);

  const res = await emptyTrash(a);
  expect(res.errors).toBeUndefined();
  expect([...res.data!.emptyTrash].sort()).toEqual([...trashed].sort());

  const rows = await t.behind.notes(a.id);
  expect(rows.map((n) => n.id).sort()).toEqual([...kept].sort());
  expect(rows).toEqual(keptBefore);
  expect((await t.behind.tags(a.id)).map((row) => row.note_id).sort()).toEqual([...kept].sort());
  const lists = await gql<{ trash: { totalCount: number }; notes: { totalCount: number } }>(
    a,
    `{ trash { totalCount } notes { totalCount } }`,
  );
  expect(lists.data).toEqual({ trash: { totalCount: 0 }, notes: { totalCount: 1 } });
  const rest = await t.http.get('/api/trash').set('authorization', a.token);
  expect(rest.body).toEqual({ trash: [] });

  const events = await t.store.events.after(a.id, Number(cursor), 100);
  expect(events.map((e) => e.kind)).toEqual(['DELETED', 'DELETED', 'DELETED']);
  expect(events.map((e) => e.noteId).sort()).toEqual([...trashed].sort());
  // A subscriber catching up is told each note is gone, with no note.
  const feed = await t.services.noteEvents.subscribe(a.id, cursor);
  const delivered = [];
  for (let i = 0; i < 3; i += 1) delivered.push((await feed.next()).value);
  await feed.return?.();
  expect(delivered.map((e) => [e.kind, e.note])).toEqual(Array(3).fill(['DELETED', null]));

  // Another user's trash is untouched, and hears nothing.
  expect(await t.behind.notes(b.id)).toEqual(bRows);
  expect(bRows.map((n) => n.id)).toEqual([bTrashed]);
  expect(await t.services.noteEvents.cursor(b.id)).toBe(bCursor);

  // Gone for good: no restore, no second delete.
  const restore = await gql(a, `mutation($id: ID!) { restoreNote(id: $id) { id } }`, {
    id: trashed[0],
  });
  expect(restore.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
});

it('an empty trash: no ids, no events, nothing changed', async () => {
  const cursor = await t.services.noteEvents.cursor(a.id);
  const before = await t.behind.notes();
  const res = await emptyTrash(a);
  expect(res.data).toEqual({ emptyTrash: [] });
  expect(await t.behind.notes()).toEqual(before);
  expect(await t.services.noteEvents.cursor(a.id)).toBe(cursor);
});

it('needs a token', async () => {
  const before = await t.behind.notes();
  const res = await t.graphql(`mutation { emptyTrash }`);
  expect(res.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  expect(await t.behind.notes()).toEqual(before);
});

it('empties a trash of more notes than one statement lists', async () => {
  const own = await createTestApp();
  try {
    const user = await own.signup();
    const count = 1203;
    // Set up behind the API: a thousand notes through the routes would take the test's time.
    await own.store.transaction(async (tx) => {
      for (let i = 0; i < count; i += 1) {
        const at = new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString();
        await tx.notes.insert(user.id, {
          ...emptyNote({
            id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
            location: 'trash',
            createdAt: at,
            updatedAt: at,
          }),
          title: `bulk ${i}`,
          tags: ['bulk'],
          previousLocation: 'notes',
          trashedAt: at,
        });
      }
    });
    const cursor = Number(await own.services.noteEvents.cursor(user.id));
    const res = await own.graphql<{ emptyTrash: string[] }>(
      `mutation { emptyTrash }`,
      {},
      user.token,
    );
    expect(res.data!.emptyTrash).toHaveLength(count);
    expect(new Set(res.data!.emptyTrash).size).toBe(count);
    expect(await own.behind.notes(user.id)).toEqual([]);
    expect(await own.behind.tags(user.id)).toEqual([]);
    const events = await own.store.events.after(user.id, cursor, 2000);
    expect(events.map((e) => e.seq)).toEqual(
      Array.from({ length: count }, (_, i) => cursor + 1 + i),
    );
    expect(new Set(events.map((e) => e.noteId))).toEqual(new Set(res.data!.emptyTrash));
  } finally {
    await own.close();
  }
});

it('racing restores, each trashed note ends either restored or deleted with its event, never both or neither', async () => {
  const own = await createTestApp();
  try {
    const user = await own.signup();
    const call = <T>(query: string, variables: Record<string, unknown> = {}) =>
      own.graphql<T>(query, variables, user.token);
    for (let round = 0; round < 4; round += 1) {
      const ids: string[] = [];
      for (let i = 0; i < 4; i += 1) {
        const res = await call<{ addNote: { id: string } }>(
          `mutation($t: String!) { addNote(input: { title: $t }) { id } }`,
          { t: `race ${round}.${i}` },
        );
        const { id } = res.data!.addNote;
        await call(`mutation($id: ID!) { trashNote(id: $id) { id } }`, { id });
        ids.push(id);
      }
      const cursor = Number(await own.services.noteEvents.cursor(user.id));
      const [emptied, ...restores] = await Promise.all([
        call<{ emptyTrash: string[] }>(`mutation { emptyTrash }`),
        ...ids.map((id) => call(`mutation($id: ID!) { restoreNote(id: $id) { id } }`, { id })),
      ]);
      const deleted = new Set(emptied.data!.emptyTrash);
      const rows = new Map((await own.behind.notes(user.id)).map((n) => [n.id, n]));
      const events = await own.store.events.after(user.id, cursor, 100);
      ids.forEach((id, i) => {
        const restored = restores[i]!.errors === undefined;
        if (!restored) expect(restores[i]!.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
        expect({ id, restored, deleted: deleted.has(id) }).toEqual({
          id,
          restored,
          deleted: !restored,
        });
        expect(rows.get(id)?.location).toBe(restored ? 'notes' : undefined);
        expect(events.filter((e) => e.noteId === id).map((e) => e.kind)).toEqual([
          restored ? 'UPSERTED' : 'DELETED',
        ]);
      });
      // Restored notes leave the trash empty for the next round.
      await call(`mutation { emptyTrash }`);
    }
  } finally {
    await own.close();
  }
});

it('dates its DELETED events by the app’s clock', async () => {
  const at = Date.UTC(2031, 5, 1, 12, 0, 0);
  const own = await createTestApp({}, { clock: () => at });
  try {
    const user = await own.signup();
    const added = await own.graphql<{ addNote: { id: string } }>(
      'mutation { addNote(input: { title: "old" }) { id } }',
      {},
      user.token,
    );
    const id = added.data!.addNote.id;
    await own.graphql('mutation ($id: ID!) { trashNote(id: $id) { id } }', { id }, user.token);
    const before = await own.store.events.latest(user.id);
    const res = await own.graphql('mutation { emptyTrash }', {}, user.token);
    expect(res.errors).toBeUndefined();
    const events = await own.store.events.after(user.id, before, 10);
    expect(events.map((e) => [e.kind, e.noteId])).toEqual([['DELETED', id]]);
    // Strictly after the trash move's time, which the same clock stamped.
    expect(Date.parse(events[0]!.createdAt) - at).toBeGreaterThan(0);
    expect(Date.parse(events[0]!.createdAt) - at).toBeLessThan(1000);
  } finally {
    await own.close();
  }
});
