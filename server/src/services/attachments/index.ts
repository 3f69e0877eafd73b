import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

import pLimit from 'p-limit';
import sharp, { type Metadata } from 'sharp';

import { AppError, badInput } from '../../errors';
import type { DroppedAttachment, Store, StoreTransaction, StoredAttachment } from '../../store';
import { now, timestamps, type Clock } from '../clock';
import type {
  AttachmentFile,
  AttachmentRecord,
  AttachmentsService,
  AttachmentType,
  AttachmentWire,
} from './api';
import { capped } from '../capped-stream';
import { sniffBytes, sniffType } from './sniff';

export type * from './api';

export interface AttachmentsOptions {
  /** The largest file taken, in bytes (ATTACHMENT_MAX_MB). */
  maxBytes: number;
  /** What one user's attachments may take in all, in bytes (ATTACHMENT_QUOTA_MB). */
  quotaBytes: number;
  /** ATTACHMENT_DIR: keep the bytes in files here instead of in the database. */
  dir?: string;
  clock?: Clock;
}

// libvips' cache of recent operations helps a program that works the same image again; each
// upload is a new one, so it would only hold memory.
sharp.cache(false);

/** The most pixels an image may decode to: a pixel bomb is refused before it is decoded. */
export const maxPixels = 50_000_000;

/** A thumbnail's long side, at most. */
export const thumbSide = 512;

const mib = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

export const tooLarge = (maxBytes: number) =>
  new AppError('TOO_LARGE', `file: larger than the ${mib(maxBytes)} an attachment may be`, 'file');

const overQuota = (quotaBytes: number) =>
  new AppError(
    'TOO_LARGE',
    `file: your attachments would take more than your ${mib(quotaBytes)} of storage; delete notes with files you no longer need`,
    'file',
  );

export const unsupportedType = () =>
  new AppError(
    'UNSUPPORTED_TYPE',
    'file: only JPEG, PNG, WebP and GIF images and PDF files can be attached',
    'file',
  );

const notFound = (id: string) => new AppError('NOT_FOUND', `Attachment ${id} not found`);

/** The name a file gets when none is given. */
const defaultNames: Record<AttachmentType, string> = {
  'image/jpeg': 'image.jpg',
  'image/png': 'image.png',
  'image/webp': 'image.webp',
  'image/gif': 'image.gif',
  'application/pdf': 'document.pdf',
};

/** At most this many characters of a file's name are kept. */
export const nameLength = 200;

/** The endings a file of each type may keep; any other gets the type's own added. */
const endings: Record<AttachmentType, readonly string[]> = {
  'image/jpeg': ['.jpg', '.jpeg', '.jpe', '.jfif'],
  'image/png': ['.png'],
  'image/webp': ['.webp'],
  'image/gif': ['.gif'],
  'application/pdf': ['.pdf'],
};

/**
 * A file name safe to keep and to send back: no control characters, no folders, and ending as
 * its type does ("evil.html" of a PNG is kept as "evil.html.png": a "Save as…" of it must not
 * make a page that runs what hides behind the picture).
 */
export function cleanName(name: string | undefined, type: AttachmentType): string {
  const ending = endings[type][0]!;
  const cleaned = (name ?? '')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .replace(/^.*[\\/]/, '')
    .trim()
    .slice(0, nameLength - ending.length);
  if (!cleaned) return defaultNames[type];
  const lower = cleaned.toLowerCase();
  return endings[type].some((e) => lower.endsWith(e)) ? cleaned : `${cleaned}${ending}`;
}

/** The ids of `/api/attachments/{id}` references in a note's content, in order, once each. */
const referencePattern = /\/api\/attachments\/([A-Za-z0-9-]{8,64})(?![A-Za-z0-9-])/g;

export function idsIn(content: string): string[] {
  const ids = new Set<string>();
  for (const match of content.matchAll(referencePattern)) ids.add(match[1]!);
  return [...ids];
}

/** Temporary files in ATTACHMENT_DIR start with this; the sweep removes stale ones. */
const partialPrefix = '.partial-';

/** Uploads' temporary folders: `jotter-attachment-{pid}-{random}`, named for their process. */
const temporaryPrefix = 'jotter-attachment-';

/** Whether a process with this id runs on this machine (a dead one's folders can go at once). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as { code?: unknown }).code === 'EPERM';
  }
}

/**
 * A private temporary folder for an upload and what is made of it, removed afterwards. Outside
 * ATTACHMENT_DIR: an upload cut off (even by a crash) leaves nothing in it.
 */
