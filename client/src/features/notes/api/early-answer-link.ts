import { ApolloLink } from '@apollo/client';
import { print } from '@apollo/client/utilities';
import { Observable, type Subscription } from 'rxjs';
import { readToken } from '../../../lib/storage';

/** An early answer older than this is not used: the app took too long to ask for it. */
export const EARLY_ANSWER_MAX_AGE_MS = 15_000;

/** JSON with object keys sorted, so two equal variable sets compare equal as text. */
export function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/**
 * Hands over an answer the boot script asked for early (see first-screen.ts), once, and only to
 * the request it was made for: same operation, same printed query, same variables, same token,
 * still fresh. Anything else gets undefined and goes to the network.
 */
export function takeEarlyAnswer(operation: ApolloLink.Operation): Promise<unknown> | undefined {
  const early = window.__jotterEarly?.get(operation.operationName ?? '');
  if (
    !early ||
    stableJson(operation.variables) !== stableJson(early.variables) ||
    print(operation.query) !== early.query
  ) {
    return undefined;
  }
  window.__jotterEarly?.delete(early.operationName);
  const fresh = performance.now() - early.at <= EARLY_ANSWER_MAX_AGE_MS;
  return fresh && early.token === readToken() ? early.result : undefined;
}

/**
 * Answers a first-screen request from the boot script's early answer when there is one for it;
 * every other request, or one whose early answer failed, goes on to the network as usual.
 */
export const earlyAnswerLink = new ApolloLink((operation, forward) => {
  const early = takeEarlyAnswer(operation);
  if (!early) return forward(operation);
  return new Observable<ApolloLink.Result>((observer) => {
    let closed = false;
    let network: Subscription | undefined;
    early.then(
      // In a task of its own: the answer is usually in before the app asks, and handing it
      // over at once would chain Apollo's cache write onto React's commit in one long task.
      (result) =>
        setTimeout(() => {
          if (closed) return;
          observer.next(result as ApolloLink.Result);
          observer.complete();
        }, 0),
      () => {
        if (!closed) network = forward(operation).subscribe(observer);
      },
    );
    return () => {
      closed = true;
      network?.unsubscribe();
    };
  });
});
