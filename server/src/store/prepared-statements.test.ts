import SQLite from 'better-sqlite3';

import { keptStatements, preparedOnce } from './prepared-statements';

/** Kysely's `SqliteDatabase` over better-sqlite3, preparing each SQL text once. */
let sqlite: SQLite.Database | undefined;
beforeEach(() => {
  sqlite = new SQLite(':memory:');
  sqlite.exec('create table t (n integer)');
  sqlite.exec('insert into t values (1), (2), (3)');
});
afterEach(() => sqlite?.close());

it('hands out the same statement for the same text, and runs it again with new parameters', () => {
  const db = preparedOnce(() => sqlite);
  const first = db.prepare('select n from t where n >= ?');
  const again = db.prepare('select n from t where n >= ?');
  expect(again).toBe(first);
  expect(first.all([2])).toEqual([{ n: 2 }, { n: 3 }]);
  expect(again.all([3])).toEqual([{ n: 3 }]);
  expect(db.prepare('select n from t where n < ?')).not.toBe(first);
});

it('gives a fresh statement while the kept one is still walking its rows', () => {
  const db = preparedOnce(() => sqlite);
  const walking = db.prepare('select n from t order by n');
  const rows = walking.iterate([]);
  expect(rows.next().value).toEqual({ n: 1 });
  const meanwhile = db.prepare('select n from t order by n');
  expect(meanwhile).not.toBe(walking);
  expect(meanwhile.all([])).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
  expect([...rows]).toEqual([{ n: 2 }, { n: 3 }]);
});

it('keeps the most recently used texts, up to its limit', () => {
  const db = preparedOnce(() => sqlite);
  const oldest = db.prepare('select 0');
  const used = db.prepare('select 1');
  for (let i = 2; i < keptStatements; i += 1) db.prepare(`select ${i}`);
  // Using "select 1" again makes "select 0" the least recently used.
  expect(db.prepare('select 1')).toBe(used);
  db.prepare(`select ${keptStatements}`);
  expect(db.prepare('select 1')).toBe(used);
  expect(db.prepare('select 0')).not.toBe(oldest);
});

it('never hands out a statement of a database closed and opened again', () => {
  const db = preparedOnce(() => sqlite);
  const before = db.prepare('select n from t');
  sqlite!.close();
  sqlite = new SQLite(':memory:');
  sqlite.exec('create table t (n integer)');
  const after = db.prepare('select n from t');
  expect(after).not.toBe(before);
  expect(after.all([])).toEqual([]);
});

it('closes the database, and refuses to prepare on none', () => {
  const db = preparedOnce(() => sqlite);
  db.close();
  expect(sqlite!.open).toBe(false);
  sqlite = undefined;
  expect(() => db.prepare('select 1')).toThrow('not open');
});
