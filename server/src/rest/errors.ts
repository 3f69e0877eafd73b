import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { Logger } from 'pino';

import {
  AppError,
  databaseUnavailableMessage,
  fromDatabaseTextError,
  isDatabaseUnavailable,
  TwoFactorRequiredError,
  type ErrorKind,
} from '../errors';
import { isNoteConflict } from '../services/notes';
import { presentNote } from './present';

const statusOf: Record<ErrorKind, number> = {
  BAD_USER_INPUT: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  EMAIL_NOT_REGISTERED: 404,
  CONFLICT: 422,
  VERSION_CONFLICT: 409,
  CURSOR_EXPIRED: 410,
  RATE_LIMITED: 429,
  UNAVAILABLE: 503,
  TOO_LARGE: 413,
  UNSUPPORTED_TYPE: 415,
};

interface BodyParserError {
  type?: string;
  status?: number;
}

/** An unknown /api path: a JSON 404, never the client's HTML. */
export const apiNotFound: RequestHandler = (req, res) => {
  res.status(404).json({ errors: [`No API route ${req.method} ${req.originalUrl}`] });
};

/** Every REST failure as `{errors: [message]}` with the right status; a client mistake is never a 500. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, _next) => {
    const known = error instanceof AppError ? error : fromDatabaseTextError(error);
    if (known) {
      if (known.kind === 'UNAVAILABLE') {
        logger.error(
          { err: known.cause ?? known, url: req.originalUrl.split('?')[0] },
          'database unavailable',
        );
      }
      // A stale edit: the note as it is now comes back beside the message, on the REST wire.
      if (isNoteConflict(known)) {
        res.status(409).json({ errors: [known.message], note: presentNote(known.current) });
        return;
      }
      // A sign-in that needs its second factor says so beside the message, for the login page.
      if (known instanceof TwoFactorRequiredError) {
        res.status(401).json({ errors: [known.message], twoFactorRequired: true });
        return;
      }
      res.status(statusOf[known.kind]).json({ errors: [known.message] });
      return;
    }
    // The router could not decode a part of the path (a bad percent-escape, like %E0%A4%A).
    if (error instanceof URIError) {
      res.status(400).json({ errors: ['path: not a valid URL (a bad percent-escape)'] });
      return;
    }
    const parserError = error as BodyParserError;
    if (parserError.type === 'entity.parse.failed') {
      res.status(400).json({ errors: ['body: malformed JSON'] });
      return;
    }
    if (parserError.type === 'entity.too.large') {
      res.status(413).json({ errors: ['body: larger than the 1 MB limit'] });
      return;
    }
    if (parserError.status && parserError.status >= 400 && parserError.status < 500) {
      res
        .status(parserError.status)
        .json({ errors: [`body: ${parserError.type ?? 'unreadable'}`] });
      return;
    }
    if (isDatabaseUnavailable(error)) {
      logger.error({ err: error, url: req.originalUrl.split('?')[0] }, 'database unavailable');
      res.status(503).json({ errors: [databaseUnavailableMessage] });
      return;
    }
    logger.error({ err: error, url: req.originalUrl.split('?')[0] }, 'unexpected error');
    res.status(500).json({ error: 'Internal server error', errors: ['Internal server error'] });
  };
}
