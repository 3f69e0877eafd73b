import { ApolloServer } from '@apollo/server';
import {
  ApolloServerPluginCacheControlDisabled,
  ApolloServerPluginLandingPageDisabled,
} from '@apollo/server/plugin/disabled';
import type { ApolloServerPlugin } from '@apollo/server';
import { GraphQLError, OperationTypeNode, type GraphQLSchema } from 'graphql';
import type { Logger } from 'pino';

import { readOnlyTokenMessage } from '../services/caller';
import type { GraphQLContext } from './context';
import { graphQLErrorFormatter } from './errors';
import { parseOptions, validationRules } from './limits';

/**
 * Answers a request whose `extensions` ask for `noteEventsCursor` (`{"noteEventsCursor": true}`)
 * with the caller's change-feed cursor in the answer's `extensions`, as read with their token,
 * before the operation ran: whatever the answer holds is at least that recent, so a client that
 * subscribes to `noteEvents` from it misses no change, without asking for the cursor apart and
 * then for its lists again. Answers to requests that do not ask are unchanged.
 */
export const feedCursorPlugin: ApolloServerPlugin<GraphQLContext> = {
  requestDidStart: ({ request }) =>
    Promise.resolve(
      request.extensions?.noteEventsCursor === true
        ? {
            willSendResponse: ({ response, contextValue }) => {
              if (response.body.kind !== 'single' || contextValue.eventsCursor === null) {
                return Promise.resolve();
              }
              const result = response.body.singleResult;
              result.extensions = {
                ...result.extensions,
                noteEventsCursor: contextValue.eventsCursor,
              };
              return Promise.resolve();
            },
          }
        : undefined,
    ),
};

/**
 * Refuses every mutation of a request made with a read-only API token (403, `FORBIDDEN`), in one
 * place, before anything runs. Subscriptions only read, and the WebSocket takes nothing else.
 */
export const readOnlyTokenPlugin: ApolloServerPlugin<GraphQLContext> = {
  requestDidStart: () =>
    Promise.resolve({
      didResolveOperation: ({ operation, contextValue }) => {
        const credential = contextValue.auth?.credential;
        if (
          operation?.operation === OperationTypeNode.MUTATION &&
          credential?.kind === 'apiToken' &&
          credential.scope === 'read'
        ) {
          throw new GraphQLError(readOnlyTokenMessage, {
            extensions: { code: 'FORBIDDEN', http: { status: 403 } },
          });
        }
        return Promise.resolve();
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
      { serverWillStart: () => Promise.resolve({ drainServer: drainWebSocket }) },
      feedCursorPlugin,
      readOnlyTokenPlugin,
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
