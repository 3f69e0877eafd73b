import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');

/** A port nobody listens on right now (the server has no PORT=0 discovery, so we pick one). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Everything the process printed so far (its pino log and any crash). */
  output(): string;
  /** Resolves when the process has ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  kill(signal: NodeJS.Signals): void;
}

export interface ServerOptions {
  databaseUrl: string;
  dataDir: string;
  env?: Record<string, string>;
  /** Wait until /healthz answers 200 (default), or only until the port answers at all. */
  waitFor?: 'healthy' | 'listening';
  /**
   * Run the built bundle (`server/dist/index.js`, as deployed; `npm run build` first, as CI
   * does) instead of the source through tsx: for figures tsx would distort, such as memory.
   */
  built?: boolean;
}

/**
 * Starts the real server from source (`node --import tsx server/src/index.ts`, so signals reach
 * the server itself, not a wrapper), or its built bundle, and waits until it answers.
 */
export async function startServer(options: ServerOptions): Promise<ServerProcess> {
  const port = await freePort();
  const bundle = path.join(root, 'server/dist/index.js');
  if (options.built && !fs.existsSync(bundle))
    throw new Error(`${bundle} is missing: run npm run build first`);
  const args = options.built ? [bundle] : ['--import', 'tsx', 'server/src/index.ts'];
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: options.databaseUrl,
      DATA_DIR: options.dataDir,
      JWT_SECRET: 'reliability-secret-reliability-secret-0123456789',
      DEMO_USERS: '0',
      AUTH_RATE_LIMIT: '0',
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  let ended = false;
  void exited.then(() => (ended = true));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (ended) throw new Error(`server exited during start:\n${out}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not answer within 30 s:\n${out}`);
    }
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok || options.waitFor === 'listening') break;
    } catch {
      // not listening yet
    }
    await sleep(20);
  }
  return {
    url,
    child,
    output: () => out,
    exited,
    kill: (signal) => {
      if (!ended) child.kill(signal);
    },
  };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Resolves as soon as `check` holds (looked at every 10 ms), or fails after `timeoutMs` saying
 * what it waited for: the tests wait for a condition, never for a fixed time.
 */
export async function until(check: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline)
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(10);
  }
}
