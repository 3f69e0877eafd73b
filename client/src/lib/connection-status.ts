import { useSyncExternalStore } from 'react';

/**
 * Whether Jotter can reach its server: `online` (or not yet known to be down), `connecting`
 * (the live connection is being made again after a drop) or `offline` (the browser says it has
 * no network, or the last request to the server found none). The live link and the notes feed
 * report the live connection, every request to /graphql reports whether it got an answer; the
 * top bar shows the status, quietly.
 */
export type ConnectionStatus = 'online' | 'connecting' | 'offline';

/** As the live connection and the browser's network events report it. */
let live: ConnectionStatus = 'online';
/**
 * Whether the last request found no server. The browser's `navigator.onLine` can say online
 * with no way out (a network with no route, a server that is down, a browser that does not
 * know), so a request that gets no answer says offline too, until one gets an answer.
 */
let unreachable = false;
const listeners = new Set<() => void>();

function change(update: () => void): void {
  const before = getConnectionStatus();
  update();
  if (getConnectionStatus() !== before) listeners.forEach((listener) => listener());
}

/** The live connection's state, or `offline` when the browser says it has no network. */
export function setConnectionStatus(next: ConnectionStatus): void {
  change(() => {
    live = next;
  });
}

/** Whether a request to the server got an answer (any answer but a gateway's "unreachable"). */
export function setServerReachable(reachable: boolean): void {
  change(() => {
    unreachable = !reachable;
  });
}

export function getConnectionStatus(): ConnectionStatus {
  return unreachable ? 'offline' : live;
}

/** Calls `listener` after every change of the status; returns the function that stops it. */
export function onConnectionStatus(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The connection status, re-rendering when it changes. */
export function useConnectionStatus(): ConnectionStatus {
  return useSyncExternalStore(onConnectionStatus, getConnectionStatus);
}

/** The answers of a proxy or gateway in front of a Jotter server that cannot be reached. */
export const UNREACHABLE_STATUSES: ReadonlySet<number> = new Set([502, 503, 504]);

/**
 * `fetch`, reporting whether the server answered (setServerReachable). A request that fails
 * without an answer (a TypeError, as fetch reports a network failure) or gets a gateway's
 * "unreachable" says the server cannot be reached; one cancelled by the app says nothing.
 */
export const fetchReportingReach: typeof fetch = async (input, init) => {
  let response: Response;
  try {
    response = await fetch(input, init);
  } catch (error) {
    if (error instanceof TypeError) setServerReachable(false);
    throw error;
  }
  setServerReachable(!UNREACHABLE_STATUSES.has(response.status));
  return response;
};
