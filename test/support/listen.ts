import type http from 'node:http';
import type { AddressInfo } from 'node:net';

import type { TestApp } from '../../server/src/test-support/app';

/** Serves a test app on a real local port (keep-alive HTTP, many clients at once). */
export async function listen(t: TestApp): Promise<{ url: string; close(): Promise<void> }> {
  const server: http.Server = await new Promise((resolve) => {
    const s = t.app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
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
