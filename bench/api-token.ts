/**
 * A request authenticated by an API token against the same request authenticated by a login
 * token (the baseline), on one Jotter server, in the same run: GET /api/notes (100 notes) in a
 * closed loop, login, API token, API token, login, so that drift on a shared machine falls on
 * both alike. Target: the API token's throughput ≥ 0.9× the login token's.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import autocannon from 'autocannon';

import { startJotter } from './lib/server';
import type { Figure } from './lib/stats';

const password = 'bench password 123';

async function json<T = Record<string, unknown>>(
  url: string,
  init: RequestInit & { token?: string } = {},
): Promise<T> {
  const { token, ...rest } = init;
  const res = await fetch(url, {
    ...rest,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
  });
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

async function rps(url: string, authorization: string, seconds: number): Promise<number> {
  const result = await autocannon({
    url,
    connections: 50,
    duration: seconds,
    headers: { authorization },
  });
  if (result.errors || result.non2xx) throw new Error(`${result.non2xx} non-2xx answers`);
  return result.requests.total / result.duration;
}

export async function apiTokenFigure(seconds: number): Promise<Figure> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jotter-bench-tokens-'));
  const server = await startJotter(`file:${path.join(dir, 'jotter.db')}`);
  try {
    const signup = await json<{ encodedToken: string }>(`${server.url}/api/auth/signup`, {
      method: 'POST',
      body: JSON.stringify({
        firstName: 'Bench',
        lastName: 'Mark',
        email: 'bench@example.com',
        password,
        confirmPassword: password,
      }),
    });
    const login: string = signup.encodedToken;
    for (let i = 0; i < 100; i += 1) {
      await json(`${server.url}/api/notes`, {
        method: 'POST',
        token: login,
        body: JSON.stringify({ note: { title: `Note ${i}`, content: `<p>Body ${i}</p>` } }),
      });
    }
    const created = await json<{ token: string }>(`${server.url}/api/tokens`, {
      method: 'POST',
      token: login,
      body: JSON.stringify({ name: 'bench', scope: 'read' }),
    });
    const apiToken: string = created.token;
    const url = `${server.url}/api/notes`;
    // Warm both paths, then login, token, token, login.
    await rps(url, `Bearer ${login}`, 1);
    await rps(url, `Bearer ${apiToken}`, 1);
    const half = Math.max(1, Math.round(seconds / 2));
    const base1 = await rps(url, `Bearer ${login}`, half);
    const tok1 = await rps(url, `Bearer ${apiToken}`, half);
    const tok2 = await rps(url, `Bearer ${apiToken}`, half);
    const base2 = await rps(url, `Bearer ${login}`, half);
    const value = (tok1 + tok2) / 2;
    const baseline = (base1 + base2) / 2;
    return {
      section: 'api',
      figure: 'GET /api/notes (100 notes) with an API token, baseline: the same with a login token',
      value,
      unit: 'req/s',
      baseline,
      ratio: value / baseline,
      target: '≥ 0.9× login token',
      holds: value >= 0.9 * baseline,
    };
  } finally {
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

// `node --import tsx bench/api-token.ts [seconds]`: this figure alone (after `npm run build`).
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(__filename)) {
  apiTokenFigure(Number(process.argv[2] ?? 10)).then(
    (figure) => console.log(JSON.stringify(figure)),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
