import type { ToastContent, ToastOptions } from 'react-toastify';
import type * as ToastifyModule from 'react-toastify';

type Toastify = typeof ToastifyModule;

let toastify: Promise<Toastify> | undefined;
const listeners = new Set<() => void>();

/**
 * Loads react-toastify (once; the same promise for every caller). It is not part of the first
 * screen: the app loads it when the browser is idle, or with the first toast.
 */
export function loadToastify(): Promise<Toastify> {
  if (!toastify) {
    toastify = import('react-toastify');
    for (const listener of listeners) listener();
  }
  return toastify;
}

/**
 * Calls `listener` when react-toastify starts loading, or at once if it has (the toast container
 * mounts then). Returns an unsubscribe.
 */
export function onToastifyLoad(listener: () => void): () => void {
  if (toastify) {
    listener();
    return () => undefined;
  }
  listeners.add(listener);
  return () => listeners.delete(listener);
}

type Kind = 'success' | 'error' | 'info';

const show =
  (kind: Kind) =>
  (content: ToastContent, options?: ToastOptions): void => {
    // A toast raised before the container is mounted waits in react-toastify's queue.
    void loadToastify().then(
      ({ toast }) => toast[kind](content, options),
      (error: unknown) => console.error('Toasts could not be loaded:', error),
    );
  };

/** react-toastify's `toast`, for the kinds Jotter shows, loading the library on first use. */
export const toast = { success: show('success'), error: show('error'), info: show('info') };
