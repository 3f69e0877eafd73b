import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { loadConfig } from '../config';
import { createTestApp, type TestApp } from '../test-support/app';
import { testDatabase } from '../test-support/database';
import { trashRetentionLock } from './retention';

/**
 * Trash retention (SQLite, or PostgreSQL with TEST_DATABASE_URL): a trashed note carries when it
 * went there; the job deletes the notes trashed longer ago than TRASH_RETENTION_DAYS, each with a
 * DELETED event, for every user; 0 keeps the trash forever; of several servers on one database
 * only one deletes at a time.
 */
const day = 86_400_000;
const start = Date.parse('2030-03-01T12:00:00.000Z');

const gql = {
  add: `mutation($t: String!) { addNote(input: { title: $t }) { id } }`,
  trash: `mutation($id: ID!) { trashNote(id: $id) { id trashedAt location } }`,
  restore: `mutation($id: ID!) { restoreNote(id: $id) { id trashedAt location } }`,
};

async function addNote(app: TestApp, token: string, title: string): Promise<string> {
  const res = await app.graphql<{ addNote: { id: string } }>(gql.add, { t: title }, token);
  expect(res.errors).toBeUndefined();
  return res.data!.addNote.id;
}

async function trash(app: TestApp, token: string, id: string) {
  const res = await app.graphql<{ trashNote: { trashedAt: string | null } }>(
    gql.trash,
    { id },
    token,
  );
  expect(res.errors).toBeUndefined();
  return res.data!.trashNote;
}

const idsIn = async (app: TestApp, userId: string) =>
  (await app.behind.notes(userId)).map((n) => n.id).sort();

describe('trashedAt', () => {
  let t: TestApp;
  let token: string;
  let clockMs = start;
  beforeAll(async () => {
    t = await createTestApp({}, { clock: () => clockMs });
    ({ token } = await t.signup());
  });
  afterAll(() => t.close());

  it('is set when a note goes to the trash and cleared when it comes back, on both APIs', async () => {
    const id = await addNote(t, token, 'dated');
    clockMs += day;
    const trashed = await trash(t, token, id);
    expect(trashed.trashedAt).toBe(new Date(clockMs).toISOString());
    const rest = await t.http.get('/api/trash').set('authorization', token);
    expect(rest.body.trash).toEqual([
      expect.objectContaining({ _id: id, trashedAt: trashed.trashedAt }),
    ]);

    const restored = await t.graphql<{ restoreNote: { trashedAt: string | null } }>(
      gql.restore,
      { id },
      token,
    );
    expect(restored.data!.restoreNote.trashedAt).toBeNull();
    const notes = await t.http.get('/api/notes').set('authorization', token);
    expect(notes.body.notes).toEqual([expect.objectContaining({ _id: id, trashedAt: null })]);
  });

  it('is told to clients with the retention, which needs no sign-in', async () => {
    const res = await t.graphql<{ settings: { trashRetentionDays: number } }>(
      `{ settings { trashRetentionDays revisionRetentionDays } }`,
    );
    expect(res.data!.settings).toEqual({ trashRetentionDays: 30, revisionRetentionDays: 90 });
  });
});

describe('the trash retention job', () => {
  let t: TestApp;
  let clockMs = start;
  beforeAll(async () => {
    t = await createTestApp({}, { clock: () => clockMs });
  });
  afterAll(() => t.close());

  it('deletes every user’s notes trashed more than 30 days ago, each with a DELETED event', async () => {
    const ann = await t.signup();
    const bob = await t.signup();
    clockMs = start;
    const oldAnn = await addNote(t, ann.token, 'old ann');
    const oldBob = await addNote(t, bob.token, 'old bob');
    await trash(t, ann.token, oldAnn);
    await trash(t, bob.token, oldBob);
    clockMs = start + 20 * day;
    const recent = await addNote(t, ann.token, 'recent');
    await trash(t, ann.token, recent);
    const kept = await addNote(t, ann.token, 'kept, not in the trash');
    const annSeq = await t.store.events.latest(ann.id);
    const bobSeq = await t.store.events.latest(bob.id);

    // 30 days after the first two went: not yet; an hour later, yes.
    const hour = day / 24;
    expect(await t.services.retention.deleteOldTrash(start + 30 * day - hour)).toBe(0);
    expect(await t.services.retention.deleteOldTrash(start + 30 * day + hour)).toBe(2);

    expect(await idsIn(t, ann.id)).toEqual([recent, kept].sort());
    expect(await idsIn(t, bob.id)).toEqual([]);
    const annEvents = await t.store.events.after(ann.id, annSeq, 10);
    expect(annEvents.map((e) => [e.noteId, e.kind])).toEqual([[oldAnn, 'DELETED']]);
    const bobEvents = await t.store.events.after(bob.id, bobSeq, 10);
    expect(bobEvents.map((e) => [e.noteId, e.kind])).toEqual([[oldBob, 'DELETED']]);

    // The rest go 30 days after their own trashing; the note outside the trash stays.
    expect(await t.services.retention.run(start + 51 * day)).toMatchObject({ trashed: 1 });
    expect(await idsIn(t, ann.id)).toEqual([kept]);
  });

  it('works in batches through a long trash', async () => {
    const carol = await t.signup();
    clockMs = start + 60 * day;
    const ids: string[] = [];
    for (let i = 0; i < 7; i += 1) {
      ids.push(await addNote(t, carol.token, `n${i}`));
      await trash(t, carol.token, ids[i]!);
    }
    const batched = (await import('./retention')).retentionService(t.store, {
      trashDays: 30,
      revisionDays: 90,
      batchSize: 3,
    });
    expect(await batched.deleteOldTrash(start + 91 * day)).toBe(7);
    expect(await idsIn(t, carol.id)).toEqual([]);
  });
});