async function temporaryFolder(): Promise<{ file(name: string): string; done(): Promise<void> }> {
  const folder = await fs.promises.mkdtemp(
    path.join(os.tmpdir(), `${temporaryPrefix}${process.pid}-`),
  );
  return {
    file: (name) => path.join(folder, name),
    done: () => fs.promises.rm(folder, { recursive: true, force: true }),
  };
}

/** A body that broke off is the client's problem, not a server fault. */
function uploadFailure(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'ERR_STREAM_PREMATURE_CLOSE' || code === 'ECONNRESET' || code === 'ECONNABORTED') {
    return badInput('file', 'the upload broke off before the whole file arrived');
  }
  return error;
}

/**
 * Writes `bytes` (a buffer, or a file's name) to `file` durably: a temporary file beside it,
 * fsync, then a rename over the name.
 */
async function writeDurably(file: string, bytes: Bytes): Promise<void> {
  const partial = path.join(path.dirname(file), `${partialPrefix}${crypto.randomUUID()}`);
  try {
    if (Buffer.isBuffer(bytes))
      await fs.promises.writeFile(partial, bytes, { mode: 0o600, flag: 'wx' });
    else await fs.promises.copyFile(bytes, partial, fs.constants.COPYFILE_EXCL);
    const handle = await fs.promises.open(partial, 'r+');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch (error) {
    await fs.promises.rm(partial, { force: true });
    throw error;
  }
  try {
    await fs.promises.rename(partial, file);
  } catch (error) {
    await fs.promises.rm(partial, { force: true });
    throw error;
  }
  // The rename itself survives a crash once the folder is synced.
  const folder = await fs.promises.open(path.dirname(file), 'r');
  try {
    await folder.sync();
  } catch {
    // Some filesystems cannot sync a folder; the rename is still atomic.
  } finally {
    await folder.close();
  }
}

/** Bytes in memory, or the name of a file holding them. */
type Bytes = Buffer | string;

const sizeOf = async (bytes: Bytes) =>
  Buffer.isBuffer(bytes) ? bytes.length : (await fs.promises.stat(bytes)).size;

const readBytes = (bytes: Bytes): Promise<Buffer> =>
  Buffer.isBuffer(bytes) ? Promise.resolve(bytes) : fs.promises.readFile(bytes);

/** The sha256 of the bytes, in hex, reading a file as a stream. */
async function sha256Of(bytes: Bytes): Promise<string> {
  const hash = crypto.createHash('sha256');
  if (Buffer.isBuffer(bytes)) return hash.update(bytes).digest('hex');
  await pipeline(fs.createReadStream(bytes), hash);
  return hash.digest('hex');
}

/** What an upload is turned into before it is stored. */
interface Processed {
  bytes: Bytes;
  thumb: Buffer | null;
  width: number | null;
  height: number | null;
}

const unreadableImage = () =>
  badInput('file', 'the image could not be read: it is damaged or not a complete image');

/**
 * An image made ready to store: a JPEG, PNG or WebP turned upright (its EXIF orientation applied)
 * and re-encoded without its metadata (location, camera); a GIF kept as it is (animated); each with
 * its size and a WebP thumbnail. A declared size past {@link maxPixels} is refused before decoding.
 */
/**
 * Images decoded at once by this process: one. Each full decode of a phone photo holds its
 * pixels (36 MB for 12 megapixels) and libvips' buffers: four at once took the server past
 * 500 MB, two at once past 400 MB on a busy machine (test/reliability/attachments.test.ts), so
 * the others wait their turn. (sharp already gives each image one libvips thread under glibc.)
 */
const imageTurns = pLimit(1);

async function processImage(
  input: Bytes,
  type: AttachmentType,
  output: string | undefined,
): Promise<Processed> {
  const open = () => sharp(input, { limitInputPixels: maxPixels, failOn: 'error' });
  let meta: Metadata;
  try {
    // The header only (no pixels decoded): the declared size is checked before anything else.
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw unreadableImage();
  }
  const width = meta.width ?? 0;
  const height = meta.pageHeight ?? meta.height ?? 0;
  if (width * height > maxPixels) {
    throw new AppError(
      'TOO_LARGE',
      `file: the image is ${width} × ${height} pixels; at most ${maxPixels / 1_000_000} million pixels can be attached`,
      'file',
    );
  }
  try {
    const thumb = await open()
      .rotate()
      .resize(thumbSide, thumbSide, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
    if (type === 'image/gif') return { bytes: input, thumb, width, height };
    const upright = open().rotate();
    const encoded =
      type === 'image/jpeg'
        ? upright.jpeg({ quality: 90 })
        : type === 'image/png'
          ? upright.png()
          : upright.webp({ quality: 90 });
    // A file in, a file out: the upload's bytes are held in memory only while they are written.
    if (output) {
      const info = await encoded.toFile(output);
      return { bytes: output, thumb, width: info.width, height: info.height };
    }
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { bytes: data, thumb, width: info.width, height: info.height };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw unreadableImage();
  }
}

/** Reads the first bytes of a file. */
async function head(file: string): Promise<Buffer> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const buffer = Buffer.alloc(sniffBytes);
    const { bytesRead } = await handle.read(buffer, 0, sniffBytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

const toRecord = (row: StoredAttachment): AttachmentRecord => ({
  id: row.id,
  userId: row.userId,
  name: row.name,
  contentType: row.contentType as AttachmentType,
  size: row.size,
  width: row.width,
  height: row.height,
  createdAt: row.createdAt,
});

/** The attachments service: see api.ts for each member's contract. */
export function attachmentsService(store: Store, options: AttachmentsOptions) {
  const stamp = options.clock ? timestamps(options.clock) : now;
  const { dir, maxBytes, quotaBytes } = options;
  if (dir) fs.mkdirSync(dir, { recursive: true, mode: 0o700 });

  /** Removes the files of attachments deleted (ATTACHMENT_DIR); a file left behind is swept. */
  async function removeFiles(dropped: readonly DroppedAttachment[]): Promise<void> {
    if (!dir) return;
    for (const { path: name } of dropped) {
      if (name) await fs.promises.rm(path.join(dir, name), { force: true }).catch(() => undefined);
    }
  }

  async function add(
    userId: string,
    source: Readable | Buffer,
    addOptions: { name?: string } = {},
  ): Promise<AttachmentRecord> {
    let temporary: Awaited<ReturnType<typeof temporaryFolder>> | undefined;
    try {
      let input: Bytes;
      if (Buffer.isBuffer(source)) {
        if (source.length > maxBytes) throw tooLarge(maxBytes);
        input = source;
      } else {
        temporary = await temporaryFolder();
        input = temporary.file('upload');
        try {
          await pipeline(
            source,
            capped(maxBytes, () => tooLarge(maxBytes)),
            fs.createWriteStream(input, { mode: 0o600, flags: 'wx' }),
          );
        } catch (error) {
          throw uploadFailure(error);
        }
      }
      const type = sniffType(
        Buffer.isBuffer(input) ? input.subarray(0, sniffBytes) : await head(input),
      );
      if (!type) throw unsupportedType();
      // Refused before any decoding when the upload alone would pass the quota.
      if ((await store.attachments.usedBytes(userId)) + (await sizeOf(input)) > quotaBytes) {
        throw overQuota(quotaBytes);
      }
      const processed: Processed =
        type === 'application/pdf'
          ? { bytes: input, thumb: null, width: null, height: null }
          : await imageTurns(() => processImage(input, type, temporary?.file('stored')));
      const id = crypto.randomUUID();
      const row = {
        id,
        userId,
        name: cleanName(addOptions.name, type),
        contentType: type,
        size: await sizeOf(processed.bytes),
        width: processed.width,
        height: processed.height,
        createdAt: stamp(),
        sha256: await sha256Of(processed.bytes),
        path: dir ? id : null,
      };
      // On disk: the file is complete and synced before a row may point at it.
      if (dir) await writeDurably(path.join(dir, id), processed.bytes);
      try {
        await store.transaction(async (tx) => {
          if ((await tx.attachments.usedBytes(userId)) + row.size > quotaBytes) {
            throw overQuota(quotaBytes);
          }
          // In the database: the bytes are read into memory here, while writes take turns, so
          // concurrent uploads do not each hold theirs while they wait.
          await tx.attachments.insert({
            ...row,
            bytes: dir ? null : await readBytes(processed.bytes),
            thumb: processed.thumb,
          });
        });
      } catch (error) {
        if (dir) await fs.promises.rm(path.join(dir, id), { force: true });
        throw error;
      }
      return toRecord({ ...row, hasThumb: processed.thumb !== null });
    } finally {
      await temporary?.done();
    }
  }

  async function read(
    callerId: string,
    id: string,
    readOptions: { thumb?: boolean } = {},
  ): Promise<AttachmentFile> {
    const row = await store.attachments.readable(callerId, id);
    if (!row) throw notFound(id);
    const record = toRecord(row);
    if (readOptions.thumb) {
      if (!row.hasThumb) throw new AppError('NOT_FOUND', `Attachment ${id} has no thumbnail`);
      const bytes = await store.attachments.bytes(id, 'thumb');
      if (!bytes) throw notFound(id);
      return { record, bytes, contentType: 'image/webp', etag: `"${row.sha256}-thumb"` };
    }
    let bytes: Buffer | null;
    if (row.path && dir) {
      bytes = await fs.promises.readFile(path.join(dir, row.path)).catch(() => null);
    } else {
      bytes = await store.attachments.bytes(id, 'original');
    }
    if (!bytes) throw notFound(id);
    return { record, bytes, contentType: row.contentType, etag: `"${row.sha256}"` };
  }

  /** Removes ATTACHMENT_DIR's files no row points at (and uploads left half-written a day ago). */
  async function sweep(before: string): Promise<number> {
    if (!dir) return 0;
    const kept = await store.attachments.paths();
    let removed = 0;
    for (const entry of await fs.promises.readdir(dir, { withFileTypes: true })) {
      if (!entry.isFile() || kept.has(entry.name)) continue;
      const file = path.join(dir, entry.name);
      const stat = await fs.promises.stat(file).catch(() => undefined);
      // A file younger than `before` may be an upload whose row is being inserted right now.
      if (!stat || stat.mtime.toISOString() >= before) continue;
      await fs.promises.rm(file, { force: true });
      removed++;
    }
    return removed;
  }

  /**
   * Removes the temporary folders of uploads a crash cut off: at once when their process no
   * longer runs (a server starts by sweeping: the one it replaces left them), else once made
   * before `before` (a process id used again); never this process's own, which are in flight.
   */
  async function sweepTemporary(before: string): Promise<void> {
    const entries = await fs.promises.readdir(os.tmpdir()).catch(() => [] as string[]);
    for (const name of entries) {
      if (!name.startsWith(temporaryPrefix)) continue;
      const pid = Number(/^(\d+)-/.exec(name.slice(temporaryPrefix.length))?.[1] ?? NaN);
      if (pid === process.pid) continue;
      const folder = path.join(os.tmpdir(), name);
      const stat = await fs.promises.stat(folder).catch(() => undefined);
      if (!stat) continue;
      const gone = Number.isInteger(pid) && !running(pid);
      if (gone || stat.mtime.toISOString() < before) {
        await fs.promises.rm(folder, { recursive: true, force: true }).catch(() => undefined);
      }
    }
  }

  async function collect(olderThan: string): Promise<number> {
    let deleted = 0;
    for (;;) {
      const dropped = await store.transaction(async (tx) => {
        const unused = await tx.attachments.unusedBefore(olderThan, 200);
        await tx.attachments.delete(unused.map((u) => u.id));
        return unused;
      });
      await removeFiles(dropped);
      deleted += dropped.length;
      if (dropped.length < 200) break;
    }
    // Files carry the real time of the file system, whatever clock the app is given (tests move
    // theirs by days): against the app's clock, a sweep would take other processes' uploads in
    // flight on this machine.
    const dayAgo = new Date(Date.now() - 24 * 60 * 60 * 1000).toISOString();
    await sweep(dayAgo);
    await sweepTemporary(dayAgo);
    return deleted;
  }

  const service = {
    add,
    read,
    idsIn,
    usage: async (userId: string) => ({
      usedBytes: await store.attachments.usedBytes(userId),
      quotaBytes,
    }),
    collect,
    wire: (record: AttachmentRecord): AttachmentWire => ({
      _id: record.id,
      url: `/api/attachments/${record.id}`,
      name: record.name,
      contentType: record.contentType,
      size: record.size,
      width: record.width,
      height: record.height,
    }),
    /** The largest file taken, in bytes. */
    maxBytes,
    /** Removes the files of attachments a note's deletion dropped (ATTACHMENT_DIR). */
    removeFiles,
  };
  return service;
}

/** The service: the fixed face (api.ts) and a little more for the routes and the jobs. */
export type AttachmentsServiceImpl = ReturnType<typeof attachmentsService>;

// The fixed face, checked: the service is an AttachmentsService.
export const faceChecked = (service: AttachmentsServiceImpl): AttachmentsService => service;

/**
 * The attachments the notes `noteIds` of `userId` (and their revisions) use: read inside the
 * transaction that deletes them, before it does, and handed to {@link dropUnusedAttachments} after.
 */
export async function attachmentsOfNotes(
  tx: StoreTransaction,
  userId: string,
  noteIds: readonly string[],
): Promise<string[]> {
  if (noteIds.length === 0) return [];
  const contents = await tx.attachments.contentsOf(userId, noteIds);
  return [...new Set(contents.flatMap(idsIn))];
}

/** Deletes, of `ids`, the attachments of `userId` no remaining note or revision of theirs uses. */
export function dropUnusedAttachments(
  tx: StoreTransaction,
  userId: string,
  ids: readonly string[],
): Promise<DroppedAttachment[]> {
  return ids.length === 0 ? Promise.resolve([]) : tx.attachments.deleteUnused(userId, ids);
}
