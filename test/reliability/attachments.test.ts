import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import SQLite from 'better-sqlite3';
import sharp from 'sharp';

import { call, signupOver } from '../support/client';
import { report } from '../support/report';
import { startServer, until, type ServerProcess } from '../support/server-process';
import { attachmentIdsIn, memoryOf, pdfChunks, upload } from '../support/uploads';

/**
 * Issue 40's reliability: 20 concurrent 20 MB uploads keep the server's peak resident memory
 * (VmHWM) ≤ 400 MB; a SIGKILL mid-upload (bytes in the database, and bytes in ATTACHMENT_DIR)
 * leaves no half-stored attachment (no row, no file without its row once the server has started
 * again) and no note pointing at one; the server restarts healthy.
 *
 * Memory is measured on the built bundle (`npm run build` first, as CI does). The 20 MB bodies
 * are PDFs (a valid header and trailer around random bytes): a PDF is stored as it is, so they
 * exercise the streaming path (the limit counted while reading, the quota, the storage) and not
 * the image decoder. Four real 4000×3000 photos (noisy JPEGs of about 9 MB)
 * go through the decoder at once in a test of their own, measured by the same peak.
 */
let dir: string;
let server: ServerProcess | undefined;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jotter-attachments-rel-'));
});
afterEach(async () => {
  if (server) {
    server.kill('SIGKILL');
    await server.exited;
    server = undefined;
  }
  fs.rmSync(dir, { recursive: true, force: true });
});

const MB = 1_000_000;

/** A 4000×3000 noisy photo, as a phone makes: a JPEG of about 10 MB. */
async function phonePhoto(): Promise<Buffer> {
  const width = 4000;
  const height = 3000;
  const pixels = Buffer.alloc(width * height * 3);
  // Smooth gradients plus noise: a photo's entropy, not a flat colour that compresses to nothing.
  let seed = 12345;
  for (let i = 0; i < pixels.length; i += 1) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    pixels[i] = ((i % (width * 3)) / 48 + ((seed >> 16) % 96)) & 0xff;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
}

async function memoryServer(): Promise<{ server: ServerProcess; tokens: string[] }> {
  // The bundle as deployed: tsx's compiler alone takes the source's peak to about 240 MB at rest.
  const started = await startServer({
    databaseUrl: `file:${path.join(dir, 'jotter.db')}`,
    dataDir: dir,
    built: true,
    // Its own temporary folder: another Jotter process on this machine may sweep the shared one.
    env: { TMPDIR: fs.mkdtempSync(path.join(dir, 'tmp-')) },
  });
  const users = await Promise.all(
    [0, 1, 2, 3].map((i) => signupOver(started.url, `memory${i}@example.com`)),
  );
  return { server: started, tokens: users.map((u) => u.token) };
}

it('20 concurrent 20 MB uploads keep the peak resident memory ≤ 400 MB', async () => {
  const started = await memoryServer();
  server = started.server;
  const { tokens } = started;
  const before = memoryOf(server.child.pid!);
  const t0 = Date.now();
  const pdfs = Array.from({ length: 20 }, (_, i) =>
    upload(server!.url, tokens[i % tokens.length]!, pdfChunks(20 * MB), { name: `big-${i}.pdf` }),
  );
  const answers = await Promise.all(pdfs.map((u) => u.answer));
  const seconds = (Date.now() - t0) / 1000;
  expect(answers.map((a) => a.status)).toEqual(Array(20).fill(201));
  for (const a of answers) {
    expect((a.body as { attachment: unknown }).attachment).toMatchObject({
      size: 20 * MB,
      contentType: 'application/pdf',
    });
  }
  const after = memoryOf(server.child.pid!);
  // One stored PDF reads back whole: what was acknowledged is what is served.
  const first = answers[0]!.body as { attachment: { url: string } };
  const back = await fetch(`${server.url}${first.attachment.url}`, {
    headers: { authorization: `Bearer ${tokens[0]!}` },
  });
  expect(back.status).toBe(200);
  expect((await back.arrayBuffer()).byteLength).toBe(20 * MB);
  report(
    'attachments memory, 20 × 20 MB',
    `peak RSS ${before.peakMb.toFixed(0)} MB at rest, ${after.peakMb.toFixed(0)} MB after 20 concurrent 20 MB PDFs (${seconds.toFixed(1)} s; limit 400 MB)`,
  );
  expect(after.peakMb).toBeLessThanOrEqual(400);
});

