import { CombinedGraphQLErrors } from '@apollo/client/errors';

/** The `extensions.code` of the first GraphQL error, if the error came from the server. */
export function graphQLErrorCode(error: unknown): string | undefined {
  if (!CombinedGraphQLErrors.is(error)) return undefined;
  const code = error.errors[0]?.extensions?.code;
  return typeof code === 'string' ? code : undefined;
}

/** The server's message for a GraphQL error, or undefined for anything else. */
export function graphQLErrorMessage(error: unknown): string | undefined {
  return CombinedGraphQLErrors.is(error) ? error.errors[0]?.message : undefined;
}
