import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import SQLite from 'better-sqlite3';

import { testDatabase } from '../../server/src/test-support/database';
import { call, gql, signupOver } from '../support/client';
import { FeedFollower } from '../support/feed';
import { report } from '../support/report';
import { startServer, until, type ServerProcess } from '../support/server-process';

/**
 * Crash safety: the real server on a database, several clients streaming note writes, SIGKILL
 * mid-stream, restart. Every write the server acknowledged must be there, intact; every note
 * there must be one a client sent (acknowledged, or in flight at the kill) with exactly the
 * content it was sent with. Five rounds, cumulative. The feed too: a subscriber follows each
 * user's changes live during the stream, is cut by the kill, resumes from its cursor after the
 * restart, and ends with every cursor once; each note has exactly one event per change it went
 * through (its version), so no acknowledged write lost its event.
 */
const rounds = 5;
const clientsPerUser = 3;
const users = 2;

/** The content a note with this title was sent with: a half-written note cannot match it. */
const contentFor = (title: string) =>
  `<p>${title}</p><p>${'crash-safe '.repeat(40).trim()}</p><ul><li>${title.split('').reverse().join('')}</li></ul>`;

interface Expected {
  /** The last acknowledged title; `pending` holds a later one that may or may not have landed. */
  title: string;
  pending?: string;
}

interface Ledger {
  token: string;
  follower: FeedFollower;
  notes: Map<string, Expected>;
  /** Titles of adds in flight at the kill: they may exist or not. */
  inFlightAdds: Set<string>;
}

const addNote = `mutation($input: NoteInput!) { addNote(input: $input) { id title content } }`;
const updateNote = `mutation($id: ID!, $input: NoteInput!) { updateNote(id: $id, input: $input) { id title } }`;

/** One client: sequential writes (adds, and edits of its own notes) until the server dies. */
async function stream(base: string, ledger: Ledger, name: string, counts: { acked: number }) {
  const mine: string[] = [];
  for (let n = 0; ; n += 1) {
    const editing = mine.length > 0 && n % 3 === 2;
    if (editing) {
      const id = mine[n % mine.length]!;
      const title = `${name}-edit-${n}`;
      const expected = ledger.notes.get(id)!;
      expected.pending = title;
      const res = await gql(
        base,
        updateNote,
        { id, input: { title, content: contentFor(title) } },
        ledger.token,
      );
      if (res.status === 0) return;
      if (res.body?.data?.updateNote?.title !== title)
        throw new Error(`edit not acknowledged: ${JSON.stringify(res.body)}`);
      ledger.notes.set(id, { title });
      counts.acked += 1;
    } else {
      const title = `${name}-add-${n}`;
      ledger.inFlightAdds.add(title);
      const res = await gql(
        base,
        addNote,
        { input: { title, content: contentFor(title), tags: [name] } },
        ledger.token,
      );
      if (res.status === 0) return;
      const note = res.body?.data?.addNote;
      if (!note || note.title !== title)
        throw new Error(`add not acknowledged: ${JSON.stringify(res.body)}`);
      ledger.inFlightAdds.delete(title);
      ledger.notes.set(note.id, { title });
      mine.push(note.id);
      counts.acked += 1;
    }
  }
}

/** Reads every note back and checks it against the ledger; returns how many were checked. */
async function verify(
  base: string,
  ledgers: Ledger[],
): Promise<{ checked: number; inFlightLanded: number; events: number }> {
  let checked = 0;
  let inFlightLanded = 0;
  let events = 0;
  for (const ledger of ledgers) {
    const res = await call(base, 'GET', '/api/notes', { token: ledger.token });
    expect(res.status).toBe(200);
    // The feed, caught up from where the live subscriber was cut: one event per change.
    const last = await gql(base, '{ noteEventsCursor }', {}, ledger.token);
    await ledger.follower.catchUp(
      FeedFollower.wsUrl(base),
      Number(last.body.data.noteEventsCursor),
    );
    expect(ledger.follower.problems).toEqual([]);
    const eventsOf = new Map<string, number>();
    for (const id of ledger.follower.noteIdBySeq) eventsOf.set(id, (eventsOf.get(id) ?? 0) + 1);
    for (const note of res.body.notes)
      expect({ id: note._id, events: eventsOf.get(note._id) }).toEqual({
        id: note._id,
        events: note.version,
      });
    expect(eventsOf.size).toBe(res.body.notes.length);
    events = Math.max(events, ledger.follower.cursor);
    const stored = new Map<string, { title: string; content: string }>();
    for (const note of res.body.notes) stored.set(note._id, note);
    for (const note of stored.values()) expect(note.content).toBe(contentFor(note.title));
    for (const [id, expected] of ledger.notes) {
      const note = stored.get(id);
      if (!note) throw new Error(`acknowledged note ${id} (${expected.title}) is missing`);
      const allowed = [expected.title, expected.pending].filter(Boolean);
      expect(allowed).toContain(note.title);
      if (note.title !== expected.title) inFlightLanded += 1;
      ledger.notes.set(id, { title: note.title });
      checked += 1;
    }
    for (const [id, note] of stored) {
      if (ledger.notes.has(id)) continue;
      // Not acknowledged: it must be an add that was in flight when the server died.
      expect(ledger.inFlightAdds.has(note.title)).toBe(true);
      ledger.notes.set(id, { title: note.title });
      inFlightLanded += 1;
    }
    ledger.inFlightAdds.clear();
  }
  return { checked, inFlightLanded, events };
}

