/**
 * Import and export at 10,000 notes: a Google Keep Takeout of 10,000 notes imported through
 * POST /api/import (notes per second, the server's peak resident memory) beside a bare bulk
 * insert of the same rows (notes, labels, events, import keys) with better-sqlite3 into the same
 * schema in the same run; GET /api/export (JSON and Markdown) of those notes beside a bare read of
 * the same rows serialised as JSON. Run by run.ts (`-- --files-only`), or alone:
 * `node --import tsx bench/files.ts` (after a build).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

import { Readable } from 'node:stream';

import SQLite from 'better-sqlite3';
import { NodeHtmlMarkdown } from 'node-html-markdown';
import YAML from 'yaml';
import yazl from 'yazl';

import { openStore } from '../server/src/store';
import { noteGenerator } from './lib/corpus';
import { root, startJotter, type RunningServer } from './lib/server';
import type { Figure } from './lib/stats';

const noteCount = 10_000;
const cache = path.join(root, 'bench/.cache');

interface SourceNote {
  title: string;
  text: string;
  labels: string[];
  editedUsec: number;
}

function sourceNotes(): SourceNote[] {
  const generator = noteGenerator(14);
  const start = Date.parse('2021-01-01T00:00:00Z');
  return Array.from({ length: noteCount }, (_, i) => {
    const note = generator.next();
    return {
      title: note.title,
      // Keep's plain text: one line per paragraph.
      text: note.text_content,
      labels: note.tags,
      editedUsec: (start + i * 60_000) * 1000,
    };
  });
}

/** The Takeout zip: one Keep JSON per note, as Takeout names and writes them. */
function takeout(notes: SourceNote[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  notes.forEach((n, i) => {
    const json = JSON.stringify({
      color: 'DEFAULT',
      isTrashed: false,
      isPinned: i % 50 === 0,
      isArchived: false,
      textContent: n.text,
      title: n.title,
      userEditedTimestampUsec: n.editedUsec,
      createdTimestampUsec: n.editedUsec,
      labels: n.labels.map((name) => ({ name })),
    });
    zip.addBuffer(Buffer.from(json), `Takeout/Keep/${i} ${n.title.slice(0, 40)}.json`);
  });
  zip.end();
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('error', reject);
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
  });
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The floor: the same rows Jotter writes, inserted with prepared statements in one transaction. */
async function bareInsert(file: string, notes: SourceNote[]): Promise<number> {
  const store = await openStore(`file:${file}`);
  await store.close();
  const db = new SQLite(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  const userId = crypto.randomUUID();
  db.prepare(
    `insert into users (id, email, email_key, first_name, last_name, password_hash, created_at, updated_at)
     values (?, 'bare@example.com', 'bare@example.com', 'B', 'B', '!', '', '')`,
  ).run(userId);
  const insertNote = db.prepare(
    `insert into notes (id, user_id, title, content, text_content, color, priority, tags, pinned, location, previous_location, created_at, updated_at, version)
     values (?, ?, ?, ?, ?, '', 0, ?, ?, 'notes', null, ?, ?, 1)`,
  );
  const insertTag = db.prepare('insert into note_tags (note_id, user_id, tag) values (?, ?, ?)');
  const insertEvent = db.prepare(
    `insert into note_events (user_id, seq, note_id, kind, created_at) values (?, ?, ?, 'UPSERTED', ?)`,
  );
  const insertKey = db.prepare(
    'insert into note_imports (user_id, import_key, note_id, created_at) values (?, ?, ?, ?)',
  );
  const t0 = performance.now();
  db.transaction(() => {
    notes.forEach((n, i) => {
      const id = crypto.randomUUID();
      const at = new Date(n.editedUsec / 1000).toISOString();
      const html = n.text
        .split('\n')
        .map((line) => `<p>${escape(line)}</p>`)
        .join('');
      insertNote.run(
        id,
        userId,
        n.title,
        html,
        n.text,
        JSON.stringify(n.labels),
        i % 50 === 0 ? 1 : 0,
        at,
        at,
      );
      for (const tag of n.labels) insertTag.run(id, userId, tag);
      insertEvent.run(userId, i + 1, id, at);
      insertKey.run(userId, crypto.createHash('sha256').update(`${i}`).digest('base64url'), id, at);
    });
  })();
  const ms = performance.now() - t0;
  db.close();
  return ms;
}

/** Peak resident memory of a process so far, in MB (VmHWM). */
const peakRssMb = (pid: number) =>
  Number(/VmHWM:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

async function signup(server: RunningServer): Promise<string> {
  const res = await fetch(`${server.url}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      firstName: 'Bench',
      lastName: 'Files',
      email: 'files@example.com',
      password: 'bench files password',
    }),
  });
  if (res.status !== 201) throw new Error(`signup: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { encodedToken: string }).encodedToken;
}

async function login(server: RunningServer): Promise<string> {
  const res = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'files@example.com', password: 'bench files password' }),
  });
  return ((await res.json()) as { encodedToken: string }).encodedToken;
}

