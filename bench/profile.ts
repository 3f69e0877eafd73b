/**
 * `node --import tsx bench/profile.ts [seconds]`: runs the built server under `--cpu-prof` while
 * autocannon loads GET /api/notes, GraphQL notes(first: 50) and POST /api/notes in turn (one
 * profile per workload), then prints the top self-time functions of each profile.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import autocannon from 'autocannon';

import { apiCorpus, notesQuery, twoKbNote } from './api';
import { freePort, jwtSecret, root, startProcess } from './lib/server';
import { tokenFor } from './lib/tokens';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

/** Self time per function (name + file:line), as a share of all samples. */
export function topSelf(file: string, n = 25): string[] {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as { nodes: ProfileNode[] };
  const by = new Map<string, number>();
  let total = 0;
  for (const node of profile.nodes) {
    const hits = node.hitCount ?? 0;
    total += hits;
    const { functionName, url, lineNumber } = node.callFrame;
    const where = url.replace(/^.*node_modules\//, '').replace(`file://${root}/`, '');
    const key = `${functionName || '(anonymous)'} ${where}:${lineNumber + 1}`;
    by.set(key, (by.get(key) ?? 0) + hits);
  }
  return [...by.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, v]) => `${((100 * v) / total).toFixed(1).padStart(5)}%  ${k}`);
}

async function main() {
  const seconds = Number(process.argv[2] ?? 5);
  const { file, users } = await apiCorpus();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jotter-prof-'));
  const db = path.join(dir, 'jotter.db');
  fs.copyFileSync(file, db);
  const reader = users[0]!;
  const auth = (u: (typeof users)[number]) => ({ authorization: `Bearer ${tokenFor(u)}` });
  const workloads: Record<string, (url: string) => autocannon.Options> = {
    'rest-read': (url) => ({ url: `${url}/api/notes`, headers: auth(reader) }),
    'graphql-read': (url) => ({
      url: `${url}/graphql`,
      method: 'POST',
      headers: { 'content-type': 'application/json', ...auth(reader) },
      body: JSON.stringify({ query: notesQuery }),
    }),
    'rest-write': (url) => ({
      url: `${url}/api/notes`,
      method: 'POST',
      headers: { 'content-type': 'application/json', ...auth(users[1]!) },
      body: JSON.stringify({ note: twoKbNote }),
    }),
  };
  for (const [name, options] of Object.entries(workloads)) {
    const profDir = path.join(dir, name);
    const port = await freePort();
    const server = await startProcess(
      ['--cpu-prof', `--cpu-prof-dir=${profDir}`, path.join(root, 'server/dist/index.js')],
      {
        DATABASE_URL: `file:${db}`,
        DEMO_USERS: 'off',
        LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent',
        AUTH_RATE_LIMIT: '0',
        JWT_SECRET: jwtSecret,
        HOST: '127.0.0.1',
        DATA_DIR: dir,
      },
      port,
    );
    const result = await autocannon({ connections: 50, duration: seconds, ...options(server.url) });
    await server.stop();
    const [prof] = fs.readdirSync(profDir);
    console.log(
      `\n== ${name}: ${result.requests.average.toFixed(0)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms; ${path.join(profDir, prof!)}`,
    );
    for (const line of topSelf(path.join(profDir, prof!))) console.log(line);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
