import { PassThrough } from 'node:stream';

import { Router, type Request, type RequestHandler, type Response } from 'express';
import { z } from 'zod';

import { AppError, fromZodIssues, invalidToken } from '../errors';
import type { Services } from '../services';
import { nameLength, tooLarge } from '../services/attachments';
import type { Authenticated } from '../services/users';
import {
  attachmentCookie,
  clearAttachmentCookie,
  cookieValue,
} from '../services/attachments/cookie';
import { currentUser } from './context';

/** `x-file-name`: the file's name, URI-encoded (headers are ASCII). */
const fileNameHeader = z
  .string('must be one header')
  .max(nameLength * 12, `must be at most ${nameLength} characters`)
  .transform((raw, ctx) => {
    try {
      return decodeURIComponent(raw);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be URI-encoded (encodeURIComponent)' });
      return z.NEVER;
    }
  })
  .pipe(z.string().max(nameLength, `must be at most ${nameLength} characters`))
  .optional();

const readQuery = z.object({
  size: z.enum(['thumb'], 'must be "thumb" or absent').optional(),
});

const idParam = z.string().min(1).max(64);

/** How long a browser may keep an attachment before asking again (it revalidates with its ETag). */
const cacheControl = 'private, max-age=86400';

/** `Content-Disposition` with the file's name: ASCII for old clients, RFC 5987 for the rest. */
function disposition(kind: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** Whether `If-None-Match` names `etag` (or is `*`). */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}

/**
 * The caller of GET /api/attachments/:id: by `authorization` (a sign-in or an API token), or else
 * by the attachments' cookie (a sign-in's token only). No credentials: 401.
 */
async function reader(services: Services, req: Request, res: Response): Promise<Authenticated> {
  if (req.headers.authorization) return services.caller.requireSession(req.headers.authorization);
  const token = cookieValue(req, attachmentCookie);
  if (!token) throw invalidToken();
  try {
    const auth = await services.caller.requireSession(token);
    if (auth.credential.kind !== 'session') throw invalidToken();
    return auth;
  } catch (error) {
    // The session it held has ended: the browser forgets it.
    if (error instanceof AppError && error.kind === 'UNAUTHENTICATED') {
      clearAttachmentCookie(req, res);
    }
    throw error;
  }
}

/**
 * Attachments (issue 40), at /api/attachments: POST uploads (the raw body), GET /usage the
 * caller's storage, GET /:id the bytes (`?size=thumb`: the thumbnail).
 */
export function attachmentsRouter(services: Services, requireUser: RequestHandler): Router {
  const router = Router();
  const { attachments } = services;

  router.post('/', requireUser, async (req, res) => {
    const parsedName = fileNameHeader.safeParse(req.headers['x-file-name']);
    if (!parsedName.success) throw fromZodIssues(parsedName.error.issues, 'x-file-name');
    const userId = currentUser(res).id;
    // A declared size past the limit is refused before reading; the socket closes after.
    if (Number(req.headers['content-length']) > attachments.maxBytes) {
      res.set('connection', 'close');
      req.resume();
      throw tooLarge(attachments.maxBytes);
    }
    // The service reads a stream of its own: when it stops early (413, 415), the request is
    // drained rather than destroyed, so the client still reads the answer.
    const body = new PassThrough();
    req.on('close', () => {
      if (!req.complete) body.destroy(Object.assign(new Error('aborted'), { code: 'ECONNRESET' }));
    });
    req.pipe(body);
    try {
      const record = await attachments.add(userId, body, { name: parsedName.data });
      res.status(201).json({ attachment: attachments.wire(record) });
    } catch (error) {
      req.unpipe(body);
      if (!req.complete) {
        res.set('connection', 'close');
        req.resume();
      }
      throw error;
    }
  });

  router.get('/usage', requireUser, async (_req, res) => {
    res.set('cache-control', 'no-store');
    res.json(await attachments.usage(currentUser(res).id));
  });

  router.get('/:id', async (req, res) => {
    const auth = await reader(services, req, res);
    const query = readQuery.safeParse(req.query);
    if (!query.success) throw fromZodIssues(query.error.issues);
    const id = idParam.safeParse(req.params.id);
    if (!id.success) throw new AppError('NOT_FOUND', 'Attachment not found');
    const file = await attachments.read(auth.user.id, id.data, {
      thumb: query.data.size === 'thumb',
    });
    const image = file.contentType.startsWith('image/');
    const name =
      query.data.size === 'thumb'
        ? file.record.name.replace(/\.[^.]*$/, '') + '.webp'
        : file.record.name;
    res.set({
      'content-type': file.contentType,
      'x-content-type-options': 'nosniff',
      'content-disposition': disposition(image ? 'inline' : 'attachment', name),
      'content-security-policy': 'sandbox',
      'cache-control': cacheControl,
      etag: file.etag,
    });
    if (matches(req.headers['if-none-match'], file.etag)) {
      res.status(304).end();
      return;
    }
    res.status(200).send(file.bytes);
  });

  return router;
}
