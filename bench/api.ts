import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

import autocannon from 'autocannon';

import { freePort, root, startJotter, startProcess, type RunningServer } from './lib/server';
import { seedSources, seedSqlite, type SeededUser, type SeedPlan } from './lib/seed';
import type { Figure } from './lib/stats';
import { tokenFor } from './lib/tokens';

/** A reader with 100 notes, and 200 writers with 100 notes each (so POST lists stay near 100). */
const apiPlan: SeedPlan = { users: Array<number>(201).fill(100), seed: 7 };

export const notesQuery = `query { notes(first: 50) { totalCount nodes { id title content textContent color priority tags location createdAt updatedAt } } }`;

/** A 2 kB note body: rich text as the editor makes it. */
export const twoKbNote = {
  title: 'Benchmark note',
  content: `<p>${'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(34)}</p>`,
  tags: ['bench'],
};

interface Load {
  requests: number;
  seconds: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function load(opts: autocannon.Options): Promise<Load> {
  const result = await autocannon({ connections: 50, ...opts });
  return {
    requests: result.requests.total,
    seconds: result.duration,
    rps: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

/**
 * Two runs as one: throughput over their total time; p50 and p99 as the request-weighted mean
 * of each run's (autocannon reports percentiles, not its histogram).
 */
function combine(a: Load, b: Load): Load {
  const requests = a.requests + b.requests;
  const seconds = a.seconds + b.seconds;
  const weighted = (key: 'p50' | 'p99') =>
    Math.round((a[key] * a.requests + b[key] * b.requests) / Math.max(1, requests));
  return {
    requests,
    seconds,
    rps: requests / seconds,
    p50: weighted('p50'),
    p99: weighted('p99'),
    errors: a.errors + b.errors,
  };
}

/** A load of one kind on one server: `run(seconds)` measures, after `warmUp()` once. */
function cannon(
  server: RunningServer,
  kind: 'rest-read' | 'graphql-read' | 'rest-write',
  auth: (u: SeededUser) => Record<string, string>,
  users: SeededUser[],
  seconds: number,
): { warmUp: () => Promise<Load>; run: (duration: number, rate?: number) => Promise<Load> } {
  const reader = users[0]!;
  const writers = users.slice(1);
  let next = 0;
  /** A closed loop, or with `rate`: that many requests per second across the connections. */
  const run = (duration: number, rate?: number) => {
    const base = { url: server.url, duration, ...(rate ? { overallRate: rate } : {}) };
    if (kind === 'rest-read')
      return load({ ...base, url: `${server.url}/api/notes`, headers: auth(reader) });
    if (kind === 'graphql-read') {
      return load({
        ...base,
        url: `${server.url}/graphql`,
        method: 'POST',
        headers: { 'content-type': 'application/json', ...auth(reader) },
        body: JSON.stringify({ query: notesQuery }),
      });
    }
    const body = JSON.stringify({ note: twoKbNote });
    return load({
      ...base,
      url: `${server.url}/api/notes`,
      requests: [
        {
          method: 'POST',
          setupRequest: (req) => {
            const writer = writers[next++ % writers.length]!;
            return {
              ...req,
              body,
              headers: { 'content-type': 'application/json', ...auth(writer) },
            };
          },
        },
      ],
    });
  };
  return { warmUp: () => run(Math.max(1, Math.round(seconds / 5))), run };
}

/**
 * Tail latency the way it is measured: at a fixed rate both servers sustain (`rate`, half of
 * Jotter's own maximum), not in a closed loop, where a slower server also gets fewer requests.
 * Same order as the closed loop: baseline, Jotter, Jotter, baseline.
 */
async function tailAtFixedRate(
  bare: ReturnType<typeof cannon>,
  jot: ReturnType<typeof cannon>,
  rate: number,
  seconds: number,
  label: string,
): Promise<Figure> {
  const perSecond = Math.max(1, Math.round(rate));
  const baseFirst = await bare.run(seconds, perSecond);
  const ours = combine(await jot.run(seconds, perSecond), await jot.run(seconds, perSecond));
  const base = combine(baseFirst, await bare.run(seconds, perSecond));
  for (const [who, got] of [
    ['Jotter', ours],
    ['baseline', base],
  ] as const) {
    if (got.errors || got.rps < 0.95 * perSecond)
      console.error(
        `  ! ${label} at ${perSecond} req/s: ${who} served ${got.rps.toFixed(0)} req/s, ${got.errors} errors`,
      );
  }
  return {
    section: 'api',
    figure: `${label} p99 at ${perSecond} req/s [p50 ${ours.p50} ms, baseline p50 ${base.p50} ms]`,
    value: ours.p99,
    unit: 'ms',
    baseline: base.p99,
    ratio: ours.p99 > 0 ? base.p99 / ours.p99 : null,
    target: 'p99 ≤ 2× baseline',
    holds: ours.p99 <= 2 * base.p99,
  };
}

export async function apiCorpus(): Promise<{ file: string; users: SeededUser[] }> {
  const hash = crypto.createHash('sha256');
  for (const f of seedSources(root)) {
    hash.update(fs.readFileSync(path.join(root, f)));
  }
  const dir = path.join(root, 'bench/.cache');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `api-${hash.digest('hex').slice(0, 12)}.db`);
  if (!fs.existsSync(`${file}.json`)) {
    for (const f of fs.readdirSync(dir)) if (f.startsWith('api-')) fs.rmSync(path.join(dir, f));
    const seed = await seedSqlite(file, apiPlan);
    fs.writeFileSync(`${file}.json`, JSON.stringify(seed.users));
  }
  return { file, users: JSON.parse(fs.readFileSync(`${file}.json`, 'utf8')) as SeededUser[] };
}

/** Jotter against the bare baseline for the three API workloads; also the baseline's RSS. */
export async function apiOverhead(
  seconds: number,
): Promise<{ figures: Figure[]; baselineRssMb: number }> {
  const { file, users } = await apiCorpus();
  const tmp = fs.mkdtempSync(path.join(root, 'bench/.cache/run-'));
  const copy = (name: string) => {
    const target = path.join(tmp, name);
    fs.copyFileSync(file, target);
    return target;
  };
  const jotterFile = copy('jotter.db');
  const baseFile = copy('baseline.db');
  const tokens = new Map(users.map((u) => [u.id, tokenFor(u)]));
  const figures: Figure[] = [];
  let baselineRssMb = 0;
  try {
    const jotter = await startJotter(`file:${jotterFile}`);
    const port = await freePort();
    const baseline = await startProcess(
      ['--import', 'tsx', path.join(root, 'bench/baseline-server.ts')],
      { DATABASE_FILE: baseFile },
      port,
    );
    try {
      const targets = { 'rest-read': 0.7, 'graphql-read': 0.4, 'rest-write': 0.6 } as const;
      const labels = {
        'rest-read': 'GET /api/notes (100 notes)',
        'graphql-read': 'GraphQL notes(first: 50)',
        'rest-write': 'POST /api/notes (2 kB)',
      };
      for (const kind of ['rest-read', 'graphql-read', 'rest-write'] as const) {
        const bare = cannon(baseline, kind, (u) => ({ 'x-user': u.id }), users, seconds);
        const jot = cannon(
          jotter,
          kind,
          (u) => ({ authorization: `Bearer ${tokens.get(u.id)!}` }),
          users,
          seconds,
        );
        await bare.warmUp();
        await jot.warmUp();
        // Baseline, Jotter, Jotter, baseline (half the time each): the host's load drifts on
        // this shared machine, and this order cancels a steady drift out of the ratio.
        const half = seconds / 2;
        const baseFirst = await bare.run(half);
        const ours = combine(await jot.run(half), await jot.run(half));
        const base = combine(baseFirst, await bare.run(half));
        if (ours.errors || base.errors)
          console.error(
            `  ! ${kind}: ${ours.errors} Jotter errors, ${base.errors} baseline errors`,
          );
        const ratio = ours.rps / base.rps;
        figures.push({
          section: 'api',
          figure: `${labels[kind]} req/s`,
          value: ours.rps,
          unit: 'req/s',
          baseline: base.rps,
          ratio,
          target: `≥ ${targets[kind]}× baseline`,
          holds: ratio >= targets[kind],
        });
        figures.push({
          section: 'api',
          figure: `${labels[kind]} p99 [p50 ${ours.p50} ms, baseline p50 ${base.p50} ms]`,
          value: ours.p99,
          unit: 'ms',
          baseline: base.p99,
          ratio: ours.p99 > 0 ? base.p99 / ours.p99 : null,
          target: 'p99 ≤ 50 ms',
          holds: ours.p99 <= 50,
        });
        if (kind !== 'rest-write')
          figures.push(await tailAtFixedRate(bare, jot, ours.rps / 2, half, labels[kind]));
      }
      baselineRssMb = baseline.rssMb();
    } finally {
      await jotter.stop();
      await baseline.stop();
    }
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  return { figures, baselineRssMb };
}
