import crypto from 'node:crypto';

import { Client } from 'pg';

/**
 * A private database for one test app: in-memory SQLite by default, or a fresh PostgreSQL
 * database on the server named by TEST_DATABASE_URL (dropped again by `drop`).
 */
export async function testDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const admin = process.env.TEST_DATABASE_URL;
  if (!admin) return { url: ':memory:', drop: () => Promise.resolve() };
  const name = `jotter_test_${crypto.randomBytes(6).toString('hex')}`;
  const run = async (statement: string) => {
    const client = new Client({ connectionString: admin });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`create database ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}
