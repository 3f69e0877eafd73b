import { ApolloLink } from '@apollo/client';
import type { ApolloClient, OperationVariables } from '@apollo/client';
import { canonicalStringify } from '@apollo/client/utilities';
import { OperationTypeNode } from 'graphql';
import { defer, finalize, tap } from 'rxjs';
import { readToken } from './storage';

/**
 * What the server's answers said of the change feed since this page opened, under one sign-in:
 * the earliest cursor any of them carried, and which queries they answered.
 */
interface Seen {
  token: string;
  cursor: number;
  answered: Set<string>;
}

const seenBy = new WeakMap<ApolloClient, Seen>();
/** Each client's queries on their way: what they answer counts too. */
const pendingBy = new WeakMap<ApolloClient, Set<Promise<void>>>();

/** A query and its variables as one key, whatever order the variables were written in. */
const queryKey = (operationName: string | undefined, variables: OperationVariables): string =>
  `${operationName ?? ''} ${canonicalStringify(variables)}`;

/**
 * In the client's link chain: asks the server for the change feed's cursor with every query and
 * mutation (the request's `extensions`, see the server's `feedCursorPlugin`) and remembers what
 * the answers say. The server reads the cursor before it runs the operation, so an answer holds
 * every change up to its cursor: the live feed can start from the earliest such cursor and
 * replay the rest, without asking for the cursor and the lists on screen a second time.
 */
export const feedCursorLink = new ApolloLink((operation, forward) => {
  if (operation.operationType === OperationTypeNode.SUBSCRIPTION) return forward(operation);
  operation.extensions = { ...operation.extensions, noteEventsCursor: true };
  const token = readToken();
  const { client } = operation;
  const answer = forward(operation).pipe(
    tap((result) => {
      const cursor = Number(result.extensions?.noteEventsCursor);
      if (!token || !Number.isSafeInteger(cursor) || cursor < 0) return;
      let seen = seenBy.get(client);
      if (!seen || seen.token !== token) {
        seen = { token, cursor, answered: new Set() };
        seenBy.set(client, seen);
      }
      seen.cursor = Math.min(seen.cursor, cursor);
      if (operation.operationType === OperationTypeNode.QUERY && 'data' in result && result.data) {
        seen.answered.add(queryKey(operation.operationName, operation.variables));
      }
    }),
  );
  if (operation.operationType !== OperationTypeNode.QUERY) return answer;
  return defer(() => {
    let pending = pendingBy.get(client);
    if (!pending) pendingBy.set(client, (pending = new Set()));
    let settle!: () => void;
    const settled = new Promise<void>((resolve) => {
      settle = resolve;
    });
    pending.add(settled);
    return answer.pipe(
      finalize(() => {
        pending.delete(settled);
        settle();
      }),
    );
  });
});

/** What the answers since this page opened said of the feed, for the user signed in now. */
export interface FeedCursorSeen {
  /** The earliest cursor they carried: every change after it is still to be applied. */
  cursor: string;
  /** Whether a query with these variables was answered (so it holds a fresh answer). */
  answered(queryName: string | undefined, variables: OperationVariables): boolean;
}

/**
 * Once the queries on their way now have answered (or failed): the earliest cursor and the
 * answered queries, or null when no answer carried a cursor for the user signed in now.
 */
export async function feedCursorSeen(client: ApolloClient): Promise<FeedCursorSeen | null> {
  await Promise.all([...(pendingBy.get(client) ?? new Set<Promise<void>>())]);
  const seen = seenBy.get(client);
  if (!seen || seen.token !== readToken()) return null;
  return {
    cursor: String(seen.cursor),
    answered: (queryName, variables) => seen.answered.has(queryKey(queryName, variables)),
  };
}

/** Forgets what the answers said (the feed no longer reaches back to their cursor). */
export function forgetFeedCursor(client: ApolloClient): void {
  seenBy.delete(client);
}
