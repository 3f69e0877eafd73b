import { createElement } from 'react';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { graphQLErrorCode } from '../../../lib/errors';
import { toast, UNDO_SNACK_MS } from '../../../lib/toast';
import { UndoToast } from '../components/undo-toast';
import type { OutboxOptions } from '../sync/outbox';
import { offlineFailureMessages, type ActionMessages } from '../messages';
import {
  rememberUndo,
  reversibleSettled,
  takeUndo,
  trackReversible,
  type UndoEntry,
} from '../undo-stack';

/**
 * Tells the user a note action failed. The server's refusal gets the action's own message;
 * anything else (no answer, a bad answer) gets the generic one, with the reason in the console.
 * `lead`: what the action did first, said in the same snackbar. A rejected token is left to the
 * session handler, which signs the user out.
 */
export function reportFailure(error: unknown, message: string, lead: readonly string[] = []): void {
  if (graphQLErrorCode(error) === 'UNAUTHENTICATED') return;
  if (CombinedGraphQLErrors.is(error)) {
    console.error(`${message}: the server refused the request.`, error.errors);
    toast.error([...lead, message]);
    return;
  }
  console.error(
    `${message}: the request did not complete (is the Jotter server running and reachable?).`,
    error,
  );
  toast.error([...lead, 'Action Failed, See Log For Its Reason']);
}

/**
 * Undoes a remembered action (from its toast, or the most recent one): it says so, or fails.
 * The most recent one is taken once every reversible action already started has been answered,
 * so Ctrl/⌘+Z pressed right after an action undoes that action, not the one before it.
 */
export async function undo(entry?: UndoEntry): Promise<boolean> {
  if (!entry) await reversibleSettled();
  const taken = takeUndo(entry);
  return taken ? runNoteAction(taken.run, taken.messages) : false;
}

/**
 * Runs a note action (whose change already shows, optimistically), then says it worked, or
 * reports the failure. With `undoWith`, the success toast offers Undo (and Ctrl/⌘+Z reaches it):
 * it is given what the action resolved to and says how to take it back. Resolves to whether the
 * action worked.
 */
export function runNoteAction<T>(
  action: () => Promise<T>,
  messages: ActionMessages,
  undoWith?: (result: T) => UndoEntry,
): Promise<boolean> {
  const done = runAndAnnounce(action, messages, undoWith);
  if (undoWith) trackReversible(done);
  return done;
}

async function runAndAnnounce<T>(
  action: () => Promise<T>,
  { success, failure, lead = [], quiet = false }: ActionMessages,
  undoWith?: (result: T) => UndoEntry,
): Promise<boolean> {
  let result: T;
  try {
    result = await action();
  } catch (error) {
    reportFailure(error, failure, lead);
    return false;
  }
  const entry = undoWith?.(result);
  if (quiet) {
    if (entry) rememberUndo(entry);
  } else {
    announce(success, entry, lead);
  }
  return true;
}

/**
 * Says an action worked (after `lead`, what it did first, in the same snackbar); with `entry`,
 * the snackbar offers Undo, stays long enough to reach it, and Ctrl/⌘+Z can reach it too.
 */
export function announce(success: string, entry?: UndoEntry, lead: readonly string[] = []): void {
  const messages = [...lead, success];
  if (!entry) {
    toast.success(messages);
    return;
  }
  rememberUndo(entry);
  toast.success(createElement(UndoToast, { messages, onUndo: () => void undo(entry) }), {
    autoClose: UNDO_SNACK_MS,
  });
}

/** How the outbox tells the user that a change made offline was refused when it was sent. */
export const outboxFeedback: OutboxOptions = {
  onRefused: (change, error) => reportFailure(error, offlineFailureMessages[change.kind]),
};
