import { createTestApp, type TestApp } from '../test-support/app';

/**
 * Version history through GraphQL (SQLite, or PostgreSQL with TEST_DATABASE_URL): saved changes
 * keep the previous text, coalesced per 10 minutes of editing on an injected clock; a restore is
 * a new version, undone by restoring the revision it made; another user sees and restores none.
 */
let t: TestApp;
let token: string;
/** The app's clock, moved by the tests. */
let clockMs = Date.parse('2030-01-01T09:00:00.000Z');
const minutes = (n: number) => n * 60_000;

beforeAll(async () => {
  t = await createTestApp({}, { clock: () => clockMs });
  ({ token } = await t.signup());
});
afterAll(() => t.close());

interface Revision {
  id: string;
  createdAt: string;
  title: string;
  content: string;
  textContent: string;
}
interface NoteWithHistory {
  id: string;
  title: string;
  content: string;
  version: number;
  revisions: Revision[];
}

const historyFields =
  'id title content version revisions { id createdAt title content textContent }';

async function addNote(title: string, content: string, as = token): Promise<string> {
  const res = await t.graphql<{ addNote: { id: string } }>(
    `mutation($t: String!, $c: String!) { addNote(input: { title: $t, content: $c }) { id } }`,
    { t: title, c: content },
    as,
  );
  expect(res.errors).toBeUndefined();
  return res.data!.addNote.id;
}

async function edit(id: string, input: Record<string, unknown>, as = token) {
  const res = await t.graphql<{ updateNote: { version: number } }>(
    `mutation($id: ID!, $input: NoteInput!) { updateNote(id: $id, input: $input) { version } }`,
    { id, input },
    as,
  );
  expect(res.errors).toBeUndefined();
}

async function history(id: string, as = token): Promise<NoteWithHistory> {
  const res = await t.graphql<{ note: NoteWithHistory }>(
    `query($id: ID!) { note(id: $id) { ${historyFields} } }`,
    { id },
    as,
  );
  expect(res.errors).toBeUndefined();
  return res.data!.note;
}

const restore = (noteId: string, revisionId: string, as = token) =>
  t.graphql<{ restoreRevision: NoteWithHistory }>(
    `mutation($n: ID!, $r: ID!) { restoreRevision(noteId: $n, revisionId: $r) { ${historyFields} } }`,
    { n: noteId, r: revisionId },
    as,
  );

describe('revisions', () => {
  it('a new note has none, and changes of colour or labels keep none', async () => {
    const id = await addNote('fresh', '<p>one</p>');
    clockMs += minutes(30);
    await edit(id, { color: '#F29191', tags: ['x'] });
    await edit(id, { title: 'fresh', content: '<p>one</p>' });
    expect((await history(id)).revisions).toEqual([]);
  });

  it('keep the text before an edit, at most one per 10 minutes of continuous editing', async () => {
    const id = await addNote('draft', '<p>v0</p>');
    clockMs += minutes(30);
    const firstEditAt = new Date(clockMs).toISOString();
    await edit(id, { content: '<p>v1</p>' });
    // Saves every two minutes: the first kept v0; the rest fall within its 10 minutes.
    for (const v of [2, 3, 4, 5]) {
      clockMs += minutes(2);
      await edit(id, { content: `<p>v${v}</p>` });
    }
    let note = await history(id);
    expect(note.revisions.map((r) => r.textContent)).toEqual(['v0']);
    expect(note.revisions[0]).toMatchObject({ title: 'draft', content: '<p>v0</p>' });
    expect(note.revisions[0]!.createdAt).toBe(firstEditAt);

    // 10 minutes after the newest revision, the next save keeps the text it replaces.
    clockMs += minutes(2);
    await edit(id, { title: 'draft 2' });
    note = await history(id);
    expect(note.revisions.map((r) => [r.title, r.textContent])).toEqual([
      ['draft', 'v5'],
      ['draft', 'v0'],
    ]);
  });

  it('come through REST edits too', async () => {
    const id = await addNote('rest', '<p>before</p>');
    clockMs += minutes(30);
    const res = await t.http
      .post(`/api/notes/${id}`)
      .set('authorization', token)
      .send({ note: { content: '<p>after</p>' } });
    expect(res.status).toBe(201);
    expect((await history(id)).revisions.map((r) => r.textContent)).toEqual(['before']);
  });

  it('are read for a whole list in one query, and not at all when not selected', async () => {
    const ids = [await addNote('a', '<p>a</p>'), await addNote('b', '<p>b</p>')];
    clockMs += minutes(30);
    for (const id of ids) await edit(id, { content: '<p>changed</p>' });
    const forNotes = jest.spyOn(t.store.revisions, 'forNotes');
    try {
      const res = await t.graphql<{ notes: { nodes: NoteWithHistory[] } }>(
        `{ notes(first: 100) { nodes { id revisions { textContent } } } }`,
        {},
        token,
      );
      expect(res.errors).toBeUndefined();
      const byId = new Map(res.data!.notes.nodes.map((n) => [n.id, n.revisions]));
      expect(byId.get(ids[0]!)).toEqual([{ textContent: 'a' }]);
      expect(byId.get(ids[1]!)).toEqual([{ textContent: 'b' }]);
      expect(forNotes).toHaveBeenCalledTimes(1);
      await t.graphql(`{ notes(first: 100) { nodes { id title } } }`, {}, token);
      expect(forNotes).toHaveBeenCalledTimes(1);
    } finally {
      forNotes.mockRestore();
    }
  });
});

