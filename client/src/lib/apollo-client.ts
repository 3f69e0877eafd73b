import { ApolloClient, ApolloLink, HttpLink, InMemoryCache } from '@apollo/client';
import { SetContextLink } from '@apollo/client/link/context';
import { ErrorLink } from '@apollo/client/link/error';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { paginatedField } from './paginated-field';
import { emitSessionExpired } from './session-events';
import { readToken } from './storage';

/** The cache: notes normalised by id, each list paged and kept apart per filter. */
export function createCache(): InMemoryCache {
  return new InMemoryCache({
    typePolicies: {
      Query: {
        fields: {
          notes: paginatedField(['filter']),
          archives: paginatedField(['filter']),
          trash: paginatedField(false),
        },
      },
    },
  });
}

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
 * The app's Apollo Client: bearer token from storage, session expiry reported, `/graphql`.
 * `earlyLinks` run after the session check and may answer a request before it is sent.
 */
export function createApolloClient(earlyLinks: ApolloLink[] = []): ApolloClient {
  return new ApolloClient({
    link: ApolloLink.from([
      sessionLink,
      ...earlyLinks,
      authLink,
      new HttpLink({ uri: '/graphql' }),
    ]),
    cache: createCache(),
  });
}