describe('TRASH_RETENTION_DAYS=0', () => {
  it('keeps the trash forever and tells clients 0', async () => {
    const t = await createTestApp({ trashRetentionDays: 0 });
    try {
      const { token, id: userId } = await t.signup();
      const id = await addNote(t, token, 'forever');
      await trash(t, token, id);
      expect(await t.services.retention.run(Date.now() + 10_000 * day)).toMatchObject({
        trashed: 0,
      });
      expect(await idsIn(t, userId)).toEqual([id]);
      const res = await t.graphql<{ settings: { trashRetentionDays: number } }>(
        `{ settings { trashRetentionDays } }`,
      );
      expect(res.data!.settings.trashRetentionDays).toBe(0);
    } finally {
      await t.close();
    }
  });
});

describe('configuration', () => {
  it('defaults to 30 days of trash and 90 of revisions', () => {
    const config = loadConfig({});
    expect(config.trashRetentionDays).toBe(30);
    expect(config.revisionRetentionDays).toBe(90);
    expect(loadConfig({ TRASH_RETENTION_DAYS: '0', REVISION_RETENTION_DAYS: '7' })).toMatchObject({
      trashRetentionDays: 0,
      revisionRetentionDays: 7,
    });
  });

  it.each([
    ['TRASH_RETENTION_DAYS', '-1'],
    ['TRASH_RETENTION_DAYS', '1.5'],
    ['TRASH_RETENTION_DAYS', 'month'],
    ['REVISION_RETENTION_DAYS', '-3'],
  ])('refuses %s=%s, saying what it takes', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(
      new RegExp(`${name}.*whole number of days`),
    );
  });
});

describe('two servers on one database', () => {
  const postgres = Boolean(process.env.TEST_DATABASE_URL);
  let a: TestApp;
  let b: TestApp;
  let drop: () => Promise<void>;
  let clockMs = start;
  let folder = '';

  beforeAll(async () => {
    let url: string;
    if (postgres) {
      ({ url, drop } = await testDatabase());
    } else {
      folder = fs.mkdtempSync(path.join(os.tmpdir(), 'jotter-retention-'));
      url = `file:${path.join(folder, 'shared.db')}`;
      drop = () => Promise.resolve(fs.rmSync(folder, { recursive: true, force: true }));
    }
    a = await createTestApp({ databaseUrl: url }, { clock: () => clockMs });
    b = await createTestApp({ databaseUrl: url }, { clock: () => clockMs });
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    await drop();
  });

  async function oldTrash(count: number) {
    const user = await a.signup();
    clockMs = start;
    const ids: string[] = [];
    for (let i = 0; i < count; i += 1) {
      ids.push(await addNote(a, user.token, `t${i}`));
      await trash(a, user.token, ids[i]!);
    }
    return { user, ids, seq: await a.store.events.latest(user.id) };
  }

  it('only one deletes old trash at a time (PostgreSQL: an advisory lock)', async () => {
    const { user, ids } = await oldTrash(3);
    const at = start + 40 * day;
    if (postgres) {
      // While server A holds the lock, B's run deletes nothing.
      const whileHeld = await a.store.transaction(async (tx) => {
        expect(await tx.tryLock(trashRetentionLock)).toBe(true);
        return b.services.retention.deleteOldTrash(at);
      });
      expect(whileHeld).toBe(0);
      expect(await idsIn(b, user.id)).toEqual([...ids].sort());
    } else {
      // SQLite's writers take turns: the lock is the database's own write lock.
      await a.store.transaction(async (tx) =>
        expect(await tx.tryLock(trashRetentionLock)).toBe(true),
      );
    }
    expect(await b.services.retention.deleteOldTrash(at)).toBe(3);
    expect(await a.services.retention.deleteOldTrash(at)).toBe(0);
    expect(await idsIn(a, user.id)).toEqual([]);
  });

  it('running at once on both, each note is deleted once, with one DELETED event', async () => {
    const { user, ids, seq } = await oldTrash(6);
    const at = start + 40 * day;
    const runs = postgres
      ? await Promise.all([
          a.services.retention.deleteOldTrash(at),
          b.services.retention.deleteOldTrash(at),
        ])
      : // better-sqlite3 blocks the process while it waits for a lock: one after the other here.
        [
          await a.services.retention.deleteOldTrash(at),
          await b.services.retention.deleteOldTrash(at),
        ];
    expect(runs[0]! + runs[1]!).toBe(6);
    expect(await idsIn(a, user.id)).toEqual([]);
    const events = await a.store.events.after(user.id, seq, 100);
    expect(events.map((e) => e.kind)).toEqual(Array(6).fill('DELETED'));
    expect(events.map((e) => e.noteId).sort()).toEqual([...ids].sort());
  });
});