/**
 * Photos are decoded, unlike PDFs: one 12-megapixel photo holds its pixels twice (decoded, then
 * turned upright) beside libvips' buffers, and the server decodes one at a time. Measured
 * 371–481 MB at peak on a busy 2-core machine; the budget is 512 MB (the issue's 400 MB is for
 * the 20 × 20 MB uploads above).
 */
it('four concurrent 4000×3000 photos keep the peak resident memory ≤ 512 MB', async () => {
  const started = await memoryServer();
  server = started.server;
  const { tokens } = started;
  const photo = await phonePhoto();
  const before = memoryOf(server.child.pid!);
  const photos = tokens.map((token) =>
    upload(server!.url, token, [photo], { contentType: 'image/jpeg', name: 'p.jpg' }),
  );
  const answers = await Promise.all(photos.map((u) => u.answer));
  expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201]);
  for (const a of answers) {
    expect((a.body as { attachment: unknown }).attachment).toMatchObject({
      contentType: 'image/jpeg',
      width: 4000,
      height: 3000,
    });
  }
  const after = memoryOf(server.child.pid!);
  report(
    'attachments memory, photos',
    `peak RSS ${before.peakMb.toFixed(0)} MB at rest, ${after.peakMb.toFixed(0)} MB after four concurrent ${(photo.length / MB).toFixed(1)} MB 4000×3000 JPEGs (limit 512 MB)`,
  );
  expect(after.peakMb).toBeLessThanOrEqual(512);
});

/** Every file under `folder`, as paths relative to it (one a sweep removes meanwhile is gone). */
function filesUnder(folder: string): string[] {
  if (!fs.existsSync(folder)) return [];
  return (fs.readdirSync(folder, { recursive: true }) as string[]).filter(
    (f) => fs.statSync(path.join(folder, f), { throwIfNoEntry: false })?.isFile() ?? false,
  );
}

/**
 * What `list()` still finds once it finds nothing, or after `ms`: a server sweeps what a killed
 * one left as it starts, beside answering requests, with no signal that it is done.
 */
async function leftOnceSwept(list: () => string[], ms = 60_000): Promise<string[]> {
  await until(() => list().length === 0, ms, 'the sweep').catch(() => undefined);
  return list();
}

/**
 * What the database holds: the attachments' ids, the files their rows name (ATTACHMENT_DIR), and
 * the ids the notes' content uses.
 */
function stored(file: string): { attachments: string[]; paths: string[]; used: string[] } {
  const db = new SQLite(file, { readonly: true });
  try {
    const rows = db.prepare('select id, path from attachments').all() as Array<{
      id: string;
      path: string | null;
    }>;
    const attachments = rows.map((r) => r.id).sort();
    const paths = rows.flatMap((r) => (r.path ? [r.path] : []));
    const used = (db.prepare('select content from notes').all() as Array<{ content: string }>)
      .flatMap((r) => attachmentIdsIn(r.content))
      .sort();
    return { attachments, paths, used };
  } finally {
    db.close();
  }
}

