import fs from 'node:fs';
import { PassThrough, type Readable } from 'node:stream';
import zlib from 'node:zlib';

import yauzl from 'yauzl';

import { AppError, badInput } from '../../errors';
import { importLimits, megabytes } from './limits';

/** One file of a zip, as the reader offers it: read its text or leave it unread. */
export interface ZipEntry {
  /** The path inside the zip, `/`-separated (yauzl refuses absolute and `..` names). */
  name: string;
  /** The size the zip declares once inflated; reading checks the real size against it. */
  size: number;
  encrypted: boolean;
  /** Inflates the entry as UTF-8 text, refusing more than `maxBytes`. */
  text(maxBytes: number): Promise<string>;
  /**
   * The entry's bytes as a stream, inflated as they are read: the reader takes what it wants
   * of them (an attachment's size limit) and destroys the stream past that. The stream fails
   * (AppError) past the size the entry declares.
   */
  stream(): Promise<Readable>;
}

/** Zips up to this size are read from memory (see {@link readZip}). */
const inMemoryBytes = 32 * 1024 * 1024;

const unreadable = (why: string) => badInput('file', `not a readable zip archive: ${why}`);

/** yauzl's complaints, as a person importing a file can read them. */
function explain(error: Error): Error {
  const message = error.message;
  if (/end of central directory record signature not found/i.test(message)) {
    return badInput(
      'file',
      'not a zip archive or a JSON export (send a Google Keep Takeout zip, a zip of Markdown files, or a Jotter JSON export)',
    );
  }
  if (/^(absolute path|invalid relative path|invalid characters in fileName)/.test(message)) {
    return badInput('file', `the zip holds an unsafe file name (${message}); nothing was imported`);
  }
  if (/too many bytes in the stream|not enough bytes in the stream|size mismatch/.test(message)) {
    return badInput(
      'file',
      `the zip's sizes do not match its contents (${message}): a damaged file or a zip bomb; nothing was imported`,
    );
  }
  return unreadable(message);
}

function readText(
  zip: yauzl.ZipFile,
  entry: yauzl.Entry,
  maxBytes: number,
  counted: (bytes: number) => void,
): Promise<string> {
  if (entry.uncompressedSize > maxBytes) {
    return Promise.reject(
      badInput(
        'file',
        `${entry.fileName} expands to ${megabytes(entry.uncompressedSize)}, more than the ${megabytes(maxBytes)} one file may have; nothing was imported`,
      ),
    );
  }
  // A deflated entry's bytes are read as they are and inflated in one call, capped at what the
  // entry declares (so a zip bomb stops there): for thousands of small notes a zlib stream per
  // entry costs more than the notes. Stored entries are read as they are.
  const deflated = entry.compressionMethod === 8;
  // Deflate never makes data much bigger: more compressed bytes than that is a lie.
  if (entry.compressedSize > entry.uncompressedSize + 1024 + entry.uncompressedSize / 100) {
    return Promise.reject(explain(new Error('size mismatch: more compressed than inflated bytes')));
  }
  if (!deflated && entry.compressionMethod !== 0) {
    return Promise.reject(
      unreadable(`${entry.fileName} uses compression method ${entry.compressionMethod}`),
    );
  }
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, { decompress: deflated ? false : null }, (error, stream) => {
      if (error) return reject(explain(error));
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > entry.compressedSize + 64) {
          stream.destroy(explain(new Error('too many bytes in the stream')));
          return;
        }
        chunks.push(chunk);
      });
      stream.on('error', (e: Error) => reject(e instanceof AppError ? e : explain(e)));
      stream.on('end', () => {
        let bytes: Buffer;
        try {
          bytes = deflated
            ? zlib.inflateRawSync(Buffer.concat(chunks), {
                maxOutputLength: entry.uncompressedSize + 1,
              })
            : Buffer.concat(chunks);
        } catch (e) {
          return reject(
            explain(
              e instanceof RangeError ? new Error('too many bytes in the stream') : (e as Error),
            ),
          );
        }
        if (bytes.length !== entry.uncompressedSize) {
          return reject(
            explain(new Error(`size mismatch: ${bytes.length} != ${entry.uncompressedSize}`)),
          );
        }
        counted(bytes.length);
        resolve(bytes.toString('utf8').replace(/^\uFEFF/, ''));
      });
    });
  });
}

