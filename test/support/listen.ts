/** A server a test can serve on a local port: a test app (server/src/test-support/app.ts). */
interface Listenable {
  listen(): Promise<{ url: string; wsUrl: string; close(): Promise<void> }>;
}

/**
 * Serves a test app on a real local port (keep-alive HTTP and WebSocket, many clients at once).
 * Typed by shape, not by importing the test app: bench/ takes `random` from here and should not
 * pull the whole server into its type check.
 */
export function listen(
  t: Listenable,
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
