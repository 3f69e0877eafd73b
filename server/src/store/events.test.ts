import { createTestApp, type TestApp } from '../test-support/app';
import type { CommittedNoteEvent } from './records';

/**
 * What this server's live listeners hear of a committed change (SQLite, or PostgreSQL with
 * TEST_DATABASE_URL): its seq, after it has committed; on SQLite also the change itself, its note
 * as the transaction left it, the same as the feed and the notes table hold after the commit.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const onSqlite = !process.env.TEST_DATABASE_URL;

interface Heard {
  seq: number;
  committed?: CommittedNoteEvent;
}

/**
 * Listens to the user's note events; `until(seq)` resolves once the notification of `seq` has
 * been heard (PostgreSQL's arrive after the commit, through LISTEN), or rejects after 10 s.
 */
function listen(userId: string) {
  const heard: Heard[] = [];
  let check = () => undefined as void;
  const stop = t.store.live.onNoteEvent(userId, (seq, committed) => {
    heard.push({ seq, committed });
    check();
  });
  const until = (seq: number) =>
    new Promise<Heard[]>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`heard ${JSON.stringify(heard)}, not seq ${seq}`)),
        10_000,
      );
      check = () => {
        if (!heard.some((h) => h.seq === seq)) return;
        clearTimeout(timer);
        resolve(heard);
      };
      check();
    });
  return { until, stop };
}

it('a listener hears each change once it has committed; on SQLite with its note as committed, which the feed and the table then hold', async () => {
  const { token, id: userId } = await t.signup();
  const { until, stop } = listen(userId);
  try {
    const note = await t.services.notes.add(userId, { title: 'one', tags: ['a'] });
    await t.services.notes.update(userId, note.id, { title: 'two', priority: 'high' });
    await t.services.notes.archive(userId, note.id);
    await t.services.notes.trash(userId, note.id);
    await t.graphql(`mutation($id: ID!) { deleteNote(id: $id) }`, { id: note.id }, token);
    const heard = await until(5);
    expect(heard.map((h) => h.seq)).toEqual([1, 2, 3, 4, 5]);
    const feed = await t.store.events.after(userId, 0, 10);
    expect(feed.map((e) => [e.seq, e.kind])).toEqual([
      [1, 'UPSERTED'],
      [2, 'UPSERTED'],
      [3, 'UPSERTED'],
      [4, 'UPSERTED'],
      [5, 'DELETED'],
    ]);
    if (!onSqlite) {
      expect(heard.every((h) => h.committed === undefined)).toBe(true);
      return;
    }
    expect(heard.map((h) => [h.committed!.seq, h.committed!.noteId, h.committed!.kind])).toEqual(
      feed.map((e) => [e.seq, e.noteId, e.kind]),
    );
    expect(heard.map((h) => h.committed!.note && h.committed!.note.version)).toEqual([
      1,
      2,
      3,
      4,
      null,
    ]);
    expect(heard[1]!.committed!.note).toMatchObject({
      title: 'two',
      priority: 'high',
      tags: ['a'],
      location: 'notes',
    });
    expect(heard[3]!.committed!.note).toMatchObject({
      location: 'trash',
      previousLocation: 'archive',
    });
  } finally {
    stop();
  }
});

it('on SQLite the note heard is the one the transaction committed, as the table holds it', async () => {
  const { id: userId } = await t.signup();
  const { until, stop } = listen(userId);
  try {
    const note = await t.services.notes.add(userId, {
      title: '<b>bold</b> title',
      content: '<p>text <script>x</script></p>',
      color: '#fff',
      pinned: true,
    });
    const [heard] = await until(1);
    if (!onSqlite) return;
    expect(heard!.committed!.note).toEqual(await t.store.notes.find(userId, note.id));
  } finally {
    stop();
  }
});

it('changes of many notes at once (empty trash) are heard by their last seq, and read from the feed', async () => {
  const { id: userId } = await t.signup();
  const ids = [];
  for (let i = 0; i < 3; i += 1) {
    const note = await t.services.notes.add(userId, { title: `bin ${i}` });
    await t.services.notes.trash(userId, note.id);
    ids.push(note.id);
  }
  const { until, stop } = listen(userId);
  try {
    expect(await t.services.notes.emptyTrash(userId)).toEqual(ids);
    const heard = await until(9);
    // Besides 9, only late notifications of the earlier changes (PostgreSQL) may be heard.
    expect(heard.filter((h) => h.seq > 6)).toEqual([{ seq: 9, committed: undefined }]);
  } finally {
    stop();
  }
});