async function crashRounds(
  label: string,
  databaseUrl: string,
  dataDir: string,
  sqliteFile?: string,
) {
  let server: ServerProcess = await startServer({ databaseUrl, dataDir });
  const ledgers: Ledger[] = [];
  for (let u = 0; u < users; u += 1) {
    const { token } = await signupOver(server.url, `crash-${u}-${Date.now()}@example.com`);
    ledgers.push({
      token,
      follower: new FeedFollower(token),
      notes: new Map(),
      inFlightAdds: new Set(),
    });
  }
  let totalAcked = 0;
  let totalLanded = 0;
  try {
    for (let round = 1; round <= rounds; round += 1) {
      const counts = { acked: 0 };
      // Live subscribers, following until the kill cuts them.
      const wsUrl = FeedFollower.wsUrl(server.url);
      const following = ledgers.map((ledger) => ledger.follower.follow(wsUrl, () => false));
      const clients = ledgers.flatMap((ledger, u) =>
        Array.from({ length: clientsPerUser }, (_, c) =>
          stream(server.url, ledger, `r${round}u${u}c${c}`, counts),
        ),
      );
      // The kill lands mid-stream, at a different point each round: once a random number of
      // writes of this round have been acknowledged (and more are in flight).
      const killAfter = 20 + Math.floor(Math.random() * 60);
      await until(
        () => counts.acked >= killAfter,
        60_000,
        `${killAfter} acknowledged writes in round ${round}`,
      );
      server.kill('SIGKILL');
      const exit = await server.exited;
      expect(exit.signal).toBe('SIGKILL');
      await Promise.all(clients);
      expect(await Promise.all(following)).toEqual(ledgers.map(() => 'closed'));
      const heardLive = ledgers.map((l) => l.follower.cursor);
      server = await startServer({ databaseUrl, dataDir });
      const { checked, inFlightLanded, events } = await verify(server.url, ledgers);
      totalAcked += counts.acked;
      totalLanded += inFlightLanded;
      report(
        `crash safety, ${label}`,
        `round ${round}: ${counts.acked} writes acknowledged before SIGKILL, ${checked} acknowledged notes checked after restart, all present and intact; ${inFlightLanded} in-flight writes landed whole; feed: subscribers heard up to cursors ${heardLive.join(' and ')} live, resumed after the restart, and hold every event once (up to ${events}), one per change of every note`,
      );
    }
  } finally {
    server.kill('SIGTERM');
    await server.exited;
  }
  if (sqliteFile) {
    const db = new SQLite(sqliteFile);
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    db.close();
  }
  report(
    `crash safety, ${label}`,
    `${rounds} SIGKILL rounds, ${totalAcked} acknowledged writes: none lost, none half-written (${totalLanded} in-flight writes landed whole)${sqliteFile ? ', PRAGMA integrity_check ok' : ''}`,
  );
  expect(totalAcked).toBeGreaterThan(0);
}

it('SQLite file: no acknowledged write is lost across 5 SIGKILLs', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jotter-crash-'));
  try {
    const file = path.join(dir, 'jotter.db');
    await crashRounds('SQLite', `file:${file}`, dir, file);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

const onPostgres = process.env.TEST_DATABASE_URL ? it : it.skip;
onPostgres('PostgreSQL: no acknowledged write is lost across 5 SIGKILLs', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jotter-crash-pg-'));
  const database = await testDatabase();
  try {
    await crashRounds('PostgreSQL', database.url, dir);
  } finally {
    await database.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
