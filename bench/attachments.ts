/**
 * Issue 40's attachments, each beside a baseline measured in the same run:
 * 1. a 10 MB phone photo (4000×3000 noisy JPEG) uploaded and its thumbnail ready (POST, then GET
 *    ?size=thumb answers), p50, beside a bare `sharp` resize of the same file to the same
 *    thumbnail plus a raw write of the file (target ≤ 1.5×);
 * 2. 100 parallel 200 kB uploads, beside a bare Express raw-body write to a file (target ≥ 0.5×
 *    its throughput); the bodies are PDFs, stored as they are, so this is the upload path itself
 *    (streaming, sniffing, quota, storage); 200 kB JPEGs, which also get a thumbnail, are a
 *    second line without a target;
 * 3. /home with 200 notes holding photos: the bytes of the thumbnails the cards fetch
 *    (`?size=thumb` of each note's image) beside the originals' bytes (target ≤ 1/10). Counted
 *    over HTTP, not in a browser: the cards that fetch thumbnails are another branch's.
 * Run by run.ts (`-- --attachments-only`), or alone: `node --import tsx bench/attachments.ts`
 * (after a build).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import sharp from 'sharp';

import { freePort, startJotter, startProcess, type RunningServer } from './lib/server';
import { quantile, type Figure } from './lib/stats';

const password = 'bench password 123';

async function signup(base: string, email: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      firstName: 'Bench',
      lastName: 'Mark',
      email,
      password,
      confirmPassword: password,
    }),
  });
  if (res.status !== 201) throw new Error(`signup: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { encodedToken: string }).encodedToken;
}

interface Stored {
  _id: string;
  url: string;
  size: number;
}

/** A body fetch sends as it is (a copy made once, outside any timing). */
const bodyOf = (b: Buffer): Uint8Array<ArrayBuffer> => new Uint8Array(b);

