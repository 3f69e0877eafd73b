import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

import SQLite from 'better-sqlite3';
import { Client } from 'pg';

import { foldCase, openStore } from '../../server/src/store';
import { noteGenerator, type GeneratedNote } from './corpus';

/** A seeded user: id and email, for signing a token. */
export interface SeededUser {
  id: string;
  email: string;
  notes: number;
}

export interface SeedPlan {
  /** Notes per user, in order. */
  users: number[];
  seed: number;
}

export interface SeedResult {
  users: SeededUser[];
  /** Document frequency of each vocabulary word in the first user's notes (to pick search terms). */
  wordFrequency: Map<string, number>;
  seconds: number;
}

/**
 * The files a seeded database is made from, relative to the repository's `root`: the benches
 * key their cached corpus files by these, so a change to one seeds afresh.
 */
export function seedSources(root: string): string[] {
  const migrations = 'server/src/store/migrations';
  const migrationFiles = fs
    .readdirSync(path.join(root, migrations))
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .sort()
    .map((file) => `${migrations}/${file}`);
  return [
    'bench/lib/corpus.ts',
    'bench/lib/seed.ts',
    'server/src/store/search-text.ts',
    ...migrationFiles,
  ];
}

const start = Date.parse('2020-01-01T00:00:00.000Z');

/**
 * Rows for every note of the plan, generated deterministically, one user at a time. Dates rise a
 * minute per note, so "newest first" has a stable answer.
 */
function* rows(plan: SeedPlan, users: SeededUser[]) {
  const generator = noteGenerator(plan.seed);
  let minute = 0;
  for (const user of users) {
    for (let i = 0; i < user.notes; i += 1) {
      minute += 1;
      const at = new Date(start + minute * 60_000).toISOString();
      const note: GeneratedNote = generator.next();
      yield {
        user,
        row: {
          id: crypto.randomUUID(),
          user_id: user.id,
          title: note.title,
          content: note.content,
          text_content: note.text_content,
          // What the store writes beside them for search (server/src/store/search-text.ts).
          search_title: foldCase(note.title),
          search_text: foldCase(note.text_content),
          color: note.color,
          priority: note.priority,
          tags: JSON.stringify(note.tags),
          location: 'notes',
          previous_location: null,
          created_at: at,
          updated_at: at,
        },
        tags: note.tags,
      };
    }
  }
}

function planUsers(plan: SeedPlan): SeededUser[] {
  return plan.users.map((notes, i) => ({
    id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    email: `bench${i}@example.com`,
    notes,
  }));
}

const userRow = (u: SeededUser) => ({
  id: u.id,
  email: u.email,
  email_key: u.email,
  first_name: 'Bench',
  last_name: 'User',
  // Never used: the benchmark signs tokens with the server's secret instead of logging in.
  password_hash: '!',
  token_version: 0,
  created_at: new Date(start).toISOString(),
  updated_at: new Date(start).toISOString(),
});

function countWords(text: string, into: Map<string, number>) {
  for (const w of new Set(text.split(/[^A-Za-z]+/))) if (w) into.set(w, (into.get(w) ?? 0) + 1);
}

