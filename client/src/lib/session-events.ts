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

const signedOutListeners = new Set<(message: string) => void>();

/**
 * Subscribes to "this sign-in has ended on purpose" (the account was deleted): `message` says
 * why. Returns the unsubscribe function.
 */
export function onSignedOut(listener: (message: string) => void): () => void {
  signedOutListeners.add(listener);
  return () => {
    signedOutListeners.delete(listener);
  };
}

/** Signs out everywhere in the app, saying `message` (a feature cannot reach the auth state). */
export function emitSignedOut(message: string): void {
  signedOutListeners.forEach((listener) => listener(message));
}
