import { ApolloServer } from '@apollo/server';
import {
  ApolloServerPluginCacheControlDisabled,
  ApolloServerPluginLandingPageDisabled,
} from '@apollo/server/plugin/disabled';
import type { GraphQLSchema } from 'graphql';
import type { Logger } from 'pino';

import type { GraphQLContext } from './context';
import { graphQLErrorFormatter } from './errors';
import { parseOptions, validationRules } from './limits';

/**
 * Apollo Server over the schema; errors carry `extensions.code`, internals never leak.
 * `drainWebSocket` closes the WebSocket server when Apollo stops (Apollo's documented pattern).
 */
export function createApolloServer(
  logger: Logger,
  schema: GraphQLSchema,
  drainWebSocket: () => Promise<void>,
): ApolloServer<GraphQLContext> {
  return new ApolloServer<GraphQLContext>({
    schema,
    plugins: [
      ApolloServerPluginLandingPageDisabled(),
      // Jotter sets no cache hints; the cache-control plugin would still wrap every field resolved.
      ApolloServerPluginCacheControlDisabled(),
      { serverWillStart: () => Promise.resolve({ drainServer: drainWebSocket }) },
    ],
    // A document made to keep the server busy is refused before any work (limits.ts).
    parseOptions,
    validationRules,
    // GraphiQL (/graphql in a browser) needs introspection, whatever NODE_ENV says.
    introspection: true,
    includeStacktraceInErrorResponses: false,
    formatError: graphQLErrorFormatter(logger),
  });
}
