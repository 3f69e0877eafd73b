import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

import SQLite from 'better-sqlite3';
import { Client } from 'pg';

import { foldCase } from '../server/src/store';
import { root, startJotter, startMedian, type RunningServer } from './lib/server';
import { seedPostgres, seedSources, seedSqlite, type SeedPlan, type SeedResult } from './lib/seed';
import { quantile, timeRuns, type Figure } from './lib/stats';
import { tokenFor } from './lib/tokens';

/** One user with 100,000 notes among 10 users. */
export const searchPlan: SeedPlan = {
  users: [100_000, ...Array<number>(9).fill(1_000)],
  seed: 20_240_601,
};

export interface SearchCase {
  name: string;
  search: string;
  tags?: string[];
  sort?: 'PRIORITY_HIGH_TO_LOW';
}

/** Picks real terms from the seeded corpus: the word whose note count is nearest each target. */
export function pickCases(seed: SeedResult): SearchCase[] {
  const entries = [...seed.wordFrequency.entries()];
  const nearest = (target: number, minLength: number) =>
    entries
      .filter(([w]) => w.length >= minLength)
      .reduce((best, e) => (Math.abs(e[1] - target) < Math.abs(best[1] - target) ? e : best))[0];
  const medium = nearest(3_000, 5);
  return [
    { name: 'rare', search: nearest(30, 6) },
    { name: 'medium', search: medium },
    { name: 'common', search: nearest(80_000, 4) },
    { name: 'two-letter', search: 'ka' },
    { name: 'search+tag+priority', search: medium, tags: ['work'], sort: 'PRIORITY_HIGH_TO_LOW' },
  ];
}

const query = `query Search($filter: NoteFilter) {
  notes(filter: $filter, first: 20) { totalCount nodes { id } }
}`;

/** What Jotter's own list asks: the page without its count (the list never shows a count). */
const pageQuery = `query Search($filter: NoteFilter) {
  notes(filter: $filter, first: 20) { nodes { id } }
}`;

async function graphqlSearch(
  server: RunningServer,
  token: string,
  c: SearchCase,
  text = query,
): Promise<number> {
  try {
    return await graphqlSearchOnce(server, token, c, text);
  } catch {
    // A keep-alive socket the server closed while the baseline ran (5 s idle): one retry.
    return graphqlSearchOnce(server, token, c, text);
  }
}

