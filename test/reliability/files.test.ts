import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';

import SQLite from 'better-sqlite3';

import { keepNote, zipOf } from '../../server/src/test-support/zip-fixtures';
import { call, signupOver } from '../support/client';
import { report } from '../support/report';
import { startServer, type ServerProcess } from '../support/server-process';

/**
 * Issue 14's reliability: a backup (`npm run backup`) taken while clients keep writing is a
 * sound database holding every note acknowledged before it began; a SIGKILL in the middle of an
 * import leaves all of that import or none of it, and importing the file again then completes it
 * exactly once.
 */
const root = path.resolve(__dirname, '../..');

let dir: string;
let server: ServerProcess | undefined;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jotter-files-rel-'));
});
afterEach(async () => {
  if (server) {
    server.kill('SIGKILL');
    await server.exited;
    server = undefined;
  }
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Runs `npm run backup`'s script to `target`; resolves with its exit code and output. */
function runBackup(
  databaseUrl: string,
  target: string,
): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/backup.ts', target], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: databaseUrl },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    child.once('exit', (code) => resolve({ code, out }));
  });
}

it('a backup taken under concurrent writes opens, passes integrity_check and holds every note acknowledged before it began', async () => {
  const file = path.join(dir, 'jotter.db');
  const databaseUrl = `file:${file}`;
  server = await startServer({ databaseUrl, dataDir: dir });
  const base = server.url;
  const users = await Promise.all([0, 1].map((i) => signupOver(base, `backup${i}@example.com`)));

  const acknowledged: string[] = [];
  let stop = false;
  let failures = 0;
  const writer = async (token: string, name: string) => {
    // Bounded: at most 3,000 writes per writer, and it stops once the backup has finished.
    for (let n = 0; n < 3000 && !stop; n += 1) {
      const res = await call(base, 'POST', '/api/notes', {
        token,
        body: { note: { title: `${name}-${n}`, content: `<p>${name} ${n}</p>` } },
      });
      if (res.status !== 201) {
        failures += 1;
        continue;
      }
      const notes = res.body.notes as Array<{ _id: string; title: string }>;
      const added = notes.find((note) => note.title === `${name}-${n}`);
      if (added) acknowledged.push(added._id);
    }
  };
  const writers = users.flatMap((u, i) => [writer(u.token, `w${i}a`), writer(u.token, `w${i}b`)]);

  // Begin once writes are flowing; what was acknowledged by then must be in the copy.
  const deadline = Date.now() + 60_000;
  while (acknowledged.length < 200) {
    if (Date.now() > deadline) throw new Error(`only ${acknowledged.length} writes in 60 s`);
    await new Promise((resolve) => setImmediate(resolve));
    await Promise.race([...writers, new Promise((resolve) => setTimeout(resolve, 20))]);
  }
  const before = [...acknowledged];
  const target = path.join(dir, 'backup.db');
  const backup = await runBackup(databaseUrl, target);
  const duringBackup = acknowledged.length - before.length;
  stop = true;
  await Promise.all(writers);

  expect(backup.out).toMatch(/integrity ok/);
  expect(backup.code).toBe(0);
  expect(failures).toBe(0);
  expect(duringBackup).toBeGreaterThan(0);
  const copy = new SQLite(target, { readonly: true });
  try {
    expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
    const ids = new Set(
      (copy.prepare('select id from notes').all() as Array<{ id: string }>).map((r) => r.id),
    );
    const missing = before.filter((id) => !ids.has(id));
    expect(missing).toEqual([]);
    report(
      'backup under load',
      `${before.length} notes acknowledged before the backup, all in the copy (${ids.size} notes); ${duringBackup} more acknowledged while it ran; integrity ok`,
    );
  } finally {
    copy.close();
  }
});

/**
 * A Takeout of `count` notes of about 2 kB: the import's transaction then dirties more pages than
 * SQLite's 2 MB page cache holds, so it spills them into the WAL before it commits, and a growing
 * WAL shows the transaction at work (a kill then must leave none of it).
 */
