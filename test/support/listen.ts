import type { TestApp } from '../../server/src/test-support/app';

/** Serves a test app on a real local port (keep-alive HTTP and WebSocket, many clients at once). */
export async function listen(
  t: TestApp,
): Promise<{ url: string; wsUrl: string; close(): Promise<void> }> {
  return t.listen();
}

/** A small deterministic random source, so a failing run can be replayed from its seed. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
