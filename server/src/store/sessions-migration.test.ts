import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import SQLite from 'better-sqlite3';
import jwt from 'jsonwebtoken';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql } from 'kysely';
import { Pool } from 'pg';

import { createTestApp, type TestApp } from '../test-support/app';
import { testDatabase } from '../test-support/database';
import type { Dialect } from './dialect';
import { migrationProvider } from './migrations';

/**
 * Migration 0012 (sessions and API tokens) on a database made before it (SQLite, and PostgreSQL
 * with TEST_DATABASE_URL): a token issued before it (no `sid`) still works after it, nobody is
 * signed out, and the new tables go with their user.
 */
let database: { url: string; drop: () => Promise<void> };
let dir: string;
let t: TestApp;
const secret = 'test-secret-that-is-long-enough-for-hs256-0123456789';
const at = '2026-11-25T10:00:00.000Z';

beforeAll(async () => {
  database = await testDatabase();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jotter-0012-'));
  const dialect: Dialect = database.url.startsWith('postgres') ? 'postgres' : 'sqlite';
  const url = dialect === 'postgres' ? database.url : `file:${path.join(dir, 'jotter.db')}`;
  const db = new Kysely<unknown>({
    dialect:
      dialect === 'postgres'
        ? new PostgresDialect({ pool: new Pool({ connectionString: database.url }) })
        : new SqliteDialect({ database: new SQLite(path.join(dir, 'jotter.db')) }),
  });
  try {
    const migrator = new Migrator({ db, provider: migrationProvider(dialect) });
    expect((await migrator.migrateTo('0011_search_folded')).error).toBeUndefined();
    await sql`insert into users (id, email, email_key, first_name, last_name, password_hash, created_at, updated_at)
      values ('u1', 'old@example.com', 'old@example.com', 'Old', 'Timer', 'x', ${at}, ${at})`.execute(
      db,
    );
  } finally {
    await db.destroy();
  }
  t = await createTestApp({ databaseUrl: url, jwtSecret: secret });
});

afterAll(async () => {
  await t.close();
  await database.drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

it('keeps a token issued before it working, and lets its user make API tokens', async () => {
  const old = jwt.sign({ sub: 'u1', email: 'old@example.com', ver: 0 }, secret, {
    algorithm: 'HS256',
    expiresIn: '1h',
  });
  const me = await t.http.get('/api/user').set('authorization', old);
  expect(me.status).toBe(200);
  expect(me.body.user._id).toBe('u1');
  const created = await t.http
    .post('/api/tokens')
    .set('authorization', old)
    .send({ name: 'after the upgrade', scope: 'read' });
  expect(created.status).toBe(201);
  const api = await t.http.get('/api/notes').set('authorization', created.body.token);
  expect(api.status).toBe(200);
  expect(await t.behind.countOf('api_tokens', 'u1')).toBe(1);
  await t.behind.deleteUser('u1');
  expect(await t.behind.countOf('api_tokens', 'u1')).toBe(0);
  expect((await t.http.get('/api/notes').set('authorization', old)).status).toBe(401);
});
