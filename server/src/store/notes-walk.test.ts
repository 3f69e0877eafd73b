import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';

import { createTestApp, type TestApp } from '../test-support/app';
import { walkQuery } from './notes';
import type { NoteWalkKey } from './records';
import type { Database } from './schema';

/**
 * An export walks all of a user's notes a step at a time (store.notes.walk). Each step reads the
 * index `notes_by_owner_date` in order (migration 0010): before it, each step sorted all the
 * user's notes still to come in a temporary b-tree.
 */

/** A user's notes, some archived or trashed, beside another user's; returns the user's. */
async function notesInEveryPlace(t: TestApp, count: number) {
  const { id: userId } = await t.signup();
  const other = await t.signup();
  const added = [];
  for (let i = 0; i < count; i += 1) {
    added.push(await t.services.notes.add(userId, { title: `note ${i}` }));
    await t.services.notes.add(other.id, { title: `not theirs ${i}` });
  }
  await t.services.notes.archive(userId, added[1]!.id);
  await t.services.notes.trash(userId, added[count - 3]!.id);
  return { userId, added };
}

/** The ids a walk brings back in steps of 3, each step after the last note of the one before. */
async function walkInSteps(step: (after: NoteWalkKey | undefined) => Promise<NoteWalkKey[]>) {
  const walked: string[] = [];
  let after: NoteWalkKey | undefined;
  for (;;) {
    const notes = await step(after);
    walked.push(...notes.map((n) => n.id));
    if (notes.length < 3) return walked;
    after = notes[notes.length - 1]!;
  }
}

/** The notes' ids oldest first, ties by id: the order a walk keeps. */
const oldestFirst = (notes: NoteWalkKey[]) =>
  [...notes]
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id))
    .map((n) => n.id);

// On SQLite whatever the suite's engine: the file is named here, so the PostgreSQL suite runs it too.

it("walks a user's notes in order through the index, every step without a sort", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jotter-walk-'));
  const file = path.join(dir, 'j.db');
  const t = await createTestApp({ databaseUrl: `file:${file}` });
  // Every place is walked: the archive and the trash too.
  const { userId, added } = await notesInEveryPlace(t, 7);
  await t.close();

  const sqlite = new SQLite(file);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  try {
    const plan = (after: Parameters<typeof walkQuery>[2]) => {
      const { sql, parameters } = walkQuery(db, userId, after, 3).compile();
      const rows = sqlite.prepare(`explain query plan ${sql}`).all(...parameters) as {
        detail: string;
      }[];
      return rows.map((r) => r.detail).join('\n');
    };
    const first = plan(undefined);
    const next = plan({ createdAt: '2026-01-01T00:00:00.000Z', id: 'x' });
    expect(first).toBe('SEARCH notes USING INDEX notes_by_owner_date (user_id=?)');
    // A later step starts where the last one ended, rather than reading past what came before.
    expect(next).toBe(
      'SEARCH notes USING INDEX notes_by_owner_date (user_id=? AND (created_at,id)>(?,?))',
    );

    // Steps of 3 bring back each of the user's notes once, oldest first, ties by id.
    const walked = await walkInSteps(async (after) =>
      (await walkQuery(db, userId, after, 3).execute()).map((r) => ({
        id: r.id,
        createdAt: r.created_at,
      })),
    );
    expect(walked).toEqual(oldestFirst(added));
  } finally {
    await db.destroy();
  }
});

// On the suite's engine: SQLite, or PostgreSQL with TEST_DATABASE_URL.
it('walks every note once, a step at a time, whatever the place', async () => {
  const t = await createTestApp();
  try {
    const { userId, added } = await notesInEveryPlace(t, 8);
    const walked = await walkInSteps((after) => t.store.notes.walk(userId, after, 3));
    expect(walked).toEqual(oldestFirst(added));
  } finally {
    await t.close();
  }
});
