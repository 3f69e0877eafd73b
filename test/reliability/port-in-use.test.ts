import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { report } from '../support/report';
import { startServer } from '../support/server-process';

/**
 * A second Jotter started on a port that is taken stops at once with a message that says so
 * (exit 1), instead of a stack trace; the server already on the port keeps serving.
 */
it('a port already in use: a clear message and exit 1, and the running server is untouched', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jotter-port-'));
  const first = await startServer({ databaseUrl: ':memory:', dataDir: dir });
  try {
    const port = new URL(first.url).port;
    const second = spawn(process.execPath, ['--import', 'tsx', 'server/src/index.ts'], {
      cwd: path.join(__dirname, '../..'),
      env: {
        ...process.env,
        PORT: port,
        HOST: '127.0.0.1',
        DATABASE_URL: ':memory:',
        DATA_DIR: dir,
        DEMO_USERS: '0',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    second.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    second.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => second.once('exit', resolve));
    expect(code).toBe(1);
    expect(out).toContain(`port ${port} is already in use`);
    expect(out).not.toContain('TypeError');
    expect((await fetch(`${first.url}/healthz`)).status).toBe(200);
    report(
      'port in use',
      `a second server on port ${port} exited 1 saying so; the first still healthy`,
    );
  } finally {
    first.kill('SIGTERM');
    await first.exited;
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
