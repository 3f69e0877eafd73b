import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

import { Router, type Request } from 'express';
import { z } from 'zod';

import { AppError, badInput, fromZodIssues } from '../errors';
import type { Services } from '../services';
import { capped } from '../services/capped-stream';
import { importLimits, megabytes } from '../services/files/limits';
import { currentUser } from './context';

const zipTypes = new Set([
  'application/zip',
  'application/x-zip-compressed',
  'application/x-zip',
  'application/octet-stream',
]);

const tooLarge = (limit: number) =>
  badInput('file', `larger than the ${megabytes(limit)} an import may be; nothing was imported`);

/**
 * Joins a stream's small chunks into pieces of at least `size` bytes (the last one smaller): a
 * zip's entries come out in headers, data and descriptors of tens to hundreds of bytes each,
 * and each would otherwise be a socket write of its own.
 */
function joined(size: number) {
  let parts: Buffer[] = [];
  let length = 0;
  const take = () => {
    const piece = Buffer.concat(parts, length);
    parts = [];
    length = 0;
    return piece;
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      parts.push(chunk);
      length += chunk.length;
      done(null, length >= size ? take() : undefined);
    },
    flush(done) {
      done(null, length > 0 ? take() : undefined);
    },
  });
}

/** The body of a JSON upload, as text (at most `limit` bytes). */
async function bodyText(req: Request, limit: number): Promise<string> {
  const chunks: Buffer[] = [];
  await pipeline(
    req,
    capped(limit, () => tooLarge(limit)),
    new Transform({
      transform(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
    }),
  );
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
}

/** Runs `use` on the body saved to a private temporary file, removed afterwards. */
async function withBodyFile<T>(
  req: Request,
  maxBytes: number,
  use: (file: string) => Promise<T>,
): Promise<T> {
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'jotter-import-'));
  const file = path.join(dir, 'upload.zip');
  try {
    await pipeline(
      req,
      capped(maxBytes, () => tooLarge(maxBytes)),
      fs.createWriteStream(file, { mode: 0o600 }),
    );
    return await use(file);
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}

/** A body that broke off or failed to arrive is the client's problem, not a server fault. */
function uploadFailure(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'ERR_STREAM_PREMATURE_CLOSE' || code === 'ECONNRESET') {
    return badInput('file', 'the upload broke off before the whole file arrived');
  }
  return error;
}

/** The uploaded file's name, URI-encoded in `x-file-name` (headers are ASCII): for the summary. */
const fileName = z
  .string()
  .max(600)
  .transform((raw, ctx) => {
    try {
      return decodeURIComponent(raw).slice(0, 200);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'is not URI-encoded' });
      return z.NEVER;
    }
  });

const exportQuery = z.object({
  format: z.enum(['json', 'markdown'], 'must be "json" or "markdown"').default('json'),
});

const day = () => new Date().toISOString().slice(0, 10);

/** POST /import and GET /export: a user's notes in and out as files. */
export function filesRouter(services: Services, maxBytes: number): Router {
  const router = Router();

  router.post('/import', async (req, res) => {
    const user = currentUser(res);
    const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    const limit =
      type === 'application/json' ? Math.min(maxBytes, importLimits.jsonBytes) : maxBytes;
    // A declared size past the limit is refused before reading; the body is drained, not kept.
    if (Number(req.headers['content-length']) > limit) {
      req.resume();
      throw tooLarge(limit);
    }
    let result;
    try {
      if (type === 'application/json') {
        const text = await bodyText(req, limit);
        const name = fileName.safeParse(req.headers['x-file-name']);
        result = await services.importer.importFile(user.id, {
          kind: 'json',
          name: name.success ? name.data : 'upload.json',
          text,
        });
      } else if (zipTypes.has(type)) {
        result = await withBodyFile(req, maxBytes, (file) =>
          services.importer.importFile(user.id, { kind: 'zip', path: file }),
        );
      } else {
        req.resume();
        throw badInput(
          'content-type',
          'send the file as application/zip (a Google Keep Takeout or a zip of Markdown files) or application/json (a Jotter export)',
        );
      }
    } catch (error) {
      throw uploadFailure(error);
    }
    res.status(200).json(result);
  });

  router.get('/export', async (req, res) => {
    const parsed = exportQuery.safeParse(req.query);
    if (!parsed.success) throw fromZodIssues(parsed.error.issues);
    const user = currentUser(res);
    res.setHeader('cache-control', 'no-store');
    if (parsed.data.format === 'markdown') {
      res.setHeader('content-type', 'application/zip');
      res.setHeader('content-disposition', `attachment; filename="jotter-notes-${day()}.zip"`);
      await pipeline(services.exporter.markdown(user.id), joined(64 * 1024), res);
      return;
    }
    res.setHeader('content-type', 'application/json; charset=utf-8');
    res.setHeader('content-disposition', `attachment; filename="jotter-notes-${day()}.json"`);
    await pipeline(services.exporter.json(user), res);
  });

  return router;
}