it('a SIGKILL mid-upload leaves no half-stored attachment and no note pointing at one, in the database and in ATTACHMENT_DIR', async () => {
  const file = path.join(dir, 'jotter.db');
  const databaseUrl = `file:${file}`;
  const outcomes: string[] = [];
  /** Files a killed upload left behind after the next start: checked once every case has run. */
  const leftovers: string[] = [];
  for (const storage of ['database', 'ATTACHMENT_DIR'] as const) {
    const attachmentDir = path.join(dir, 'files');
    // The server's own temporary folder, to see what a killed upload leaves there too.
    const temporary = path.join(dir, `tmp-${storage}`);
    fs.mkdirSync(temporary);
    const env: Record<string, string> = {
      TMPDIR: temporary,
      ...(storage === 'ATTACHMENT_DIR' ? { ATTACHMENT_DIR: attachmentDir } : {}),
    };
    for (const killAt of ['half the body sent', 'the whole body sent'] as const) {
      server = await startServer({ databaseUrl, dataDir: dir, env });
      const user = await signupOver(server.url, `kill-${storage}-${killAt.length}@example.com`);
      // One complete upload, used by a note: it must survive every kill.
      const kept = await upload(server.url, user.token, pdfChunks(MB), { name: 'kept.pdf' }).answer;
      expect(kept.status).toBe(201);
      const keptId = (kept.body as { attachment: { _id: string } }).attachment._id;
      const note = await call(server.url, 'POST', '/api/notes', {
        token: user.token,
        body: {
          note: {
            title: 'keeps one',
            content: `<p><img src="/api/attachments/${keptId}" alt="kept"></p>`,
          },
        },
      });
      expect(note.status).toBe(201);
      const before = stored(file);

      const cut = upload(server.url, user.token, pdfChunks(20 * MB), {
        name: 'cut.pdf',
        stopAfter: killAt === 'half the body sent' ? 10 * MB : undefined,
      });
      if (killAt === 'half the body sent') await cut.written;
      else await cut.sent;
      server.kill('SIGKILL');
      await server.exited;
      server = undefined;
      cut.request.destroy();

      // Straight after the kill: every id a note uses has its row, and the cut upload has none,
      // unless the server had stored it whole before the kill (checked below by reading it).
      const afterKill = stored(file);
      expect(afterKill.used.filter((id) => !afterKill.attachments.includes(id))).toEqual([]);
      const landed = afterKill.attachments.filter((id) => !before.attachments.includes(id));
      expect(landed.length).toBeLessThanOrEqual(killAt === 'half the body sent' ? 0 : 1);

      server = await startServer({ databaseUrl, dataDir: dir, env });
      expect((await call(server.url, 'GET', '/healthz')).status).toBe(200);
      // After the start: no file in ATTACHMENT_DIR without its row (a sweep may have run).
      const { attachments: rows, paths } = stored(file);
      const owned = (f: string) =>
        rows.some((id) => f.includes(id)) ||
        paths.some((p) => path.resolve(attachmentDir, p) === path.join(attachmentDir, f));
      const orphans = filesUnder(attachmentDir).filter((f) => !owned(f));
      // Nor any spooled part of the cut upload in the server's temporary folder (tsx's compile
      // cache is there too: the server runs from source).
      const spooled = await leftOnceSwept(() =>
        filesUnder(temporary).filter((f) => !f.startsWith('tsx-')),
      );
      const where = `${storage}, killed with ${killAt}`;
      leftovers.push(
        ...orphans.map((f) => `${where}: ${f} in ATTACHMENT_DIR`),
        ...spooled.map((f) => `${where}: ${f} in TMPDIR`),
      );
      // The kept attachment still reads whole, and the server takes a new upload.
      const read = await fetch(`${server.url}/api/attachments/${keptId}`, {
        headers: { authorization: `Bearer ${user.token}` },
      });
      expect(read.status).toBe(200);
      expect((await read.arrayBuffer()).byteLength).toBe(MB);
      for (const id of landed) {
        const whole = await fetch(`${server.url}/api/attachments/${id}`, {
          headers: { authorization: `Bearer ${user.token}` },
        });
        expect((await whole.arrayBuffer()).byteLength).toBe(20 * MB);
      }
      const again = await upload(server.url, user.token, pdfChunks(MB), { name: 'again.pdf' })
        .answer;
      expect(again.status).toBe(201);
      outcomes.push(
        `${storage}, killed with ${killAt}: ${landed.length ? 'stored whole before the kill' : 'nothing stored'}, ${rows.length} rows, ${filesUnder(attachmentDir).length} files, ${orphans.length + spooled.length} left behind`,
      );
      server.kill('SIGKILL');
      await server.exited;
      server = undefined;
    }
  }
  report('SIGKILL mid-upload', outcomes.join('; '));
  expect(leftovers).toEqual([]);
});
