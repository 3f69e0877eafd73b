import fs from 'node:fs';
import path from 'node:path';

import { call } from '../support/client';
import { freePort } from '../support/server-process';
import {
  buildImage,
  healthy,
  image,
  podman,
  preparePodman,
  repoRoot,
  run,
  signupWithNote,
  titles,
  titlesAfterLogin,
  uniqueName,
} from './podman';

/**
 * The image built from the Dockerfile, started alone as a user would (`--init`, a port, a volume
 * on /data): it answers /healthz and its HEALTHCHECK passes; an account and a note outlive a
 * restart, and a new container on the same volume (an upgrade) keeps them and the JWT secret; the
 * image holds no dev dependencies, no source maps of the server, and runs as a user other than root.
 */
interface Manifest {
  devDependencies?: Record<string, string>;
}

const container = uniqueName('alone');
const volume = uniqueName('data');
let base = '';

beforeAll(async () => {
  await preparePodman();
  await buildImage();
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  await podman(['volume', 'create', volume]);
  await podman(startArgs(port));
}, 1_500_000);

afterAll(async () => {
  await run('podman', ['rm', '-f', '-t', '0', container]);
  await run('podman', ['volume', 'rm', '-f', volume]);
}, 120_000);

function startArgs(port: number): string[] {
  return [
    'run',
    '-d',
    '--init',
    '--name',
    container,
    '-p',
    `127.0.0.1:${port}:4000`,
    '-v',
    `${volume}:/data`,
    image,
  ];
}

it('answers /healthz, and its HEALTHCHECK passes', async () => {
  expect(await healthy(base)).toEqual({ status: 'ok' });
  const check = await run('podman', ['healthcheck', 'run', container]);
  expect(check.code).toBe(0);
  const inspect = await podman(['inspect', '--format', '{{.State.Health.Status}}', container]);
  expect(inspect.trim()).toBe('healthy');
});

it('keeps an account and its note through a restart and a new container on the same volume', async () => {
  const email = `restart-${Date.now()}@container.test`;
  await healthy(base);
  const token = await signupWithNote(base, email, 'Survives a restart');

  const began = Date.now();
  await podman(['restart', '-t', '10', container]);
  // Stopped by SIGTERM within the 10 s grace (not killed at its end), gracefully.
  expect(Date.now() - began).toBeLessThan(10_000);
  expect((await podman(['logs', container])) + '').toContain('"signal":"SIGTERM"');
  await healthy(base);
  expect(await titlesAfterLogin(base, email)).toContain('Survives a restart');

  // An upgrade: this container goes, a new one starts on the same volume. The old token still
  // works, so the generated JWT secret is in /data too.
  await podman(['rm', '-f', '-t', '10', container]);
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  await podman(startArgs(port));
  await healthy(base);
  expect(await titles(base, token)).toContain('Survives a restart');
  expect(await titlesAfterLogin(base, email)).toContain('Survives a restart');
});

it('takes a consistent SQLite backup inside the running container, as docs/operations says', async () => {
  await healthy(base);
  const out = await podman([
    'exec',
    container,
    'node',
    '-e',
    "require('better-sqlite3')('/data/jotter.db').backup('/data/backup.db').then(() => console.log('backed up'))",
  ]);
  expect(out).toContain('backed up');
  const count = await podman([
    'exec',
    container,
    'node',
    '-e',
    "console.log(require('better-sqlite3')('/data/backup.db', { readonly: true }).prepare('select count(*) n from notes').get().n)",
  ]);
  expect(Number(count.trim())).toBeGreaterThanOrEqual(1);
  await podman(['exec', container, 'rm', '/data/backup.db']);
});

it('refuses to start with both JWT_SECRET and JWT_SECRET_FILE, saying why and no secret', async () => {
  const secret = 'a-secret-given-twice-0123456789abcdefghij';
  const started = await run('podman', [
    'run',
    '--rm',
    '-e',
    `JWT_SECRET=${secret}`,
    '-e',
    'JWT_SECRET_FILE=/app/schema.graphql',
    image,
  ]);
  expect(started.code).not.toBe(0);
  expect(started.stderr).toContain('JWT_SECRET and JWT_SECRET_FILE are both set');
  expect(started.stdout + started.stderr).not.toContain(secret);
});

it('serves the built client at /', async () => {
  const res = await fetch(`${base}/`, { headers: { accept: 'text/html' } });
  expect(res.status).toBe(200);
  expect(await res.text()).toContain('<div id="root"');
  expect((await call(base, 'GET', '/api/user')).status).toBe(401);
});

it('holds no dev dependencies, no compilers and no source maps of the server, and is not root', async () => {
  const uid = await podman(['run', '--rm', '--entrypoint', 'id', image, '-u']);
  expect(uid.trim()).not.toBe('0');
  expect(uid.trim()).toMatch(/^\d+$/);

  const maps = await podman([
    'run',
    '--rm',
    '--entrypoint',
    'sh',
    image,
    '-c',
    'find / -xdev -name "*.map" -path "*server*" 2>/dev/null; ls server/dist',
  ]);
  expect(maps.trim()).toBe('index.js');

  // Every dev dependency of the three package.json files except typings (production packages
  // depend on some @types themselves), and the client's libraries: the client is built.
  const manifests = ['package.json', 'server/package.json', 'client/package.json'].map(
    (file) => JSON.parse(fs.readFileSync(path.join(repoRoot, file), 'utf8')) as Manifest,
  );
  const dev = [
    ...manifests.flatMap((m) => Object.keys(m.devDependencies ?? {})),
    ...['react', 'react-dom', 'slate', '@apollo/client'],
  ].filter((name) => !name.startsWith('@types/'));
  expect(dev).toEqual(expect.arrayContaining(['jest', 'eslint', 'vite', 'typescript', 'esbuild']));
  const present = await podman([
    'run',
    '--rm',
    '--entrypoint',
    'sh',
    image,
    '-c',
    `cd /app && for p in ${dev.join(' ')}; do [ -e node_modules/$p ] && echo $p; done; for c in gcc g++ make python3; do command -v $c; done; true`,
  ]);
  expect(present.trim()).toBe('');
  // What it must have: the native add-ons, loadable.
  const natives = await podman([
    'run',
    '--rm',
    '--entrypoint',
    'node',
    image,
    '-e',
    "require('argon2'); console.log(new (require('better-sqlite3'))(':memory:').prepare('select 1 x').get().x)",
  ]);
  expect(natives.trim()).toBe('1');
});

it('declares port 4000, the /data volume, production, a non-root user and its health check', async () => {
  const [inspected] = JSON.parse(await podman(['image', 'inspect', image])) as {
    Config: {
      ExposedPorts: Record<string, unknown>;
      Volumes: Record<string, unknown>;
      Env: string[];
      User: string;
    };
    Healthcheck?: { Test: string[] };
  }[];
  const config = inspected!.Config;
  expect(Object.keys(config.ExposedPorts)).toEqual(['4000/tcp']);
  expect(Object.keys(config.Volumes)).toEqual(['/data']);
  expect(config.Env).toEqual(
    expect.arrayContaining([
      'NODE_ENV=production',
      'DATA_DIR=/data',
      'DATABASE_URL=file:/data/jotter.db',
    ]),
  );
  expect(config.User).toBe('node');
  expect(inspected!.Healthcheck?.Test.join(' ')).toContain('/healthz');
});
