import { ApolloServer, type ApolloServerPlugin } from '@apollo/server';
import {
  ApolloServerPluginCacheControlDisabled,
  ApolloServerPluginLandingPageDisabled,
} from '@apollo/server/plugin/disabled';
import { GraphQLError, OperationTypeNode, type GraphQLSchema } from 'graphql';
import type { Logger } from 'pino';

import type { GraphQLContext } from './context';
import { graphQLErrorFormatter } from './errors';

/**
 * A subscription sent over HTTP would run once as a query and answer nothing useful: refuse it
 * with a 400 that says where subscriptions are served.
 */
const subscriptionsOverWebSocketOnly: ApolloServerPlugin<GraphQLContext> = {
  requestDidStart: () =>
    Promise.resolve({
      didResolveOperation: ({ operation }) => {
        if (operation?.operation !== OperationTypeNode.SUBSCRIPTION) return Promise.resolve();
        throw new GraphQLError(
          'Subscriptions are served over WebSocket at /graphql (the graphql-transport-ws protocol of graphql-ws), not over HTTP.',
          { extensions: { code: 'BAD_REQUEST', http: { status: 400 } } },
        );
      },
    }),
};

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
      subscriptionsOverWebSocketOnly,
      { serverWillStart: () => Promise.resolve({ drainServer: drainWebSocket }) },
    ],
    // GraphiQL (/graphql in a browser) needs introspection, whatever NODE_ENV says.
    introspection: true,
    includeStacktraceInErrorResponses: false,
    formatError: graphQLErrorFormatter(logger),
  });
}