/** Creates a SQLite database through Jotter's own migrations and fills it in bulk. */
export async function seedSqlite(file: string, plan: SeedPlan): Promise<SeedResult> {
  const t0 = performance.now();
  const store = await openStore(`file:${file}`);
  await store.close();
  const db = new SQLite(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  const users = planUsers(plan);
  const insertUser = db.prepare(
    `insert into users (id, email, email_key, first_name, last_name, password_hash, token_version, created_at, updated_at)
     values (@id, @email, @email_key, @first_name, @last_name, @password_hash, @token_version, @created_at, @updated_at)`,
  );
  const insertNote = db.prepare(
    `insert into notes (id, user_id, title, content, text_content, search_title, search_text, color, priority, tags, location, previous_location, created_at, updated_at)
     values (@id, @user_id, @title, @content, @text_content, @search_title, @search_text, @color, @priority, @tags, @location, @previous_location, @created_at, @updated_at)`,
  );
  const insertTag = db.prepare('insert into note_tags (note_id, user_id, tag) values (?, ?, ?)');
  const wordFrequency = new Map<string, number>();
  const first = users[0]!.id;
  let batch = 0;
  db.exec('begin');
  for (const u of users) insertUser.run(userRow(u));
  for (const { user, row, tags } of rows(plan, users)) {
    insertNote.run(row);
    for (const tag of tags) insertTag.run(row.id, user.id, tag);
    if (user.id === first) countWords(`${row.title} ${row.text_content}`, wordFrequency);
    batch += 1;
    if (batch % 10_000 === 0) {
      db.exec('commit');
      db.exec('begin');
    }
  }
  db.exec('commit');
  // The search index as a server leaves it after a commit: its segments merged until FTS5 finds
  // nothing more to merge (store/database.ts, searchIndexMerger).
  const changes = db.prepare('select total_changes()').pluck();
  const merge = db.prepare(`insert into notes_search (notes_search, rank) values ('merge', 50)`);
  for (let before = changes.get() as number; ; before = changes.get() as number) {
    merge.run();
    if ((changes.get() as number) - before < 2) break;
  }
  db.exec('analyze');
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  return { users, wordFrequency, seconds: (performance.now() - t0) / 1000 };
}

/** Creates a PostgreSQL database through Jotter's own migrations and fills it in bulk. */
export async function seedPostgres(url: string, plan: SeedPlan): Promise<SeedResult> {
  const t0 = performance.now();
  const store = await openStore(url);
  await store.close();
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const users = planUsers(plan);
    for (const u of users) {
      const r = userRow(u);
      await client.query(
        `insert into users (id, email, email_key, first_name, last_name, password_hash, token_version, created_at, updated_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [
          r.id,
          r.email,
          r.email_key,
          r.first_name,
          r.last_name,
          r.password_hash,
          r.token_version,
          r.created_at,
          r.updated_at,
        ],
      );
    }
    const columns = [
      'id',
      'user_id',
      'title',
      'content',
      'text_content',
      'search_title',
      'search_text',
      'color',
      'priority',
      'tags',
      'location',
      'created_at',
      'updated_at',
    ] as const;
    let notes: Record<(typeof columns)[number], unknown[]> = emptyColumns(columns);
    let tags = { note_id: [] as string[], user_id: [] as string[], tag: [] as string[] };
    const flush = async () => {
      await client.query(
        `insert into notes (${columns.join(', ')})
         select * from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::int[], $10::text[], $11::text[], $12::text[], $13::text[])`,
        columns.map((c) => notes[c]),
      );
      await client.query(
        'insert into note_tags (note_id, user_id, tag) select * from unnest($1::text[], $2::text[], $3::text[])',
        [tags.note_id, tags.user_id, tags.tag],
      );
      notes = emptyColumns(columns);
      tags = { note_id: [], user_id: [], tag: [] };
    };
    const wordFrequency = new Map<string, number>();
    const first = users[0]!.id;
    let n = 0;
    for (const { user, row, tags: noteTags } of rows(plan, users)) {
      for (const c of columns) notes[c].push(row[c]);
      for (const tag of noteTags) {
        tags.note_id.push(row.id);
        tags.user_id.push(user.id);
        tags.tag.push(tag);
      }
      if (user.id === first) countWords(`${row.title} ${row.text_content}`, wordFrequency);
      n += 1;
      if (n % 2000 === 0) await flush();
    }
    await flush();
    await client.query('vacuum analyze notes');
    await client.query('vacuum analyze note_tags');
    return { users, wordFrequency, seconds: (performance.now() - t0) / 1000 };
  } finally {
    await client.end();
  }
}

function emptyColumns<K extends string>(columns: readonly K[]): Record<K, unknown[]> {
  return Object.fromEntries(columns.map((c) => [c, []])) as unknown as Record<K, unknown[]>;
}
