import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { freePort } from '../../test/support/server-process';

export interface RunningServer {
  url: string;
  dataDir: string;
  /** Everything the server printed, for assertions on its logs. */
  output(): string;
  stop(): Promise<void>;
}

/** Where the suite's shared server answers, and its data folder (set by `global-setup.ts`). */
export const SHARED_SERVER_ENV = { url: 'JOTTER_E2E_SERVER_URL', dataDir: 'JOTTER_E2E_DATA_DIR' };

const root = path.resolve(__dirname, '../..');

/** Polls `check` until it holds or `timeoutMs` passes: waiting on a condition, never a fixed sleep. */
export async function waitFor(
  check: () => boolean | Promise<boolean>,
  timeoutMs: number,
  what: string,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (
      await Promise.resolve()
        .then(check)
        .catch(() => false)
    )
      return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Starts the built server (`npm run build` first) on a temporary SQLite file and a free port,
 * with the demo users seeded, and waits for /healthz.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const entry = path.join(root, 'server/dist/index.js');
  if (!fs.existsSync(entry)) throw new Error('server/dist is missing: run `npm run build` first');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jotter-e2e-'));
  // A caller may choose the port (env.PORT), to know the server's address before it starts.
  const port = env.PORT ? Number(env.PORT) : await freePort();
  let output = '';
  const child: ChildProcess = spawn(process.execPath, [entry], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: `file:${path.join(dataDir, 'jotter.db')}`,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      AUTH_RATE_LIMIT: '0',
      DEMO_USERS: 'on',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitFor(
      async () => (await fetch(`${url}/healthz`)).ok,
      30_000,
      'the server to answer /healthz',
    );
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`${(error as Error).message}\n${output}`);
  }
  return {
    url,
    dataDir,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The suite's server with the default settings, started once by `global-setup.ts` and shared by
 * every test file that needs nothing else: each file signs up users of its own. Its `stop()` does
 * nothing (`global-teardown.ts` stops it after the last file). Outside that setup (a file run
 * with another config), a server of the file's own.
 */
export async function sharedServer(): Promise<RunningServer> {
  const url = process.env[SHARED_SERVER_ENV.url];
  const dataDir = process.env[SHARED_SERVER_ENV.dataDir];
  if (!url || !dataDir) return startServer();
  return { url, dataDir, output: () => '', stop: () => Promise.resolve() };
}
