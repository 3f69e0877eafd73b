import { ApolloClient, ApolloLink, HttpLink, InMemoryCache } from '@apollo/client';
import { OperationTypeNode } from 'graphql';
import type { TypePolicies } from '@apollo/client';
import { SetContextLink } from '@apollo/client/link/context';
import { ErrorLink } from '@apollo/client/link/error';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { noPersistence, type CachePersistence } from './cache-persistence';
import { fetchReportingReach } from './connection-status';
import { feedCursorLink } from './feed-cursor';
import { emitSessionExpired } from './session-events';
import { readToken } from './storage';

const authLink = new SetContextLink((prevContext) => {
  const token = readToken();
  if (!token) return {};
  const headers = (prevContext.headers ?? {}) as Record<string, string>;
  return { headers: { ...headers, authorization: `Bearer ${token}` } };
});

const sessionLink = new ErrorLink(({ error }) => {
  if (
    CombinedGraphQLErrors.is(error) &&
    error.errors.some((e) => e.extensions?.code === 'UNAUTHENTICATED')
  ) {
    emitSessionExpired();
  }
});

/**
 * Jotter's GraphQL endpoint: queries and mutations over HTTP, subscriptions over `live` (a
 * WebSocket, see live-link.ts).
 */
export function serverLink(live: ApolloLink): ApolloLink {
  return ApolloLink.split(
    ({ operationType }) => operationType === OperationTypeNode.SUBSCRIPTION,
    live,
    // Extensions sent: the request asks for the change feed's cursor (feed-cursor.ts). Every
    // request says whether the server answered (the top bar's Offline).
    new HttpLink({ uri: '/graphql', includeExtensions: true, fetch: fetchReportingReach }),
  );
}

/**
 * The app's Apollo Client: bearer token from storage, session expiry reported, the change feed's
 * cursor asked for with every answer (feed-cursor.ts), requests sent by
 * `terminatingLink` (the server; a stand-in in tests), and a cache with the features' policies,
 * saved for the next visit by `persistence` (cache-persistence.ts) when given.
 */
export function createApolloClient(
  terminatingLink: ApolloLink,
  typePolicies: TypePolicies,
  persistence: CachePersistence = noPersistence,
): ApolloClient {
  return new ApolloClient({
    link: ApolloLink.from([
      persistence.link,
      sessionLink,
      authLink,
      feedCursorLink,
      terminatingLink,
    ]),
    cache: new InMemoryCache({ typePolicies }),
  });
}
