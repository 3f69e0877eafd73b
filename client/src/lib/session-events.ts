type Listener = () => void;

const listeners = new Set<Listener>();

/**
 * Subscribes to "the server rejected our token" events (raised by the Apollo error link).
 * Returns the unsubscribe function.
 */
export function onSessionExpired(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Tells every subscriber that the stored token is no longer accepted. */
export function emitSessionExpired(): void {
  listeners.forEach((listener) => listener());
}
