import crypto from 'node:crypto';

import { freePort } from '../support/server-process';
import {
  buildImage,
  healthy,
  image,
  must,
  podman,
  preparePodman,
  run,
  signupWithNote,
  titles,
  titlesAfterLogin,
  uniqueName,
} from './podman';

/**
 * compose.yaml as a user brings it up (`podman-compose up -d`): Jotter on PostgreSQL 15, reached by
 * its service name. An account and a note are stored in PostgreSQL (read back with psql in the
 * database's container) and outlive the whole project going down and up again with its volumes.
 */
const project = uniqueName('compose').replace(/-/g, '_');
const databasePassword = crypto.randomBytes(18).toString('hex');
let base = '';
let env: Record<string, string> = {};

const compose = (args: string[]) =>
  must('podman-compose', ['-p', project, '-f', 'compose.yaml', ...args], {
    env,
    timeoutMs: 300_000,
  });

async function containerOf(service: string): Promise<string> {
  const names = await podman([
    'ps',
    '--filter',
    `label=com.docker.compose.project=${project}`,
    '--filter',
    `label=com.docker.compose.service=${service}`,
    '--format',
    '{{.Names}}',
  ]);
  const name = names.trim().split('\n')[0];
  if (!name) throw new Error(`no running ${service} container in ${project}`);
  return name;
}

/** One value from PostgreSQL, asked inside the database's own container over TCP. */
async function sql(query: string): Promise<string> {
  const postgres = await containerOf('postgres');
  const out = await podman([
    'exec',
    '-e',
    `PGPASSWORD=${databasePassword}`,
    postgres,
    'psql',
    '-h',
    '127.0.0.1',
    '-U',
    'jotter',
    '-d',
    'jotter',
    '-tAc',
    query,
  ]);
  return out.trim();
}

beforeAll(async () => {
  await preparePodman();
  await buildImage();
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  env = {
    POSTGRES_PASSWORD: databasePassword,
    JOTTER_PORT: `127.0.0.1:${port}`,
    JOTTER_IMAGE: image,
  };
  await compose(['up', '-d']);
}, 1_500_000);

afterAll(async () => {
  await run('podman-compose', ['-p', project, '-f', 'compose.yaml', 'down', '-v'], {
    env,
    timeoutMs: 120_000,
  });
  // What `down -v` leaves behind, or all of it when `up` failed half-way (podman-compose 1.0
  // keeps the project's network).
  for (const kind of ['volume', 'network']) {
    const left = await run('podman', [kind, 'ls', '-q', '--filter', `name=${project}`]);
    for (const name of left.stdout.split('\n').filter(Boolean)) {
      await run('podman', [kind, 'rm', '-f', name]);
    }
  }
}, 180_000);

it('serves on PostgreSQL: the account and the note are rows there', async () => {
  expect(await healthy(base)).toEqual({ status: 'ok' });
  const email = `compose-${Date.now()}@container.test`;
  await signupWithNote(base, email, 'Kept in PostgreSQL');

  expect(await sql(`select count(*) from users where email = '${email}'`)).toBe('1');
  expect(await sql(`select title from notes where title = 'Kept in PostgreSQL'`)).toBe(
    'Kept in PostgreSQL',
  );
  // The backup docs/operations.md gives for compose, run the same way.
  const dump = await podman([
    'exec',
    await containerOf('postgres'),
    'sh',
    '-c',
    'PGPASSWORD=$POSTGRES_PASSWORD pg_dump -h 127.0.0.1 -U jotter --format=custom jotter | pg_restore --list',
  ]);
  expect(dump).toMatch(/TABLE DATA public notes /);
  // Jotter's log names the database without its password.
  const log = await podman(['logs', await containerOf('jotter')]);
  expect(log).toContain('postgres://***@postgres:5432/jotter');
  expect(log).not.toContain(databasePassword);
});

it('keeps them when the project goes down and up again with its volumes', async () => {
  const email = `compose-again-${Date.now()}@container.test`;
  await healthy(base);
  const token = await signupWithNote(base, email, 'Outlives down and up');

  await compose(['down']);
  await compose(['up', '-d']);

  await healthy(base);
  // The same JWT secret (Jotter's /data volume) and the same rows (PostgreSQL's volume).
  expect(await titles(base, token)).toContain('Outlives down and up');
  expect(await titlesAfterLogin(base, email)).toContain('Outlives down and up');
});
