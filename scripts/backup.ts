/**
 * `npm run backup -- <file>`: a consistent copy of Jotter's SQLite database, taken with SQLite's
 * online backup while the server keeps serving (reads and writes go on; the copy is the database
 * as of one moment). The database is the one DATABASE_URL names, as for the server. PostgreSQL
 * has its own tool: pg_dump (see docs/operations.md).
 */
import fs from 'node:fs';
import path from 'node:path';

import SQLite from 'better-sqlite3';

import { loadConfig } from '../server/src/config';

async function main() {
  const target = process.argv[2];
  if (!target) throw new Error('usage: npm run backup -- <file>');
  const { databaseUrl } = loadConfig();
  if (!databaseUrl.startsWith('file:') || databaseUrl === 'file::memory:') {
    throw new Error(
      `DATABASE_URL is ${databaseUrl.replace(/\/\/[^@]*@/, '//***@')}: back up PostgreSQL with pg_dump (docs/operations.md)`,
    );
  }
  const source = databaseUrl.slice('file:'.length);
  if (!fs.existsSync(source)) throw new Error(`no database at ${path.resolve(source)}`);
  if (fs.existsSync(target)) throw new Error(`${target} exists: choose a new file`);
  const db = new SQLite(source, { readonly: true, fileMustExist: true });
  try {
    await db.backup(target);
  } finally {
    db.close();
  }
  const copy = new SQLite(target, { readonly: true });
  const check = copy.pragma('integrity_check', { simple: true });
  const notes = (copy.prepare('select count(*) as n from notes').get() as { n: number }).n;
  copy.close();
  if (check !== 'ok') throw new Error(`the copy failed its integrity check: ${String(check)}`);
  console.log(
    `backed up ${path.resolve(source)} to ${path.resolve(target)}: ${notes} notes, integrity ok`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
