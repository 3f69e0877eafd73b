/**
 * A same-run A/B of two client builds: `node --import tsx bench/lighthouse-ab.ts <dist A>
 * <dist B> [runs] [page]` serves each build from the same server and database, and runs
 * Lighthouse on `page` alternately, A then B, `runs` times each (default 5), each a first visit
 * in a Chromium of its own (client.ts, runLighthouse). The page is /home by default, signed in
 * with 200 notes; `/` is the landing page, signed out. It prints each run, then for each build
 * the score's median and range and the medians of total blocking time and of the simulated
 * paints; a drifting host load touches both builds alike. The builds compare with each other
 * only: Lighthouse is no target (docs/performance.md).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { clientCorpus, runLighthouse, storedAuth, type LighthouseScores } from './client';
import { hostLine } from './host';
import { startJotter } from './lib/server';
import { quantile } from './lib/stats';

async function main() {
  const [distA, distB, runsArg, page = '/home'] = process.argv.slice(2);
  if (!distA || !distB)
    throw new Error('usage: lighthouse-ab.ts <client dist A> <client dist B> [runs] [page]');
  const runs = Number(runsArg ?? 5);
  console.log(hostLine());
  const { file, users } = await clientCorpus();
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'jotter-lh-ab-'));
  const db = path.join(tmp, 'jotter.db');
  fs.copyFileSync(file, db);
  const servers = {
    A: await startJotter(`file:${db}`, { CLIENT_DIST: path.resolve(distA) }),
    B: await startJotter(`file:${db}`, { CLIENT_DIST: path.resolve(distB) }),
  };
  // The landing page is for visitors who have not signed in; every other page, signed in.
  const auth = page === '/' ? null : storedAuth(db, users[0]!);
  const results: Record<'A' | 'B', LighthouseScores[]> = { A: [], B: [] };
  try {
    for (let i = 0; i < runs; i += 1) {
      for (const name of ['A', 'B'] as const) {
        const result = await runLighthouse(`${servers[name].url}${page}`, auth);
        results[name].push(result);
        const metrics = result.problems.filter((p) => !p.includes(':')).join(', ');
        console.log(`${name} run ${i + 1}: performance ${result.performance} (${metrics})`);
      }
    }
    for (const name of ['A', 'B'] as const) {
      const scores = results[name].map((result) => result.performance);
      const median = (id: keyof LighthouseScores['metrics']) =>
        Math.round(
          quantile(
            results[name].map((result) => result.metrics[id]),
            0.5,
          ),
        );
      console.log(
        `${name}: median ${quantile(scores, 0.5)}, min ${Math.min(...scores)}, max ${Math.max(...scores)}; ` +
          `medians: total blocking time ${median('total-blocking-time')} ms, ` +
          `largest contentful paint ${median('largest-contentful-paint')} ms, ` +
          `first contentful paint ${median('first-contentful-paint')} ms`,
      );
    }
  } finally {
    await servers.A.stop();
    await servers.B.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

void main();
