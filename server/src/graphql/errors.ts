import { unwrapResolverError } from '@apollo/server/errors';
import { GraphQLError, type GraphQLFormattedError } from 'graphql';
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
import { toGraphQLNote } from './resolvers/mapping';

const codeOf: Record<ErrorKind, string> = {
  BAD_USER_INPUT: 'BAD_USER_INPUT',
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  EMAIL_NOT_REGISTERED: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  VERSION_CONFLICT: 'CONFLICT',
  CURSOR_EXPIRED: 'CURSOR_EXPIRED',
  RATE_LIMITED: 'RATE_LIMITED',
  UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  TOO_LARGE: 'TOO_LARGE',
  UNSUPPORTED_TYPE: 'UNSUPPORTED_TYPE',
};

/**
 * What `extensions` carries beside the code: the field at fault, a conflict's current note, or
 * that a sign-in needs its second factor.
 */
function details(error: AppError): Record<string, unknown> {
  if (isNoteConflict(error)) return { current: toGraphQLNote(error.current) };
  if (error instanceof TwoFactorRequiredError) return { twoFactorRequired: true };
  return error.field ? { field: error.field } : {};
}

/**
 * Every GraphQL error as a client sees it, over HTTP and WebSocket alike: errors carry
 * `extensions.code`, a service's message is shown as is, internals never leak.
 */
export function graphQLErrorFormatter(logger: Logger) {
  return (formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError => {
    const unwrapped = unwrapResolverError(error);
    const original = fromDatabaseTextError(unwrapped) ?? unwrapped;
    if (original instanceof AppError) {
      if (original.kind === 'UNAVAILABLE') {
        logger.error({ err: original.cause ?? original }, 'database unavailable');
      }
      return {
        message: original.message,
        locations: formatted.locations,
        path: formatted.path,
        extensions: { code: codeOf[original.kind], ...details(original) },
      };
    }
    if (isDatabaseUnavailable(original)) {
      logger.error({ err: original }, 'database unavailable');
      return {
        message: databaseUnavailableMessage,
        path: formatted.path,
        extensions: { code: 'SERVICE_UNAVAILABLE' },
      };
    }
    const code = formatted.extensions?.code;
    // graphql-js's own complaints about the request (e.g. a field this schema has not) carry no
    // code of their own and wrap no thrown error: a client mistake, not a server fault.
    if (
      original instanceof GraphQLError &&
      !original.originalError &&
      original.extensions.code === undefined
    ) {
      return { ...formatted, extensions: { ...formatted.extensions, code: 'BAD_REQUEST' } };
    }
    if (code === 'INTERNAL_SERVER_ERROR' || code === undefined) {
      logger.error({ err: original }, 'unexpected GraphQL error');
      return {
        message: 'Internal server error',
        path: formatted.path,
        extensions: { code: 'INTERNAL_SERVER_ERROR' },
      };
    }
    return formatted;
  };
}
