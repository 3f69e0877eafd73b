import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';

import { freePort } from '../../test/support/server-process';
import { quantile } from './stats';

export { freePort };

/** Serves `handler` on a free local port (a baseline page's server), until `close`. */
export async function serveLocally(
  handler: http.RequestListener,
): Promise<{ origin: string; close: () => Promise<void> }> {
  const server = http.createServer(handler);
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export const root = path.resolve(__dirname, '../..');
export const jwtSecret = 'bench-secret-that-is-long-enough-for-hs256-0123456789';

export interface RunningServer {
  url: string;
  pid: number;
  /** Milliseconds from spawn to the first passing /healthz. */
  startMs: number;
  /** Resident memory now, in MB (from /proc). */
  rssMb(): number;
  stop(): Promise<void>;
}

/**
 * Starts a server `runs` times, stopping all but the last, which it returns: its `startMs` is
 * the median of all the starts (one start is one sample, and this shared host's load drifts).
 */
export async function startMedian(
  start: () => Promise<RunningServer>,
  runs = 3,
): Promise<RunningServer> {
  const times: number[] = [];
  for (let i = 1; i < runs; i += 1) {
    const server = await start();
    times.push(server.startMs);
    await server.stop();
  }
  const server = await start();
  times.push(server.startMs);
  return { ...server, startMs: quantile(times, 0.5) };
}

/** Polls `url` until it answers 200; returns the milliseconds since `t0`. */
async function waitFor(url: string, t0: number, child: ChildProcess): Promise<number> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.ok) return performance.now() - t0;
    } catch {
      // not listening yet
    }
    if (performance.now() - t0 > 60_000) throw new Error(`${url} did not answer within 60 s`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** Starts a process serving HTTP on `port` and waits for `healthPath` to pass. */
export async function startProcess(
  args: string[],
  env: Record<string, string>,
  port: number,
  healthPath = '/healthz',
): Promise<RunningServer> {
  const t0 = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let stopping = false;
  child.once('exit', (code, signal) => {
    if (!stopping)
      console.error(`  ! ${args.join(' ')} exited unexpectedly (code ${code}, signal ${signal})`);
  });
  const url = `http://127.0.0.1:${port}`;
  const startMs = await waitFor(`${url}${healthPath}`, t0, child);
  return {
    url,
    pid: child.pid!,
    startMs,
    rssMb: () => {
      const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
      return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        stopping = true;
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/**
 * Starts the built Jotter server on `databaseUrl` (`env` adds or overrides settings; `entry` is
 * the server bundle, for an A/B of two builds). With `BENCH_CPU_PROF=<folder>` in the
 * environment, the server runs under `node --cpu-prof` (a sample every 0.1 ms) and writes its
 * profile there when it stops.
 */
export async function startJotter(
  databaseUrl: string,
  env: Record<string, string> = {},
  entry = path.join(root, 'server/dist/index.js'),
): Promise<RunningServer> {
  const port = await freePort();
  const profile = process.env.BENCH_CPU_PROF;
  return startProcess(
    [
      ...(profile
        ? ['--cpu-prof', '--cpu-prof-interval=100', `--cpu-prof-dir=${path.resolve(profile)}`]
        : []),
      entry,
    ],
    {
      DATABASE_URL: databaseUrl,
      NODE_ENV: 'production',
      DEMO_USERS: 'off',
      LOG_LEVEL: 'silent',
      AUTH_RATE_LIMIT: '0',
      JWT_SECRET: jwtSecret,
      HOST: '127.0.0.1',
      DATA_DIR: path.join(root, 'bench/.cache'),
      ...env,
    },
    port,
  );
}