function readStream(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Readable> {
  if (entry.compressedSize > entry.uncompressedSize + 1024 + entry.uncompressedSize / 100) {
    return Promise.reject(explain(new Error('size mismatch: more compressed than inflated bytes')));
  }
  if (entry.compressionMethod !== 8 && entry.compressionMethod !== 0) {
    return Promise.reject(
      unreadable(`${entry.fileName} uses compression method ${entry.compressionMethod}`),
    );
  }
  return new Promise((resolve, reject) => {
    // validateEntrySizes (below) makes the stream fail past the declared size: a zip bomb stops there.
    zip.openReadStream(entry, (error, stream) => {
      if (error) return reject(explain(error));
      // Its failures (a zip bomb, a damaged entry) as a person importing a file can read them.
      const out = new PassThrough();
      stream.on('error', (e: Error) => out.destroy(e instanceof AppError ? e : explain(e)));
      out.on('close', () => stream.destroy());
      resolve(stream.pipe(out));
    });
  });
}

/**
 * Reads a zip file one entry at a time (yauzl, lazy entries): `visit` is called for every file
 * entry in order and decides whether to read its text. Refuses (400, AppError) a file that is not
 * a zip, has unsafe names, too many entries, or inflates past the caps in {@link importLimits}.
 */
export async function readZip(
  path: string,
  visit: (entry: ZipEntry) => Promise<void>,
): Promise<void> {
  // A small zip is read from memory: thousands of tiny entries read from the file one by one
  // spend most of their time waiting on the disk's thread pool. A large one stays on disk.
  const { size } = await fs.promises.stat(path);
  const inMemory = size <= inMemoryBytes ? await fs.promises.readFile(path) : undefined;
  return new Promise((resolve, reject) => {
    const options = {
      lazyEntries: true,
      autoClose: true,
      validateEntrySizes: true,
      strictFileNames: false,
    };
    const opened = (openError: Error | null, zip: yauzl.ZipFile) => {
      if (openError) return reject(explain(openError));
      if (zip.entryCount > importLimits.entries) {
        zip.close();
        return reject(
          badInput(
            'file',
            `the zip holds ${zip.entryCount} entries, more than the ${importLimits.entries} an import may have; nothing was imported`,
          ),
        );
      }
      let total = 0;
      let failed = false;
      const fail = (error: unknown) => {
        if (failed) return;
        failed = true;
        // autoClose may have closed it already (after the last entry).
        if (zip.isOpen) zip.close();
        if (error instanceof AppError) reject(error);
        else reject(explain(error instanceof Error ? error : new Error(String(error))));
      };
      const counted = (bytes: number) => {
        total += bytes;
        if (total > importLimits.totalBytes) {
          fail(
            badInput(
              'file',
              `the zip's note files expand to more than ${megabytes(importLimits.totalBytes)}; nothing was imported`,
            ),
          );
        }
      };
      zip.on('error', fail);
      zip.on('end', () => {
        if (!failed) resolve();
      });
      zip.on('entry', (entry: yauzl.Entry) => {
        if (failed) return;
        if (entry.fileName.endsWith('/')) {
          zip.readEntry();
          return;
        }
        visit({
          name: entry.fileName,
          size: entry.uncompressedSize,
          encrypted: entry.isEncrypted(),
          text: (maxBytes) => readText(zip, entry, maxBytes, counted),
          stream: () => readStream(zip, entry),
        }).then(() => {
          if (!failed) zip.readEntry();
        }, fail);
      });
      zip.readEntry();
    };
    if (inMemory) yauzl.fromBuffer(inMemory, options, opened);
    else yauzl.open(path, options, opened);
  });
}
