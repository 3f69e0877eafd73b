/**
 * A same-run A/B of two builds on the repeat visit from the local cache (issue 15):
 * `node --import tsx bench/repeat-visit-ab.ts <A> <B> [rounds] [visits]`, where each of A and B
 * is a client dist folder, optionally followed by `,<server bundle>` (a built
 * `server/dist/index.js`, kept in `server/dist/` so that it finds its native modules). Each
 * round runs the bench's own repeat-visit measurement (bench/repeat-visit.ts: a first visit that
 * saves 10,000 notes, then offline visits alternating with the no-framework baseline page) for A,
 * then for B, `rounds` times (default 3), so a drifting host load touches both builds alike.
 * Prints each round's p50 and p95 beside the baseline's, and their medians.
 */
import { quantile } from './lib/stats';
import { repeatVisitFigures, type Build } from './repeat-visit';

function parse(spec: string): Build {
  const [clientDist, serverEntry] = spec.split(',');
  return { clientDist, serverEntry };
}

async function main() {
  const [a, b, roundsArg, visitsArg] = process.argv.slice(2);
  if (!a || !b) {
    throw new Error(
      'usage: repeat-visit-ab.ts <dist A>[,<server A>] <dist B>[,<server B>] [rounds] [visits]',
    );
  }
  const rounds = Number(roundsArg ?? 3);
  const visits = Number(visitsArg ?? 11);
  const builds = { A: parse(a), B: parse(b) };
  const p50s: Record<'A' | 'B', number[]> = { A: [], B: [] };
  const p95s: Record<'A' | 'B', number[]> = { A: [], B: [] };
  for (let round = 1; round <= rounds; round += 1) {
    for (const name of ['A', 'B'] as const) {
      const [p50, p95, appP50] = await repeatVisitFigures(false, builds[name], visits);
      p50s[name].push(p50!.value);
      p95s[name].push(p95!.value);
      console.log(
        `round ${round} ${name}: first cards p50 ${p50!.value.toFixed(1)} ms, p95 ${p95!.value.toFixed(1)} ms, the app's own p50 ${appP50!.value.toFixed(1)} ms; baseline p50 ${p50!.baseline?.toFixed(1)} ms, p95 ${p95!.baseline?.toFixed(1)} ms`,
      );
    }
  }
  for (const name of ['A', 'B'] as const) {
    console.log(
      `${name}: median of the rounds' p50 ${quantile(p50s[name], 0.5).toFixed(1)} ms, p95 ${quantile(p95s[name], 0.5).toFixed(1)} ms`,
    );
  }
}

void main();
