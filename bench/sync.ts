/**
 * Live sync: how long from a write to its event arriving, with 1,000 open subscriptions (100
 * users × 10 sockets each), beside a bare `ws` server broadcasting the same payloads to the same
 * 1,000 sockets; and the memory each idle subscribed socket costs the server, beside the bare
 * server's. Run by run.ts, or alone: `node --import tsx bench/sync.ts [seconds]` (after a build).
 */
import fs from 'node:fs';
import path from 'node:path';

import WebSocket from 'ws';

import { freePort, root, startJotter, startProcess, type RunningServer } from './lib/server';
import { seedSqlite, type SeededUser } from './lib/seed';
import { quantile, type Figure } from './lib/stats';
import { tokenFor } from './lib/tokens';

export const userCount = 100;
const socketsPerUser = 10;
/** Writes per second, spread over the users in turn: an open loop, so a slow server queues. */
const writesPerSecond = 50;
const titlePattern = /bench-(\d+)-/;

export interface Fleet {
  sockets: WebSocket[];
  /** Called with each message's text as it arrives. */
  onMessage: (text: string) => void;
}

/** Opens `count` sockets, `parallel` at a time. */
async function openInBatches(
  count: number,
  open: (i: number) => Promise<WebSocket>,
): Promise<WebSocket[]> {
  const sockets: WebSocket[] = [];
  const parallel = 50;
  for (let i = 0; i < count; i += parallel) {
    sockets.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(parallel, count - i) }, (_, j) => open(i + j)),
      )),
    );
  }
  return sockets;
}

/** 10 graphql-ws sockets per user, each signed in and subscribed to noteEvents. */
export async function jotterFleet(
  server: RunningServer,
  users: SeededUser[],
  tokens: string[],
): Promise<Fleet> {
  const wsUrl = `${server.url.replace(/^http/, 'ws')}/graphql`;
  const fleet: Fleet = { sockets: [], onMessage: () => undefined };
  fleet.sockets = await openInBatches(users.length * socketsPerUser, (i) => {
    const token = tokens[i % users.length]!;
    const ws = new WebSocket(wsUrl, 'graphql-transport-ws');
    return new Promise((resolve, reject) => {
      ws.once('error', reject);
      ws.once('open', () =>
        ws.send(
          JSON.stringify({
            type: 'connection_init',
            payload: { authorization: `Bearer ${token}` },
          }),
        ),
      );
      ws.on('message', (data: WebSocket.RawData) => {
        const text = (data as Buffer).toString('utf8');
        if (text.startsWith('{"type":"connection_ack"')) {
          ws.send(
            JSON.stringify({
              id: '1',
              type: 'subscribe',
              payload: {
                query:
                  'subscription($since: String) { noteEvents(since: $since) { cursor kind noteId note { id title content textContent color priority tags location createdAt updatedAt version } } }',
                variables: { since: '0' },
              },
            }),
          );
          resolve(ws);
          return;
        }
        fleet.onMessage(text);
      });
      ws.once('close', (code) => reject(new Error(`Jotter closed a bench socket: ${code}`)));
    });
  });
  return fleet;
}

/** 10 plain sockets per user on the bare server. */
async function bareFleet(server: RunningServer, users: SeededUser[]): Promise<Fleet> {
  const wsUrl = server.url.replace(/^http/, 'ws');
  const fleet: Fleet = { sockets: [], onMessage: () => undefined };
  fleet.sockets = await openInBatches(users.length * socketsPerUser, (i) => {
    const ws = new WebSocket(`${wsUrl}/?user=${users[i % users.length]!.id}`);
    return new Promise((resolve, reject) => {
      ws.once('error', reject);
      ws.once('open', () => resolve(ws));
      ws.on('message', (data: WebSocket.RawData) =>
        fleet.onMessage((data as Buffer).toString('utf8')),
      );
    });
  });
  return fleet;
}

/**
 * Sends `count` writes at `writesPerSecond` (write n for user n mod 100), and times each one's
 * arrival at each of that user's 10 sockets, from just before the write was sent.
 */
