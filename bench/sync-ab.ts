/**
 * A same-run A/B of two server builds under the live-sync load: `node --import tsx
 * bench/sync-ab.ts <server bundle A> <server bundle B> [rounds] [writes per half]` starts both
 * (each on its own copy of one seeded SQLite file, 1,000 subscribed sockets each, as
 * bench/sync.ts) and drives them in the order A, B, B, A, `rounds` times (default 3), then prints
 * each build's write → event delivered p50 and p95 and its write answer's. Copy a build's
 * `server/dist/index.js` into `server/` (say `server/dist-a/index.js`) so it finds the same
 * `node_modules`.
 */
import fs from 'node:fs';
import path from 'node:path';

import { root, startJotter } from './lib/server';
import { seedSqlite } from './lib/seed';
import { quantile } from './lib/stats';
import { tokenFor } from './lib/tokens';
import { drive, firstNotes, jotterFleet, jotterWriter, userCount, type Fleet } from './sync';

interface Side {
  name: string;
  fleet: Fleet;
  write: (n: number) => Promise<void>;
  latencies: number[];
  answers: number[];
  lost: number;
}

async function main() {
  const [entryA, entryB, roundsArg, halfArg] = process.argv.slice(2);
  if (!entryA || !entryB)
    throw new Error(
      'usage: sync-ab.ts <server bundle A> <server bundle B> [rounds] [writes per half]',
    );
  const rounds = Number(roundsArg ?? 3);
  const perHalf = Number(halfArg ?? 250);
  fs.mkdirSync(path.join(root, 'bench/.cache'), { recursive: true });
  const dir = fs.mkdtempSync(path.join(root, 'bench/.cache/sync-ab-'));
  const stops: Array<() => Promise<void>> = [];
  try {
    const file = path.join(dir, 'a.db');
    const { users } = await seedSqlite(file, { users: Array<number>(userCount).fill(3), seed: 12 });
    fs.copyFileSync(file, path.join(dir, 'b.db'));
    const tokens = users.map(tokenFor);
    const sides: Side[] = [];
    for (const [name, entry, db] of [
      ['A', entryA, 'a.db'],
      ['B', entryB, 'b.db'],
    ] as const) {
      const server = await startJotter(`file:${path.join(dir, db)}`, {}, path.resolve(entry));
      stops.push(() => server.stop());
      const noteIds = await firstNotes(server, tokens);
      const fleet: Fleet = await jotterFleet(server, users, tokens);
      stops.push(() => Promise.resolve(fleet.sockets.forEach((s) => s.terminate())));
      const write = jotterWriter(server, tokens, noteIds);
      sides.push({
        name,
        fleet,
        write,
        latencies: [] as number[],
        answers: [] as number[],
        lost: 0,
      });
    }
    let n = 1;
    const run = async (side: Side, count: number, keep: boolean) => {
      const result = await drive(side.fleet, count, n, side.write);
      n += count;
      if (!keep) return;
      side.latencies.push(...result.latencies);
      side.answers.push(...result.writes);
      side.lost += result.missing + result.errors;
    };
    const [a, b] = sides as [Side, Side];
    await run(a, 50, false);
    await run(b, 50, false);
    for (let r = 0; r < rounds; r += 1) {
      for (const side of [a, b, b, a]) await run(side, perHalf, true);
    }
    for (const side of sides) {
      const q = (values: number[], p: number) => quantile(values, p).toFixed(2);
      console.log(
        `${side.name} (${side === a ? entryA : entryB}): delivered p50 ${q(side.latencies, 0.5)} ms, p95 ${q(side.latencies, 0.95)} ms; answered p50 ${q(side.answers, 0.5)} ms, p95 ${q(side.answers, 0.95)} ms; ${side.lost} lost`,
      );
    }
  } finally {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
