import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

import { call } from '../support/client';

export const repoRoot = path.resolve(__dirname, '../..');
export const image = 'localhost/jotter:ci';

/**
 * The script that installs podman and makes local stand-ins of `node:20-bookworm-slim` and
 * `postgres:15` (no registry is reachable here): JOTTER_BASE_IMAGES_SCRIPT if set, else the
 * machine's shared copy, else `shared/` beside the checkout.
 */
export function baseImagesScript(): string {
  const candidates = [
    process.env.JOTTER_BASE_IMAGES_SCRIPT,
    '/work/shared/container/make-base-images.sh',
    path.resolve(repoRoot, '../shared/container/make-base-images.sh'),
  ].filter((file): file is string => Boolean(file));
  const found = candidates.find((file) => fs.existsSync(file));
  if (!found) {
    throw new Error(
      `make-base-images.sh not found (tried ${candidates.join(', ')}); set JOTTER_BASE_IMAGES_SCRIPT`,
    );
  }
  return found;
}

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs a command to its end; `code` is its exit status (never throws for a non-zero one). */
export function run(
  file: string,
  args: string[],
  options: { env?: Record<string, string>; timeoutMs?: number } = {},
): Promise<Run> {
  return new Promise((resolve, reject) => {
    execFile(
      file,
      args,
      {
        cwd: repoRoot,
        env: { ...process.env, ...options.env },
        timeout: options.timeoutMs ?? 120_000,
        maxBuffer: 64 * 1024 * 1024,
      },
      (error, stdout, stderr) => {
        if (error && typeof error.code !== 'number') {
          reject(new Error(`${file} ${args.join(' ')}: ${error.message}\n${stderr}`));
          return;
        }
        resolve({ code: typeof error?.code === 'number' ? error.code : 0, stdout, stderr });
      },
    );
  });
}

/** Runs a command and returns its output; a non-zero exit fails with what it printed. */
export async function must(
  file: string,
  args: string[],
  options: { env?: Record<string, string>; timeoutMs?: number } = {},
): Promise<string> {
  const result = await run(file, args, options);
  if (result.code !== 0) {
    throw new Error(
      `${file} ${args.join(' ')} exited ${result.code}\n${result.stdout.slice(-4000)}\n${result.stderr.slice(-4000)}`,
    );
  }
  return result.stdout;
}

export const podman = (args: string[], timeoutMs?: number) => must('podman', args, { timeoutMs });

/**
 * Makes podman usable (as root: the script installs packages) and the base images present, then
 * takes over the settings it prints (its private storage, runc) for every later podman call.
 */
export async function preparePodman(): Promise<void> {
  if (process.getuid?.() !== 0) {
    throw new Error('the container suite runs as root (make-base-images.sh installs podman)');
  }
  const exports = await must('bash', [baseImagesScript()], { timeoutMs: 900_000 });
  for (const match of exports.matchAll(/([A-Z_]+)=(\S+)/g)) {
    process.env[match[1]!] = match[2]!;
  }
  if (!process.env.CONTAINERS_STORAGE_CONF) {
    throw new Error(`make-base-images.sh printed no settings: ${exports}`);
  }
}

/**
 * Builds the image from the repository's Dockerfile, as a user would. The stand-in base image has
 * Node without its C headers (the official one has them in /usr/local/include/node), and this
 * machine cannot download them, so the build borrows the machine's own for node-gyp.
 * Logs the image size and how long the build took.
 */
export async function buildImage(): Promise<number> {
  const started = Date.now();
  const headers = ['/usr/include/node', '/usr/local/include/node'].find((dir) =>
    fs.existsSync(path.join(dir, 'node_version.h')),
  );
  await podman(
    [
      'build',
      '--pull=never',
      '--format',
      'docker',
      ...(headers ? ['-v', `${headers}:/usr/local/include/node:ro`] : []),
      '-t',
      image,
      '.',
    ],
    1_200_000,
  );
  const took = Date.now() - started;
  const size = await podman(['image', 'ls', '--format', '{{.Size}}', image]);
  console.info(`image ${image}: ${size.trim()}, built in ${Math.round(took / 1000)} s`);
  return took;
}

/** A name no developer's container or volume has: the suite, this process, a random tail. */
export function uniqueName(what: string): string {
  return `jotter-ct-${what}-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
}

/** Polls `check` until it holds; fails with `what` and the last answer once `timeoutMs` passed. */
export async function eventually<T>(
  what: string,
  check: () => Promise<T | undefined>,
  timeoutMs = 180_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${String(last)}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** Waits until Jotter at `base` answers /healthz with 200, and returns the answer. */
export function healthy(base: string, timeoutMs?: number): Promise<unknown> {
  return eventually(
    `${base}/healthz`,
    async () => {
      const res = await call(base, 'GET', '/healthz', { timeoutMs: 5000 });
      return res.status === 200 ? res.body : undefined;
    },
    timeoutMs,
  );
}

export const password = 'container password 42';

/** Signs up through REST and adds one note; returns the token. */
export async function signupWithNote(base: string, email: string, title: string): Promise<string> {
  const signup = await call(base, 'POST', '/api/auth/signup', {
    body: { firstName: 'Con', lastName: 'Tainer', email, password, confirmPassword: password },
  });
  expect(signup.status).toBe(201);
  const token = signup.body.encodedToken as string;
  const added = await call(base, 'POST', '/api/notes', {
    token,
    body: { note: { title, content: '<p>kept across restarts</p>' } },
  });
  expect(added.status).toBe(201);
  return token;
}

/** Signs in again and returns the titles of the user's notes. */
export async function titlesAfterLogin(base: string, email: string): Promise<string[]> {
  const login = await call(base, 'POST', '/api/auth/login', { body: { email, password } });
  expect(login.status).toBe(200);
  return titles(base, login.body.encodedToken as string);
}

/** The titles of the notes of the user `token` signs in. */
export async function titles(base: string, token: string): Promise<string[]> {
  const notes = await call(base, 'GET', '/api/notes', { token });
  expect(notes.status).toBe(200);
  return (notes.body.notes as { title: string }[]).map((note) => note.title);
}
