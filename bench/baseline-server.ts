/**
 * The API baseline: a bare node:http server doing the same SQL as Jotter through better-sqlite3
 * and JSON.stringify-ing the same rows. No framework, no auth, no validation, no sanitising:
 * the caller names the user in the `x-user` header.
 */
import crypto from 'node:crypto';
import http from 'node:http';

import SQLite from 'better-sqlite3';

const db = new SQLite(process.env.DATABASE_FILE);
db.pragma('journal_mode = WAL');
db.pragma('synchronous = NORMAL');

const all = db.prepare(
  `select * from notes where user_id = ? and location = 'notes' order by created_at asc, id asc`,
);
const page = db.prepare(
  `select * from notes where user_id = ? and location = 'notes' order by created_at desc, id desc limit 51`,
);
const count = db.prepare(
  `select count(*) as n from notes where user_id = ? and location = 'notes'`,
);
const insert = db.prepare(
  `insert into notes (id, user_id, title, content, text_content, color, priority, tags, location, previous_location, created_at, updated_at)
   values (?, ?, ?, ?, ?, '', 0, ?, 'notes', null, ?, ?)`,
);
const insertTag = db.prepare('insert into note_tags (note_id, user_id, tag) values (?, ?, ?)');

interface Row {
  id: string;
  tags: string;
  [key: string]: unknown;
}
const wire = (rows: Row[]) => rows.map((r) => ({ ...r, tags: JSON.parse(r.tags) as string[] }));

function send(res: http.ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

const server = http.createServer((req, res) => {
  const user = String(req.headers['x-user']);
  if (req.url === '/healthz') return send(res, 200, { status: 'ok' });
  if (req.method === 'GET' && req.url === '/api/notes') {
    return send(res, 200, { notes: wire(all.all(user) as Row[]) });
  }
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
      note: { title: string; content: string; tags?: string[] };
    };
    if (req.url === '/graphql') {
      const rows = wire(page.all(user) as Row[]);
      const { n } = count.get(user) as { n: number };
      return send(res, 200, { data: { notes: { totalCount: n, nodes: rows.slice(0, 50) } } });
    }
    const { note } = body;
    const id = crypto.randomUUID();
    const at = new Date().toISOString();
    const tags = note.tags ?? [];
    db.transaction(() => {
      insert.run(id, user, note.title, note.content, note.content, JSON.stringify(tags), at, at);
      for (const tag of tags) insertTag.run(id, user, tag);
    })();
    send(res, 201, { notes: wire(all.all(user) as Row[]) });
  });
});
server.listen(Number(process.env.PORT), '127.0.0.1');