/** Runs a search; answers its totalCount, or the page's length when the query has no count. */
async function graphqlSearchOnce(
  server: RunningServer,
  token: string,
  c: SearchCase,
  text: string,
): Promise<number> {
  const res = await fetch(`${server.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({
      query: text,
      variables: { filter: { search: c.search, tags: c.tags, sort: c.sort } },
    }),
  });
  const body = (await res.json()) as {
    data?: { notes: { totalCount?: number; nodes: unknown[] } };
    errors?: unknown;
  };
  if (!body.data) throw new Error(`search failed: ${JSON.stringify(body.errors)}`);
  return body.data.notes.totalCount ?? body.data.notes.nodes.length;
}

/**
 * The pre-index query: the same filter as a plain scan, page then count, as the store ran it
 * (over the folded columns with the query folded: search forgives case, store/search-text.ts).
 */
function scanSql(c: SearchCase, dialect: 'sqlite' | 'postgres', userId: string) {
  const needle = foldCase(c.search);
  const params: unknown[] = [];
  const p = (value: unknown) => {
    params.push(value);
    return dialect === 'sqlite' ? '?' : `$${params.length}`;
  };
  const has = (col: string) =>
    dialect === 'sqlite' ? `instr(${col}, ${p(needle)}) > 0` : `strpos(${col}, ${p(needle)}) > 0`;
  let where = `where user_id = ${p(userId)} and location = 'notes' and (${has('search_title')} or ${has('search_text')})`;
  if (c.tags) {
    where += ` and exists (select 1 from note_tags t where t.note_id = notes.id and t.user_id = ${p(userId)} and t.tag = ${p(c.tags[0])})`;
  }
  const order = c.sort
    ? 'order by (case when priority = 0 then 4 else 4 - priority end), created_at desc, id desc'
    : 'order by created_at desc, id desc';
  return {
    page: `select * from notes ${where} ${order} limit 21`,
    count: `select count(*) as n from notes ${where}`,
    params,
  };
}

interface CaseResult {
  name: string;
  search: string;
  matches: number;
  p50: number;
  p95: number;
  baselineP50: number;
  baselineP95: number;
  /** The same search as the app's list asks it (no count), beside the scan's page alone. */
  pageP50: number;
  pageP95: number;
  baselinePageP95: number;
}

async function measure(
  server: RunningServer,
  token: string,
  cases: SearchCase[],
  runs: number,
  baseline: (c: SearchCase) => Promise<number>,
  baselinePage: (c: SearchCase) => Promise<unknown>,
): Promise<CaseResult[]> {
  const results: CaseResult[] = [];
  for (const c of cases) {
    const expected = await baseline(c);
    const got = await graphqlSearch(server, token, c);
    if (got !== expected)
      throw new Error(`${c.name}: Jotter counts ${got}, the scan counts ${expected}`);
    const times = await timeRuns(() => graphqlSearch(server, token, c), runs);
    const base = await timeRuns(() => baseline(c), runs);
    const page = await timeRuns(() => graphqlSearch(server, token, c, pageQuery), runs);
    const basePage = await timeRuns(() => baselinePage(c), runs);
    results.push({
      name: c.name,
      search: c.search,
      matches: expected,
      p50: quantile(times, 0.5),
      p95: quantile(times, 0.95),
      baselineP50: quantile(base, 0.5),
      baselineP95: quantile(base, 0.95),
      pageP50: quantile(page, 0.5),
      pageP95: quantile(page, 0.95),
      baselinePageP95: quantile(basePage, 0.95),
    });
  }
  return results;
}

function figures(engine: string, results: CaseResult[], targetMs: number | null): Figure[] {
  const withCount = results.map((r) => ({
    section: 'search',
    figure: `${engine} search ${r.name} "${r.search}" (${r.matches} matches) p95 [p50 ${r.p50.toFixed(1)}]`,
    value: r.p95,
    unit: 'ms',
    baseline: r.baselineP95,
    ratio: r.baselineP95 / r.p95,
    target: targetMs === null ? 'report' : `p95 ≤ ${targetMs} ms`,
    holds: targetMs === null ? null : r.p95 <= targetMs,
  }));
  const asTheAppAsks = results.map((r) => ({
    section: 'search',
    figure: `${engine} search ${r.name} "${r.search}", first page without totalCount (as the app asks) p95 [p50 ${r.pageP50.toFixed(1)}]`,
    value: r.pageP95,
    unit: 'ms',
    baseline: r.baselinePageP95,
    ratio: r.baselinePageP95 / r.pageP95,
    target: 'report',
    holds: null,
  }));
  return [...withCount, ...asTheAppAsks];
}

/** The seeded SQLite file, built once per corpus, migrations and seeder version and then reused. */
async function sqliteCorpus(): Promise<{ file: string; seed: SeedResult }> {
  const hash = crypto.createHash('sha256');
  for (const f of seedSources(root)) {
    hash.update(fs.readFileSync(path.join(root, f)));
  }
  hash.update(JSON.stringify(searchPlan));
  const dir = path.join(root, 'bench/.cache');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `search-${hash.digest('hex').slice(0, 12)}.db`);
  const meta = `${file}.json`;
  if (fs.existsSync(file) && fs.existsSync(meta)) {
    const saved = JSON.parse(fs.readFileSync(meta, 'utf8')) as {
      users: SeedResult['users'];
      words: Array<[string, number]>;
      seconds: number;
    };
    return {
      file,
      seed: { users: saved.users, wordFrequency: new Map(saved.words), seconds: saved.seconds },
    };
  }
  for (const f of fs.readdirSync(dir)) if (f.startsWith('search-')) fs.rmSync(path.join(dir, f));
  console.log('  seeding 109,000 notes into SQLite (once; cached in bench/.cache)…');
  const seed = await seedSqlite(file, searchPlan);
  fs.writeFileSync(
    meta,
    JSON.stringify({ users: seed.users, words: [...seed.wordFrequency], seconds: seed.seconds }),
  );
  return { file, seed };
}

/** Search on SQLite at 100,000 notes; returns the figures, the server's RSS and its cold start. */
export async function searchSqlite(
  runs: number,
): Promise<{ figures: Figure[]; rssMb: number; startMs: number; cases: SearchCase[] }> {
  const { file, seed } = await sqliteCorpus();
  const user = seed.users[0]!;
  const cases = pickCases(seed);
  const server = await startMedian(() => startJotter(`file:${file}`));
  const db = new SQLite(file, { readonly: true });
  try {
    const baseline = (c: SearchCase) => {
      const s = scanSql(c, 'sqlite', user.id);
      db.prepare(s.page).all(...s.params);
      const row = db.prepare(s.count).get(...s.params) as { n: number };
      return Promise.resolve(row.n);
    };
    const baselinePage = (c: SearchCase) => {
      const s = scanSql(c, 'sqlite', user.id);
      return Promise.resolve(db.prepare(s.page).all(...s.params));
    };
    const results = await measure(server, tokenFor(user), cases, runs, baseline, baselinePage);
    return {
      figures: figures('SQLite', results, 20),
      rssMb: server.rssMb(),
      startMs: server.startMs,
      cases,
    };
  } finally {
    db.close();
    await server.stop();
  }
}

/** Search on PostgreSQL (TEST_DATABASE_URL from scripts/with-postgres.sh) at 100,000 notes. */
export async function searchPostgres(adminUrl: string, runs: number): Promise<Figure[]> {
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query('drop database if exists jotter_bench with (force)');
  await admin.query('create database jotter_bench');
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = '/jotter_bench';
  console.log('  seeding 109,000 notes into PostgreSQL…');
  const seed = await seedPostgres(url.toString(), searchPlan);
  console.log(`  seeded in ${seed.seconds.toFixed(0)} s`);
  const user = seed.users[0]!;
  const cases = pickCases(seed);
  const server = await startJotter(url.toString());
  const client = new Client({ connectionString: url.toString() });
  await client.connect();
  try {
    const baseline = async (c: SearchCase) => {
      const s = scanSql(c, 'postgres', user.id);
      await client.query(s.page, s.params);
      const res = await client.query<{ n: string }>(s.count, s.params);
      return Number(res.rows[0]!.n);
    };
    const baselinePage = (c: SearchCase) => {
      const s = scanSql(c, 'postgres', user.id);
      return client.query(s.page, s.params);
    };
    const results = await measure(server, tokenFor(user), cases, runs, baseline, baselinePage);
    return figures('PostgreSQL', results, null);
  } finally {
    await client.end();
    await server.stop();
  }
}