function bigTakeout(count: number): Promise<Buffer> {
  return zipOf(
    Array.from({ length: count }, (_, i) => ({
      name: `Takeout/Keep/note ${i}.json`,
      data: keepNote({
        title: `Imported ${i}`,
        textContent: `line one of ${i}\n${'some words to make the note a realistic size '.repeat(40)}`,
        labels: [{ name: `label${i % 20}` }],
        userEditedTimestampUsec: 1_600_000_000_000_000 + i * 1_000_000,
      }),
    })),
  );
}

/** Sends an import; `sent` resolves once the whole body is on the wire. */
function postImport(base: string, token: string, body: Buffer) {
  let onSent!: () => void;
  const sent = new Promise<void>((resolve) => (onSent = resolve));
  const answer = new Promise<number>((resolve) => {
    const req = http.request(
      `${base}/api/import`,
      {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/zip',
          'content-length': body.length,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', () => resolve(0));
    req.end(body, onSent);
  });
  return { sent, answer };
}

const countNotes = (file: string, userId: string) => {
  const db = new SQLite(file, { readonly: true });
  try {
    const one = (sql: string) => (db.prepare(sql).get(userId) as { n: number }).n;
    return {
      notes: one('select count(*) as n from notes where user_id = ?'),
      keys: one('select count(*) as n from note_imports where user_id = ?'),
      events: one('select count(*) as n from note_events where user_id = ?'),
    };
  } finally {
    db.close();
  }
};

it('a SIGKILL mid-import leaves all of the import or none, and importing again completes it once', async () => {
  const file = path.join(dir, 'jotter.db');
  const databaseUrl = `file:${file}`;
  const count = 5000;
  const takeout = await bigTakeout(count);
  const outcomes: string[] = [];
  // Two kill points: as soon as the whole file is on the wire (the server is reading it), and
  // as soon as the database's write-ahead log grows (the import's transaction is writing).
  for (const killAt of ['body sent', 'transaction writing'] as const) {
    server = await startServer({ databaseUrl, dataDir: dir });
    const user = await signupOver(server.url, `kill-${killAt.replace(' ', '-')}@example.com`);
    const wal = `${file}-wal`;
    const walBefore = fs.existsSync(wal) ? fs.statSync(wal).size : 0;
    const { sent, answer } = postImport(server.url, user.token, takeout);
    let answered: number | undefined;
    void answer.then((status) => (answered = status));
    await sent;
    if (killAt === 'transaction writing') {
      const deadline = Date.now() + 60_000;
      while (answered === undefined && Date.now() < deadline) {
        const size = fs.existsSync(wal) ? fs.statSync(wal).size : 0;
        if (size > walBefore + 64 * 1024) break;
        await new Promise((resolve) => setImmediate(resolve));
      }
    }
    server.kill('SIGKILL');
    await server.exited;
    server = undefined;

    const after = countNotes(file, user.id);
    expect([0, count]).toContain(after.notes);
    expect(after.keys).toBe(after.notes);
    expect(after.events).toBe(after.notes);
    outcomes.push(
      `${killAt}: ${after.notes === 0 ? 'none' : 'all'} (answered: ${answered ?? 'no'})`,
    );

    server = await startServer({ databaseUrl, dataDir: dir });
    const again = await call(server.url, 'GET', '/healthz');
    expect(again.status).toBe(200);
    const retry = postImport(server.url, user.token, takeout);
    expect(await retry.answer).toBe(200);
    const final = countNotes(file, user.id);
    expect(final).toEqual({ notes: count, keys: count, events: count });
    server.kill('SIGKILL');
    await server.exited;
    server = undefined;
  }
  report(
    'SIGKILL mid-import',
    `${count}-note Takeout; ${outcomes.join('; ')}; re-import completed each exactly once`,
  );
});
