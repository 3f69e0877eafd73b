import type * as Toastify from 'react-toastify/unstyled';

let toastify: Promise<typeof Toastify> | undefined;
const onLoadListeners = new Set<() => void>();

/**
 * Loads react-toastify (once). It is not part of the first screen: the app loads it when the
 * browser is first idle, or with the first toast, whichever comes first.
 */
export function loadToastify(): Promise<typeof Toastify> {
  if (!toastify) {
    toastify = import('react-toastify/unstyled');
    onLoadListeners.forEach((listener) => listener());
  }
  return toastify;
}

/** Calls `listener` once react-toastify starts loading (at once if it has). Returns a cancel. */
export function onToastifyLoad(listener: () => void): () => void {
  if (toastify) listener();
  else onLoadListeners.add(listener);
  return () => onLoadListeners.delete(listener);
}

type Kind = 'success' | 'error' | 'info';

const show =
  (kind: Kind) =>
  (content: Toastify.ToastContent, options?: Toastify.ToastOptions): void => {
    // A toast raised before the container mounts waits in react-toastify's own queue.
    void loadToastify().then(
      ({ toast }) => toast[kind](content, options),
      (error: unknown) => console.error('Toasts could not be loaded:', error),
    );
  };

/** The toast kinds Jotter shows: react-toastify's, loading the library on first use. */
export const toast = { success: show('success'), error: show('error'), info: show('info') };
