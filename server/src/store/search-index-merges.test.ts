import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import SQLite from 'better-sqlite3';

import { createTestApp } from '../test-support/app';

/**
 * SQLite's search index from migration 0008: FTS5 no longer merges its segments inside the write
 * that fills a level; the store merges them after each commit, so the index does not pile up.
 */
// On SQLite whatever the suite's engine: the file is named here, so the PostgreSQL suite runs it too.

/** Runs FTS5's 'merge' command and says whether it found segments to merge (FTS5's own test). */
function mergeFindsWork(sqlite: SQLite.Database): boolean {
  const changes = sqlite.prepare('select total_changes()').pluck();
  const before = changes.get() as number;
  sqlite.prepare(`insert into notes_search (notes_search, rank) values ('merge', 50)`).run();
  return (changes.get() as number) - before >= 2;
}

it('merges the index after writes, leaving nothing to merge, and search finds every edit', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jotter-fts-'));
  const file = path.join(dir, 'j.db');
  const t = await createTestApp({ databaseUrl: `file:${file}` });
  const { id: userId } = await t.signup();
  const notes = [];
  for (let i = 0; i < 5; i += 1)
    notes.push(await t.services.notes.add(userId, { title: `note ${i}` }));
  for (let i = 0; i < 40; i += 1) {
    await t.services.notes.update(userId, notes[i % 5]!.id, { title: `edit ${i} of ${i % 5}` });
  }
  // Closing waits for the merges the writes started.
  await t.close();

  const sqlite = new SQLite(file);
  try {
    const automerge = sqlite
      .prepare(`select v from notes_search_config where k = 'automerge'`)
      .pluck()
      .get();
    expect(automerge).toBe(0);
    expect(mergeFindsWork(sqlite)).toBe(false);
    const found = sqlite
      .prepare(
        `select notes.title from notes where rowid in
           (select rowid >> 1 from notes_search where notes_search match ?)
         order by notes.title`,
      )
      .pluck();
    expect(found.all('edi')).toEqual([
      'edit 35 of 0',
      'edit 36 of 1',
      'edit 37 of 2',
      'edit 38 of 3',
      'edit 39 of 4',
    ]);
    expect(found.all('not')).toEqual([]);
    sqlite.prepare(`insert into notes_search (notes_search) values ('integrity-check')`).run();

    // The control: the same writes made behind the store's back leave segments to merge.
    for (let i = 0; i < 8; i += 1) {
      sqlite
        .prepare(`update notes set title = ?, search_title = ? where id = ?`)
        .run(`Raw ${i}`, `raw ${i}`, notes[i % 5]!.id);
    }
    expect(mergeFindsWork(sqlite)).toBe(true);
  } finally {
    sqlite.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
