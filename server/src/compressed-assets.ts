import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

import type { RequestHandler } from 'express';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Built files only: hashed names straight under /assets, no folders, so no path can escape. */
const assetPath = /^\/assets\/[\w-][\w.-]*\.(js|css|svg|json|map|txt|html)$/;

/** Smaller than this is sent as it is: compression would save less than it costs. */
const minBytes = 1024;

export interface CompressedAssets {
  handler: RequestHandler;
  /**
   * Compresses every bundle now, one after another, so that the first visitor after a start
   * does not wait for it (Brotli at quality 9 took up to 70 ms a file).
   */
  warm: () => Promise<void>;
}

/**
 * The client's hashed bundles, Brotli- or gzip-compressed (as the browser accepts) once and kept
 * in memory. Sent uncompressed they were most of a first visit's bytes (Lighthouse: 250 kB to
 * save on /home), and compressing the same immutable file on every request would waste the CPU.
 * Anything else falls through to express.static.
 */
export function compressedAssets(clientDist: string): CompressedAssets {
  const cache = new Map<string, Promise<Buffer | null>>();
  const compressed = (file: string, encoding: 'br' | 'gzip') => {
    const key = `${encoding}:${file}`;
    let entry = cache.get(key);
    if (!entry) {
      entry = fs.promises.readFile(file).then(
        (raw) =>
          raw.length < minBytes
            ? null
            : encoding === 'br'
              ? brotli(raw, {
                  params: {
                    [zlib.constants.BROTLI_PARAM_QUALITY]: 9,
                    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
                  },
                })
              : gzip(raw, { level: 9 }),
        () => null,
      );
      cache.set(key, entry);
    }
    return entry;
  };

  const handler: RequestHandler = (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !assetPath.test(req.path)) {
      next();
      return;
    }
    // Brotli whenever accepted: negotiation alone picks by header order, and browsers list gzip first.
    const encoding =
      req.acceptsEncodings('br') === 'br'
        ? 'br'
        : req.acceptsEncodings('gzip') === 'gzip'
          ? 'gzip'
          : undefined;
    if (!encoding) {
      next();
      return;
    }
    const file = path.join(clientDist, req.path);
    compressed(file, encoding).then(
      (body) => {
        if (!body) {
          next();
          return;
        }
        res.vary('Accept-Encoding');
        res.type(path.extname(file));
        res.set({
          'content-encoding': encoding,
          'content-length': String(body.length),
          // The file name carries a hash of its content: a changed file gets a new name.
          'cache-control': 'public, max-age=31536000, immutable',
        });
        res.end(req.method === 'HEAD' ? undefined : body);
      },
      (error: unknown) => next(error),
    );
  };

  const warm = async () => {
    const names = await fs.promises.readdir(path.join(clientDist, 'assets')).catch(() => []);
    for (const name of names) {
      if (!assetPath.test(`/assets/${name}`)) continue;
      const file = path.join(clientDist, 'assets', name);
      await compressed(file, 'br');
      await compressed(file, 'gzip');
    }
  };

  return { handler, warm };
}
