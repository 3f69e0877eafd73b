import { useSyncExternalStore } from 'react';

/**
 * Whether the live connection to the server is up: `online` (or not yet known to be down),
 * `connecting` (reconnecting after a drop) or `offline` (the browser says it has no network).
 * The live link and the notes feed report it; the top bar shows it, quietly.
 */
export type ConnectionStatus = 'online' | 'connecting' | 'offline';

let status: ConnectionStatus = 'online';
const listeners = new Set<() => void>();

export function setConnectionStatus(next: ConnectionStatus): void {
  if (next === status) return;
  status = next;
  listeners.forEach((listener) => listener());
}

export function getConnectionStatus(): ConnectionStatus {
  return status;
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