export async function drive(
  fleet: Fleet,
  count: number,
  first: number,
  write: (n: number) => Promise<void>,
): Promise<{ latencies: number[]; writes: number[]; missing: number; errors: number }> {
  const sentAt = new Map<number, number>();
  const latencies: number[] = [];
  const expected = count * socketsPerUser;
  let allIn: () => void = () => undefined;
  const done = new Promise<void>((resolve) => (allIn = resolve));
  fleet.onMessage = (text) => {
    const match = titlePattern.exec(text);
    const sent = match ? sentAt.get(Number(match[1])) : undefined;
    if (sent === undefined) return;
    latencies.push(performance.now() - sent);
    if (latencies.length === expected) allIn();
  };
  let errors = 0;
  const answered: number[] = [];
  const t0 = performance.now();
  const writes: Array<Promise<void>> = [];
  for (let i = 0; i < count; i += 1) {
    const due = t0 + (i * 1000) / writesPerSecond;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const n = first + i;
    const sent = performance.now();
    sentAt.set(n, sent);
    writes.push(
      write(n).then(
        () => void answered.push(performance.now() - sent),
        () => void (errors += 1),
      ),
    );
  }
  await Promise.all(writes);
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([done, new Promise((resolve) => (timer = setTimeout(resolve, 15_000)))]);
  clearTimeout(timer);
  fleet.onMessage = () => undefined;
  return { latencies, writes: answered, missing: expected - latencies.length, errors };
}

const kb = (server: RunningServer) => server.rssMb() * 1024;

/** Each user's first note, to edit; the lookups also warm the server up. */
export async function firstNotes(server: RunningServer, tokens: string[]): Promise<string[]> {
  const noteIds: string[] = [];
  for (const [i, token] of tokens.entries()) {
    const res = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ query: '{ notes(first: 1) { nodes { id } } }' }),
    });
    const body = (await res.json()) as { data: { notes: { nodes: Array<{ id: string }> } } };
    noteIds[i] = body.data.notes.nodes[0]!.id;
  }
  return noteIds;
}

