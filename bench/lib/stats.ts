/** The q-quantile (0..1) of `values`, by nearest rank. */
export function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[index] ?? NaN;
}

/** Runs `fn` `warmup` times unmeasured, then `runs` times, and returns each run's milliseconds. */
export async function timeRuns(
  fn: () => Promise<unknown>,
  runs: number,
  warmup = 3,
): Promise<number[]> {
  for (let i = 0; i < warmup; i += 1) await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  return times;
}

/** One line of the results table. */
export interface Figure {
  section: string;
  figure: string;
  value: number;
  unit: string;
  baseline: number | null;
  /** value / baseline, or baseline / value for "lower is better" figures: always "how many times the baseline's speed". */
  ratio: number | null;
  target: string;
  holds: boolean | null;
  note?: string;
}