describe('restoreRevision', () => {
  it('is a new version with the old text, keeping the text before it, and can be undone', async () => {
    const id = await addNote('plan', '<p>first</p>');
    clockMs += minutes(30);
    await edit(id, { title: 'plan B', content: '<p>second</p>' });
    const before = await history(id);
    const [first] = before.revisions;

    clockMs += minutes(1);
    const res = await restore(id, first!.id);
    expect(res.errors).toBeUndefined();
    const restored = res.data!.restoreRevision;
    expect(restored).toMatchObject({
      title: 'plan',
      content: '<p>first</p>',
      version: before.version + 1,
    });
    // Always a revision before a restore, even within 10 minutes of the last one.
    expect(restored.revisions.map((r) => r.title)).toEqual(['plan B', 'plan']);

    // Undo: restore the revision the restore made.
    const undo = await restore(id, restored.revisions[0]!.id);
    expect(undo.errors).toBeUndefined();
    expect(undo.data!.restoreRevision).toMatchObject({
      title: 'plan B',
      content: '<p>second</p>',
      version: before.version + 2,
    });

    // Both APIs read the restored note.
    const rest = await t.http.get('/api/notes').set('authorization', token);
    const wire = (rest.body.notes as Array<{ _id: string; title: string }>).find(
      (n) => n._id === id,
    );
    expect(wire?.title).toBe('plan B');
  });

  it('records a note event like every change', async () => {
    const id = await addNote('evented', '<p>x</p>');
    clockMs += minutes(30);
    await edit(id, { content: '<p>y</p>' });
    const [revision] = (await history(id)).revisions;
    const cursor = await t.graphql<{ noteEventsCursor: string }>(`{ noteEventsCursor }`, {}, token);
    const userId = (await t.graphql<{ me: { id: string } }>(`{ me { id } }`, {}, token)).data!.me
      .id;
    await restore(id, revision!.id);
    const events = await t.store.events.after(userId, Number(cursor.data!.noteEventsCursor), 10);
    expect(events.map((e) => [e.noteId, e.kind])).toEqual([[id, 'UPSERTED']]);
  });

  it('refuses an unknown revision, a revision of another note and a trashed note', async () => {
    const id = await addNote('one', '<p>1</p>');
    const other = await addNote('two', '<p>2</p>');
    clockMs += minutes(30);
    await edit(other, { content: '<p>22</p>' });
    const [otherRevision] = (await history(other)).revisions;

    const unknown = await restore(id, 'no-such-revision');
    expect(unknown.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect(unknown.errors?.[0]?.message).toMatch(/Revision no-such-revision of note .* not found/);
    const crossed = await restore(id, otherRevision!.id);
    expect(crossed.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const nul = await restore(id, 'a\u0000b');
    expect(nul.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');

    await t.graphql(`mutation($id: ID!) { trashNote(id: $id) { id } }`, { id: other }, token);
    const trashed = await restore(other, otherRevision!.id);
    expect(trashed.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(trashed.errors?.[0]?.message).toMatch(/trash/);
    expect((await history(id)).title).toBe('one');
  });

  it('needs a signed-in user', async () => {
    const res = await t.graphql(
      `mutation { restoreRevision(noteId: "x", revisionId: "y") { id } }`,
      {},
    );
    expect(res.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});

describe('another user', () => {
  it('never sees nor restores my revisions', async () => {
    const id = await addNote('mine', '<p>secret v1</p>');
    clockMs += minutes(30);
    await edit(id, { content: '<p>secret v2</p>' });
    const [revision] = (await history(id)).revisions;
    const mallory = (await t.signup()).token;

    const read = await t.graphql(
      `query($id: ID!) { note(id: $id) { revisions { id } } }`,
      { id },
      mallory,
    );
    expect(read.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    // Her own list, selecting revisions, holds none of mine.
    const mine = await addNote('hers', '<p>h</p>', mallory);
    const list = await t.graphql<{ notes: { nodes: NoteWithHistory[] } }>(
      `{ notes { nodes { id revisions { id } } } }`,
      {},
      mallory,
    );
    expect(list.data!.notes.nodes).toEqual([{ id: mine, revisions: [] }]);

    const res = await restore(id, revision!.id, mallory);
    expect(res.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    // Nor with her own note's id: the revision belongs to my note.
    const crossed = await restore(mine, revision!.id, mallory);
    expect(crossed.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect((await history(id)).content).toBe('<p>secret v2</p>');
  });
});

describe('revision retention', () => {
  it('prunes revisions older than REVISION_RETENTION_DAYS and keeps the rest', async () => {
    const id = await addNote('aging', '<p>old</p>');
    clockMs += minutes(30);
    await edit(id, { content: '<p>middle</p>' });
    clockMs += 50 * 86_400_000;
    await edit(id, { content: '<p>new</p>' });
    expect((await history(id)).revisions.map((r) => r.textContent)).toEqual(['middle', 'old']);

    // 91 days after the first revision: it goes, the one from 50 days later stays.
    const pruned = await t.services.retention.pruneRevisions(clockMs + 41 * 86_400_000);
    expect(pruned).toBeGreaterThanOrEqual(1);
    expect((await history(id)).revisions.map((r) => r.textContent)).toEqual(['middle']);
  });

  it('deletes a note with its revisions', async () => {
    const id = await addNote('gone', '<p>a</p>');
    clockMs += minutes(30);
    await edit(id, { content: '<p>b</p>' });
    await t.graphql(`mutation($id: ID!) { trashNote(id: $id) { id } }`, { id }, token);
    await t.graphql(`mutation($id: ID!) { deleteNote(id: $id) }`, { id }, token);
    const userId = (await t.graphql<{ me: { id: string } }>(`{ me { id } }`, {}, token)).data!.me
      .id;
    expect(await t.store.revisions.forNotes(userId, [id])).toEqual([]);
  });
});