/** Write n: user n mod 100 gives their note the title `bench-<n>-…` through GraphQL. */
export function jotterWriter(
  server: RunningServer,
  tokens: string[],
  noteIds: string[],
): (n: number) => Promise<void> {
  return (n) => {
    const u = n % tokens.length;
    return fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[u]!}` },
      body: JSON.stringify({
        query:
          'mutation($id: ID!, $t: String!) { updateNote(id: $id, input: { title: $t }) { id } }',
        variables: { id: noteIds[u], t: `bench-${n}-${'x'.repeat(20)}` },
      }),
    }).then(async (res) => {
      const body = (await res.json()) as { errors?: unknown };
      if (!res.ok || body.errors) throw new Error(JSON.stringify(body));
    });
  };
}

/** The live-sync figures; `seconds` is the load time per server (half before, half after the other). */
export async function syncFigures(seconds: number): Promise<Figure[]> {
  fs.mkdirSync(path.join(root, 'bench/.cache'), { recursive: true });
  const dir = fs.mkdtempSync(path.join(root, 'bench/.cache/sync-'));
  const closers: Array<() => Promise<void>> = [];
  try {
    const file = path.join(dir, 'sync.db');
    const { users } = await seedSqlite(file, { users: Array<number>(userCount).fill(3), seed: 12 });
    const tokens = users.map(tokenFor);
    const jotter = await startJotter(`file:${file}`);
    closers.push(() => jotter.stop());
    const bare = await startProcess(
      ['--import', 'tsx', path.join(root, 'bench/baseline-ws-server.ts')],
      {},
      await freePort(),
    );
    closers.push(() => bare.stop());

    // One note per user to edit; the lookups also warm Jotter up before its memory is read.
    const noteIds = await firstNotes(jotter, tokens);

    const settle = () => new Promise((resolve) => setTimeout(resolve, 1500));
    await settle();
    const jotterBefore = kb(jotter);
    const ours = await jotterFleet(jotter, users, tokens);
    closers.push(() => Promise.resolve(ours.sockets.forEach((s) => s.terminate())));
    await settle();
    const jotterPerSocket = (kb(jotter) - jotterBefore) / ours.sockets.length;
    const bareBefore = kb(bare);
    const theirs = await bareFleet(bare, users);
    closers.push(() => Promise.resolve(theirs.sockets.forEach((s) => s.terminate())));
    await settle();
    const barePerSocket = (kb(bare) - bareBefore) / theirs.sockets.length;

    // The message Jotter sends for an edit, captured once: the bare server sends the same text.
    let template = '';
    const captured = new Promise<void>((resolve) => {
      ours.onMessage = (text) => {
        if (!template && text.includes('"bench-0-')) {
          template = text;
          resolve();
        }
      };
    });
    const jotterWrite = jotterWriter(jotter, tokens, noteIds);
    await jotterWrite(0);
    await captured;
    const bareWrite = (n: number) =>
      fetch(`${bare.url}/publish`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          user: users[n % users.length]!.id,
          payload: template.replace(/bench-0-/g, `bench-${n}-`),
        }),
      }).then(async (res) => {
        await res.text();
        if (!res.ok) throw new Error(String(res.status));
      });

    // Warm-up, then baseline, Jotter, Jotter, baseline (half the time each), as the API loads.
    const perHalf = Math.max(20, Math.round((writesPerSecond * seconds) / 2));
    let n = 1;
    const run = async (fleet: Fleet, write: (n: number) => Promise<void>, count: number) => {
      const result = await drive(fleet, count, n, write);
      n += count;
      return result;
    };
    await run(theirs, bareWrite, 50);
    await run(ours, jotterWrite, 50);
    const b1 = await run(theirs, bareWrite, perHalf);
    const j1 = await run(ours, jotterWrite, perHalf);
    const j2 = await run(ours, jotterWrite, perHalf);
    const b2 = await run(theirs, bareWrite, perHalf);
    const jot = [...j1.latencies, ...j2.latencies];
    const answers = [...j1.writes, ...j2.writes];
    console.log(
      `  sync: Jotter's write answered in p50 ${quantile(answers, 0.5).toFixed(1)} ms, p95 ${quantile(answers, 0.95).toFixed(1)} ms; the bare server's in p50 ${quantile([...b1.writes, ...b2.writes], 0.5).toFixed(1)} ms`,
    );
    const base = [...b1.latencies, ...b2.latencies];
    const lost = j1.missing + j2.missing + j1.errors + j2.errors;
    const baseLost = b1.missing + b2.missing + b1.errors + b2.errors;
    if (lost || baseLost)
      console.error(`  ! sync: ${lost} Jotter deliveries or writes lost, ${baseLost} baseline`);

    const label = `write → event delivered, ${userCount * socketsPerUser} subscriptions (${userCount} users × ${socketsPerUser}), ${writesPerSecond} writes/s`;
    const p50 = quantile(jot, 0.5);
    const p95 = quantile(jot, 0.95);
    const baseP50 = quantile(base, 0.5);
    const baseP95 = quantile(base, 0.95);
    return [
      {
        section: 'sync',
        figure: `${label} p50 [${jot.length} deliveries${lost ? `, ${lost} LOST` : ''}]`,
        value: p50,
        unit: 'ms',
        baseline: baseP50,
        ratio: p50 > 0 ? baseP50 / p50 : null,
        target: '—',
        holds: null,
      },
      {
        section: 'sync',
        figure: `${label} p95`,
        value: p95,
        unit: 'ms',
        baseline: baseP95,
        ratio: p95 > 0 ? baseP95 / p95 : null,
        target: 'p95 ≤ 100 ms and ≤ 3× baseline',
        holds: lost === 0 && p95 <= 100 && p95 <= 3 * baseP95,
      },
      {
        section: 'sync',
        figure: 'server memory per idle subscribed socket (resident, 1,000 sockets)',
        value: jotterPerSocket,
        unit: 'kB',
        baseline: barePerSocket,
        ratio: jotterPerSocket > 0 ? barePerSocket / jotterPerSocket : null,
        target: '≤ 50 kB',
        holds: jotterPerSocket <= 50,
      },
    ];
  } finally {
    for (const close of closers.reverse()) await close().catch(() => undefined);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (require.main === module) {
  syncFigures(Number(process.argv[2] ?? 10)).then(
    (figures) =>
      console.table(
        figures.map((f) => ({
          figure: f.figure,
          value: f.value.toFixed(1),
          baseline: f.baseline?.toFixed(1),
          unit: f.unit,
          holds: f.holds,
        })),
      ),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