async function post(
  url: string,
  token: string,
  body: Uint8Array<ArrayBuffer>,
  type: string,
): Promise<Stored> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': type },
    body,
  });
  if (res.status !== 201) throw new Error(`POST ${url}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { attachment: Stored }).attachment;
}

async function getBytes(url: string, token: string): Promise<number> {
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  if (res.status !== 200) throw new Error(`GET ${url}: ${res.status}`);
  return (await res.arrayBuffer()).byteLength;
}

/** A photo as a phone makes it: smooth gradients plus sensor noise, as a quality-92 JPEG. */
export async function noisyPhoto(width: number, height: number, seed: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  let s = seed;
  for (let i = 0; i < pixels.length; i += 1) {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    pixels[i] = ((i % (width * 3)) / 48 + ((s >> 16) % 96)) & 0xff;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
}

/** A PDF of `bytes` bytes (a valid header around random-ish bytes). */
function pdfOf(bytes: number, seed: number): Buffer {
  const body = Buffer.alloc(bytes);
  let s = seed;
  for (let i = 0; i < bytes; i += 4) {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    body.writeUInt32LE(s, Math.min(i, bytes - 4));
  }
  body.write('%PDF-1.4\n', 0, 'latin1');
  body.write('\n%%EOF\n', bytes - 7, 'latin1');
  return body;
}

/** (1) A 10 MB photo to a ready thumbnail, p50, beside sharp's resize plus a raw write. */
async function photoFigure(server: RunningServer, runs: number, dir: string): Promise<Figure> {
  const token = await signup(server.url, 'photo@example.com');
  const photo = await noisyPhoto(4000, 3000, 7);
  const body = bodyOf(photo);
  const jotter: number[] = [];
  const bare: number[] = [];
  const once = async (into?: number[]) => {
    let t0 = performance.now();
    const stored = await post(`${server.url}/api/attachments`, token, body, 'image/jpeg');
    await getBytes(`${server.url}${stored.url}?size=thumb`, token);
    into?.push(performance.now() - t0);
    t0 = performance.now();
    await sharp(photo).rotate().resize(512, 512, { fit: 'inside' }).webp().toBuffer();
    fs.writeFileSync(path.join(dir, 'photo.jpg'), photo);
    if (into) bare.push(performance.now() - t0);
  };
  await once();
  for (let i = 0; i < runs; i += 1) await once(jotter);
  const value = quantile(jotter, 0.5);
  const baseline = quantile(bare, 0.5);
  return {
    section: 'attachments',
    figure: `${(photo.length / 1e6).toFixed(1)} MB 4000×3000 photo uploaded and its thumbnail ready, p50 of ${runs}; baseline: sharp resize to 512 px WebP + raw write`,
    value,
    unit: 'ms',
    baseline,
    ratio: baseline / value,
    target: '≤ 1.5× baseline',
    holds: value <= 1.5 * baseline,
  };
}

/** Uploads per second of `count` parallel POSTs of `bodies` to `url`. */
async function parallelRate(
  url: string,
  token: string,
  bodies: Array<Uint8Array<ArrayBuffer>>,
  type: string,
): Promise<number> {
  const t0 = performance.now();
  await Promise.all(bodies.map((body) => post(url, token, body, type)));
  return bodies.length / ((performance.now() - t0) / 1000);
}

/** (2) 100 parallel 200 kB uploads, beside a bare Express raw-body write. */
async function parallelFigures(
  server: RunningServer,
  rounds: number,
  dir: string,
): Promise<Figure[]> {
  const token = await signup(server.url, 'parallel@example.com');
  const uploadDir = path.join(dir, 'bare-uploads');
  fs.mkdirSync(uploadDir);
  const bare = await startProcess(
    ['--import', 'tsx', 'bench/baseline-upload-server.ts'],
    { UPLOAD_DIR: uploadDir },
    await freePort(),
  );
  try {
    const pdfs = Array.from({ length: 100 }, (_, i) => bodyOf(pdfOf(200_000, i + 1)));
    // Photos of about 200 kB: 640×480 noisy JPEGs, each different.
    const jpegs = await Promise.all(
      Array.from({ length: 100 }, async (_, i) => bodyOf(await noisyPhoto(640, 480, i + 1))),
    );
    const jotterUrl = `${server.url}/api/attachments`;
    const bareUrl = `${bare.url}/upload`;
    // Warm both, then baseline, Jotter, Jotter, baseline in each round.
    await parallelRate(jotterUrl, token, pdfs.slice(0, 10), 'application/pdf');
    await parallelRate(bareUrl, token, pdfs.slice(0, 10), 'application/pdf');
    const sums = { bare: 0, pdf: 0, jpeg: 0 };
    for (let r = 0; r < rounds; r += 1) {
      sums.bare += await parallelRate(bareUrl, token, pdfs, 'application/pdf');
      sums.pdf += await parallelRate(jotterUrl, token, pdfs, 'application/pdf');
      sums.jpeg += await parallelRate(jotterUrl, token, jpegs, 'image/jpeg');
      sums.bare += await parallelRate(bareUrl, token, pdfs, 'application/pdf');
    }
    const baseline = sums.bare / (2 * rounds);
    const pdfRate = sums.pdf / rounds;
    const jpegRate = sums.jpeg / rounds;
    const jpegKb = jpegs.reduce((n, b) => n + b.length, 0) / jpegs.length / 1000;
    return [
      {
        section: 'attachments',
        figure: `100 parallel 200 kB uploads (PDF, stored as sent), mean of ${rounds} round${rounds === 1 ? '' : 's'}; baseline: bare Express raw body written to a file`,
        value: pdfRate,
        unit: 'uploads/s',
        baseline,
        ratio: pdfRate / baseline,
        target: '≥ 0.5× baseline',
        holds: pdfRate >= 0.5 * baseline,
      },
      {
        section: 'attachments',
        figure: `100 parallel ${jpegKb.toFixed(0)} kB photos (640×480 JPEG: stripped, thumbnail made), same baseline`,
        value: jpegRate,
        unit: 'uploads/s',
        baseline,
        ratio: jpegRate / baseline,
        target: '—',
        holds: null,
      },
    ];
  } finally {
    await bare.stop();
  }
}

/** (3) What /home's cards fetch for 200 notes holding photos, beside the originals' bytes. */
async function homeFigure(server: RunningServer): Promise<Figure> {
  const token = await signup(server.url, 'home@example.com');
  const photos: Stored[] = [];
  // 20 different 2000×1500 photos (about 3 MB each), each in 10 of the 200 notes.
  for (let i = 0; i < 20; i += 1) {
    const photo = await noisyPhoto(2000, 1500, 100 + i);
    photos.push(await post(`${server.url}/api/attachments`, token, bodyOf(photo), 'image/jpeg'));
  }
  for (let n = 0; n < 200; n += 1) {
    const photo = photos[n % photos.length]!;
    const res = await fetch(`${server.url}/api/notes`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        note: {
          title: `Photo ${n}`,
          content: `<p><img src="${photo.url}" alt="photo ${n}"></p><p>note ${n}</p>`,
        },
      }),
    });
    if (res.status !== 201) throw new Error(`POST /api/notes: ${res.status}`);
  }
  const list = await fetch(`${server.url}/api/notes`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const notes = ((await list.json()) as { notes: Array<{ content: string }> }).notes;
  const sizeOf = new Map(photos.map((p) => [p.url, p.size]));
  let thumbs = 0;
  let originals = 0;
  let images = 0;
  for (const note of notes) {
    for (const [, url] of note.content.matchAll(/src="(\/api\/attachments\/[^"?]+)"/g)) {
      images += 1;
      originals += sizeOf.get(url!) ?? 0;
      thumbs += await getBytes(`${server.url}${url!}?size=thumb`, token);
    }
  }
  if (images !== 200) throw new Error(`expected 200 images in /home's notes, found ${images}`);
  return {
    section: 'attachments',
    figure:
      "/home's 200 notes with a photo each: bytes of the thumbnails (?size=thumb) the cards fetch; baseline: the originals' bytes",
    value: thumbs / 1e6,
    unit: 'MB',
    baseline: originals / 1e6,
    ratio: originals / thumbs,
    target: '≤ 1/10 of the originals',
    holds: thumbs <= originals / 10,
  };
}

export async function attachmentFigures(quick: boolean): Promise<Figure[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jotter-bench-attachments-'));
  // Its own temporary folder (uploads are spooled there): another Jotter process on this machine
  // may sweep the shared one.
  const tmp = fs.mkdtempSync(path.join(dir, 'tmp-'));
  const server = await startJotter(`file:${path.join(dir, 'jotter.db')}`, { TMPDIR: tmp });
  try {
    const figures = [await photoFigure(server, quick ? 5 : 11, dir)];
    figures.push(...(await parallelFigures(server, quick ? 1 : 3, dir)));
    figures.push(await homeFigure(server));
    return figures;
  } finally {
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

// `node --import tsx bench/attachments.ts [--quick]`: these figures alone (after `npm run build`).
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(__filename)) {
  attachmentFigures(process.argv.includes('--quick')).then(
    (figures) => console.log(JSON.stringify(figures, null, 2)),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
