import type { Request, Response } from 'express';

import { tokenFromHeader } from '../../auth/tokens';
import type { Authenticated } from '../users';

/**
 * Set by both doors (REST and GraphQL over HTTP), read by GET /api/attachments/:id alone.
 *
 * The cookie that lets the browser's `<img src="/api/attachments/…">` carry the sign-in without
 * the token in a URL: HttpOnly (no script reads it), SameSite=Strict and scoped to
 * /api/attachments, holding the session token the app already sends in `authorization`. It is
 * accepted only by GET and HEAD of /api/attachments/:id, never by a write (no CSRF to fear).
 */
export const attachmentCookie = 'jotter_attachments';
export const attachmentCookiePath = '/api/attachments';

/** A cookie's value from the request's Cookie header. */
export function cookieValue(req: Request, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}

/**
 * Sets the attachments' cookie on an answer to a request signed with a sign-in's token (never an
 * API token) that does not carry it already; it lasts as long as the token.
 */
export function offerAttachmentCookie(req: Request, res: Response, auth: Authenticated): void {
  if (auth.credential.kind !== 'session') return;
  const token = tokenFromHeader(req.headers.authorization ?? '');
  if (!token || cookieValue(req, attachmentCookie) === token) return;
  res.cookie(attachmentCookie, token, {
    httpOnly: true,
    sameSite: 'strict',
    secure: req.secure,
    path: attachmentCookiePath,
    ...(auth.expiresAt ? { expires: auth.expiresAt } : {}),
    encode: String,
  });
}

/** Clears the attachments' cookie (logout, or a cookie whose session has ended). */
export function clearAttachmentCookie(req: Request, res: Response): void {
  res.clearCookie(attachmentCookie, {
    httpOnly: true,
    sameSite: 'strict',
    secure: req.secure,
    path: attachmentCookiePath,
  });
}
