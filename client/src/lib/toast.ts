import { createElement, isValidElement } from 'react';
import type { ReactElement } from 'react';
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

/**
 * What one snackbar says: a message; the messages of one action, shown together, each in an
 * element of its own (sign-up's two, "New Label Added" with "Note tag Updated"); or an element
 * of its own (a message with Undo, the update prompt).
 */
export type SnackContent = string | readonly string[] | ReactElement;

/** The options Jotter's snackbars take (react-toastify's, by their names). */
export type SnackOptions = Pick<Toastify.ToastOptions, 'toastId' | 'autoClose' | 'closeOnClick'>;

/** How long a message offering Undo stays: long enough to reach for the button. */
export const UNDO_SNACK_MS = 6000;

/** The messages of one action, one line each. */
function Messages({ messages }: { messages: readonly string[] }) {
  return createElement(
    'div',
    { className: 'snack-messages' },
    messages.map((message, index) =>
      createElement('p', { key: index, className: 'snack-messages__message' }, message),
    ),
  );
}

const body = (content: SnackContent): Toastify.ToastContent =>
  isValidElement(content)
    ? content
    : createElement(Messages, { messages: typeof content === 'string' ? [content] : content });

interface Snack {
  kind: Kind;
  content: SnackContent;
  options?: SnackOptions;
}

// A message that waits for the user (no auto-close: the update prompt). A newer message takes
// its place for a while; it comes back once that one has gone.
let standing: Snack | null = null;
// True while the current snackbar is being taken away for a newer one.
let replacing = false;

/**
 * Shows `snack` as THE snackbar: the one showing (and any still waiting) gives way to it, as in
 * Keep. The container shows one at a time (`limit={1}`), so the newer one slides in once the
 * older one has slid out, and never over it.
 */
function present(lib: typeof Toastify, snack: Snack): void {
  const { toast } = lib;
  const { kind, content, options } = snack;
  // The same message (by its id) already showing: once is enough.
  if (options?.toastId !== undefined && toast.isActive(options.toastId)) return;
  replacing = true;
  toast.dismiss();
  toast.clearWaitingQueue();
  replacing = false;
  const waits = options?.autoClose === false;
  if (waits) standing = snack;
  toast[kind](body(content), {
    ...options,
    onClose: () => {
      if (replacing) return;
      if (waits) standing = null;
      else if (standing) present(lib, standing);
    },
  });
}

const show =
  (kind: Kind) =>
  (content: SnackContent, options?: SnackOptions): void => {
    // A toast raised before the container mounts waits in react-toastify's own queue.
    void loadToastify().then(
      (lib) => present(lib, { kind, content, options }),
      (error: unknown) => console.error('Toasts could not be loaded:', error),
    );
  };

/**
 * The snackbar kinds Jotter shows (react-toastify's toasts, loading the library on first use).
 * One shows at a time, and a newer message replaces the one showing.
 */
export const toast = { success: show('success'), error: show('error'), info: show('info') };