/** Reads an export to its end; returns milliseconds and bytes. */
async function timedExport(server: RunningServer, token: string, format: string) {
  const t0 = performance.now();
  const res = await fetch(`${server.url}/api/export?format=${format}`, {
    headers: { authorization: token, 'accept-encoding': 'identity' },
  });
  if (!res.ok || !res.body) throw new Error(`export ${format}: ${res.status}`);
  let bytes = 0;
  const reader = res.body.getReader();
  for (let part = await reader.read(); !part.done; part = await reader.read()) {
    bytes += part.value.length;
  }
  return { ms: performance.now() - t0, bytes };
}

/** The floor for an export: the same rows read and serialised as JSON, in process. */
function bareExport(file: string): number {
  const db = new SQLite(file, { readonly: true });
  const t0 = performance.now();
  let bytes = 0;
  for (const row of db.prepare('select * from notes order by created_at, id').iterate()) {
    bytes += JSON.stringify(row).length;
  }
  const ms = performance.now() - t0;
  db.close();
  if (bytes === 0) throw new Error('nothing to export');
  return ms;
}

/**
 * The floor for the Markdown export: the same rows read, each converted with the same library
 * (node-html-markdown) under a YAML front matter, and zipped with yazl, in process.
 */
async function bareMarkdownExport(file: string): Promise<number> {
  const db = new SQLite(file, { readonly: true });
  const convert = new NodeHtmlMarkdown({ bulletMarker: '-' });
  const t0 = performance.now();
  const zip = new yazl.ZipFile();
  let bytes = 0;
  const done = new Promise<void>((resolve, reject) => {
    zip.outputStream.on('data', (c: Buffer) => (bytes += c.length));
    zip.outputStream.on('end', resolve);
    zip.outputStream.on('error', reject);
  });
  type Row = {
    id: string;
    title: string;
    content: string;
    tags: string;
    created_at: string;
    updated_at: string;
  };
  for (const row of db
    .prepare('select * from notes order by created_at, id')
    .iterate() as Iterable<Row>) {
    const meta = YAML.stringify({
      title: row.title,
      labels: JSON.parse(row.tags) as string[],
      created: row.created_at,
      updated: row.updated_at,
    });
    const text = `---\n${meta}---\n\n${convert.translate(row.content)}\n`;
    zip.addReadStream(Readable.from([Buffer.from(text)]), `${row.id}.md`);
  }
  zip.end();
  await done;
  const ms = performance.now() - t0;
  db.close();
  if (bytes === 0) throw new Error('nothing to export');
  return ms;
}

