import fs from 'node:fs';
import path from 'node:path';

import SQLite from 'better-sqlite3';

import { call, gql, signupOver } from '../support/client';
import { report } from '../support/report';
import { sleep, startServer, type ServerProcess } from '../support/server-process';
import { fillDisk, mountTmpfs, type Tmpfs } from '../support/tmpfs';

/**
 * Database trouble on a real server with its SQLite file on a tiny tmpfs: the disk fills up, or
 * the data folder is read-only. Either way: 503 with a clear message, /healthz failing, the
 * process alive, the file intact (PRAGMA integrity_check), and full service once the cause is gone.
 */
let fsys: Tmpfs | null;
let server: ServerProcess | undefined;
const unavailable = /database is unavailable/i;

beforeAll(() => {
  fsys = mountTmpfs(24 * 1024 * 1024);
  if (!fsys)
    report(
      'database trouble',
      'SKIPPED: this machine cannot mount a tmpfs (needs root with CAP_SYS_ADMIN)',
    );
});
afterAll(async () => {
  server?.kill('SIGTERM');
  await server?.exited;
  fsys?.unmount();
});

const maybe = (name: string, fn: () => Promise<void>) =>
  it(name, async () => (fsys ? fn() : undefined));
const databaseUrl = () => `file:${path.join(fsys!.dir, 'jotter.db')}`;

async function waitForHealth(status: number, seconds = 10): Promise<number> {
  const started = Date.now();
  for (;;) {
    const res = await call(server!.url, 'GET', '/healthz');
    if (res.status === status) return (Date.now() - started) / 1000;
    if (Date.now() - started > seconds * 1000)
      throw new Error(`/healthz stayed ${res.status}: ${JSON.stringify(res.body)}`);
    await sleep(20);
  }
}

/** Writes through both APIs fail with 503 / SERVICE_UNAVAILABLE and a clear message. */
async function expectWritesRefused(token: string, content: string) {
  const rest = await call(server!.url, 'POST', '/api/notes', {
    token,
    body: { note: { title: 'refused', content } },
  });
  expect(rest.status).toBe(503);
  expect(rest.body.errors[0]).toMatch(unavailable);
  const graph = await gql(
    server!.url,
    `mutation($c: String!) { addNote(input: { title: "refused", content: $c }) { id } }`,
    { c: content },
    token,
  );
  expect(graph.body.errors[0].extensions.code).toBe('SERVICE_UNAVAILABLE');
  expect(graph.body.errors[0].message).toMatch(unavailable);
  const health = await call(server!.url, 'GET', '/healthz');
  expect(health.status).toBe(503);
  expect(health.body.errors[0]).toMatch(/database|disk/i);
  expect(server!.child.exitCode).toBeNull();
}

function integrity(): string {
  const db = new SQLite(path.join(fsys!.dir, 'jotter.db'), { readonly: true });
  try {
    return db.pragma('integrity_check', { simple: true }) as string;
  } finally {
    db.close();
  }
}

let token = '';
const titles: string[] = [];

maybe('disk full: 503 and /healthz failing, no crash, recovery once space is freed', async () => {
  server = await startServer({ databaseUrl: databaseUrl(), dataDir: fsys!.dir });
  ({ token } = await signupOver(server.url, 'trouble@example.com'));
  for (let i = 0; i < 5; i += 1) {
    const title = `before-full-${i}`;
    expect(
      (await call(server.url, 'POST', '/api/notes', { token, body: { note: { title } } })).status,
    ).toBe(201);
    titles.push(title);
  }
  const filler = path.join(fsys!.dir, 'filler');
  const filled = fillDisk(filler);
  const big = `<p>${'y'.repeat(300_000)}</p>`;
  let refused = 0;
  for (let i = 0; i < 3; i += 1) {
    await expectWritesRefused(token, big);
    refused += 2;
  }
  const read = await call(server.url, 'GET', '/api/notes', { token });
  expect([200, 503]).toContain(read.status);

  fs.rmSync(filler);
  const recovered = await waitForHealth(200);
  const after = await call(server.url, 'POST', '/api/notes', {
    token,
    body: { note: { title: 'after-full', content: big } },
  });
  expect(after.status).toBe(201);
  titles.push('after-full');
  const notes = await call(server.url, 'GET', '/api/notes', { token });
  expect(notes.body.notes.map((n: { title: string }) => n.title)).toEqual(titles);
  expect(notes.body.notes.some((n: { title: string }) => n.title === 'refused')).toBe(false);
  expect(integrity()).toBe('ok');
  report(
    'database trouble, disk full',
    `filled the tmpfs (${(filled / 1048576).toFixed(1)} MB): ${refused} writes answered 503/SERVICE_UNAVAILABLE with a clear message, /healthz 503, process alive; healthy again ${recovered.toFixed(1)} s after freeing space; ${titles.length} notes intact, integrity_check ok`,
  );
});

maybe(
  'read-only data folder: 503 and /healthz failing, no crash, recovery once writable',
  async () => {
    server?.kill('SIGTERM');
    await server?.exited;
    fsys!.readOnly(true);
    server = await startServer({
      databaseUrl: databaseUrl(),
      dataDir: fsys!.dir,
      waitFor: 'listening',
    });
    await expectWritesRefused(token, '<p>read-only</p>');
    const me = await call(server.url, 'GET', '/api/notes', { token });
    expect(me.status).toBe(503);
    expect(me.body.errors[0]).toMatch(unavailable);
    // Still alive after refusing them: it answers the next request (its health, still failing).
    expect((await call(server.url, 'GET', '/healthz')).status).toBe(503);
    expect(server.child.exitCode).toBeNull();

    fsys!.readOnly(false);
    const recovered = await waitForHealth(200);
    const after = await call(server.url, 'POST', '/api/notes', {
      token,
      body: { note: { title: 'after-read-only' } },
    });
    expect(after.status).toBe(201);
    titles.push('after-read-only');
    const notes = await call(server.url, 'GET', '/api/notes', { token });
    expect(notes.body.notes.map((n: { title: string }) => n.title)).toEqual(titles);
    server.kill('SIGTERM');
    expect(await server.exited).toEqual({ code: 0, signal: null });
    server = undefined;
    expect(integrity()).toBe('ok');
    report(
      'database trouble, read-only folder',
      `started on a read-only mount: reads and writes answered 503 with a clear message, /healthz 503, process alive; healthy ${recovered.toFixed(1)} s after remounting read-write; ${titles.length} notes intact, integrity_check ok`,
    );
  },
);
