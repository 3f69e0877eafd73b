import fs from 'node:fs';
import path from 'node:path';

import { ApolloServer } from '@apollo/server';
import { unwrapResolverError } from '@apollo/server/errors';
import {
  ApolloServerPluginCacheControlDisabled,
  ApolloServerPluginLandingPageDisabled,
} from '@apollo/server/plugin/disabled';
import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import type { Logger } from 'pino';

import {
  AppError,
  databaseUnavailableMessage,
  fromDatabaseTextError,
  isDatabaseUnavailable,
  type ErrorKind,
} from '../errors';
import { repoRoot } from '../paths';
import type { GraphQLContext } from './context';
import { resolvers } from './resolvers';

const codeOf: Record<ErrorKind, string> = {
  BAD_USER_INPUT: 'BAD_USER_INPUT',
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  NOT_FOUND: 'NOT_FOUND',
  EMAIL_NOT_REGISTERED: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  RATE_LIMITED: 'RATE_LIMITED',
  UNAVAILABLE: 'SERVICE_UNAVAILABLE',
};

/** schema.graphql at the repository root: the one source of the API's shape. */
const typeDefs = fs.readFileSync(path.join(repoRoot, 'schema.graphql'), 'utf8');

/** Apollo Server over the services; errors carry `extensions.code`, internals never leak. */
export function createApolloServer(logger: Logger): ApolloServer<GraphQLContext> {
  return new ApolloServer<GraphQLContext>({
    typeDefs,
    resolvers,
    // Jotter sets no cache hints; the cache-control plugin would still wrap every field resolved.
    plugins: [ApolloServerPluginLandingPageDisabled(), ApolloServerPluginCacheControlDisabled()],
    // GraphiQL (/graphql in a browser) needs introspection, whatever NODE_ENV says.
    introspection: true,
    includeStacktraceInErrorResponses: false,
    formatError: (formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError => {
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
          extensions: {
            code: codeOf[original.kind],
            ...(original.field ? { field: original.field } : {}),
          },
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
      // graphql-js's own complaints about the request (e.g. a subscription this schema has not)
      // carry no code of their own and wrap no thrown error: a client mistake, not a server fault.
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
    },
  });
}