export async function filesFigures(): Promise<Figure[]> {
  fs.mkdirSync(cache, { recursive: true });
  const bareFile = path.join(cache, 'files-bare.db');
  const jotterFile = path.join(cache, 'files-jotter.db');
  for (const f of [bareFile, jotterFile]) {
    for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${f}${suffix}`, { force: true });
  }
  const notes = sourceNotes();
  const zip = await takeout(notes);
  const bareMs = await bareInsert(bareFile, notes);

  let server = await startJotter(`file:${jotterFile}`);
  let importMs: number;
  let importRss: number;
  try {
    const token = await signup(server);
    const t0 = performance.now();
    const res = await fetch(`${server.url}/api/import`, {
      method: 'POST',
      headers: { authorization: token, 'content-type': 'application/zip' },
      body: new Uint8Array(zip),
    });
    const answer = (await res.json()) as { imported?: number };
    importMs = performance.now() - t0;
    if (answer.imported !== noteCount) throw new Error(`import: ${JSON.stringify(answer)}`);
    importRss = peakRssMb(server.pid);
  } finally {
    await server.stop();
  }

  // A fresh process for each export, so each peak is its own.
  const exports: Record<string, { ms: number; bytes: number; rss: number }> = {};
  for (const format of ['json', 'markdown']) {
    server = await startJotter(`file:${jotterFile}`);
    try {
      const token = await login(server);
      const run = await timedExport(server, token, format);
      exports[format] = { ...run, rss: peakRssMb(server.pid) };
    } finally {
      await server.stop();
    }
  }
  const bareExportMs = bareExport(jotterFile);
  const bareMarkdownMs = await bareMarkdownExport(jotterFile);
  const floors: Record<string, { ms: number; what: string }> = {
    json: { ms: bareExportMs, what: 'a bare read + JSON of the same rows' },
    markdown: {
      ms: bareMarkdownMs,
      what: 'a bare read of the same rows converted with the same library and zipped',
    },
  };

  const perSecond = (ms: number) => (noteCount * 1000) / ms;
  const figures: Figure[] = [
    {
      section: 'files',
      figure: `import of a ${noteCount.toLocaleString('en')}-note Keep Takeout (${(zip.length / 1048576).toFixed(1)} MB zip), notes/s vs a bare bulk insert of the same rows`,
      value: perSecond(importMs),
      unit: 'notes/s',
      baseline: perSecond(bareMs),
      ratio: bareMs / importMs,
      target: '≥ 0.3× and ≥ 2,000 notes/s',
      holds: bareMs / importMs >= 0.3 && perSecond(importMs) >= 2000,
    },
    {
      section: 'files',
      figure: 'peak resident memory of the server through that import',
      value: importRss,
      unit: 'MB',
      baseline: null,
      ratio: null,
      target: '≤ 300 MB',
      holds: importRss <= 300,
    },
  ];
  for (const [format, run] of Object.entries(exports)) {
    const floor = floors[format]!;
    figures.push(
      {
        section: 'files',
        figure: `export of ${noteCount.toLocaleString('en')} notes as ${format} (${(run.bytes / 1048576).toFixed(1)} MB), notes/s vs ${floor.what}`,
        value: perSecond(run.ms),
        unit: 'notes/s',
        baseline: perSecond(floor.ms),
        ratio: floor.ms / run.ms,
        target: '≥ 0.3× and ≥ 2,000 notes/s',
        holds: floor.ms / run.ms >= 0.3 && perSecond(run.ms) >= 2000,
      },
      {
        section: 'files',
        figure: `peak resident memory of the server through the ${format} export`,
        value: run.rss,
        unit: 'MB',
        baseline: null,
        ratio: null,
        target: '≤ 300 MB',
        holds: run.rss <= 300,
      },
    );
  }
  return figures;
}

if (require.main === module) {
  filesFigures().then(
    (figures) => {
      for (const f of figures) {
        const ratio =
          f.ratio === null
            ? ''
            : ` (baseline ${f.baseline?.toFixed(0)} ${f.unit}, ${f.ratio.toFixed(2)}×)`;
        console.log(
          `${f.figure}: ${f.value.toFixed(0)} ${f.unit}${ratio} — target ${f.target}: ${f.holds ? 'holds' : 'DOES NOT HOLD'}`,
        );
      }
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
