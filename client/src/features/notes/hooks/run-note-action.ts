import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { graphQLErrorCode } from '../../../lib/errors';
import { toast } from '../../../lib/toast';
import type { ActionMessages } from './note-messages';

/**
 * Tells the user a note action failed. The server's refusal gets the action's own message;
 * anything else (no answer, a bad answer) gets the generic one, with the reason in the console.
 * A rejected token is left to the session handler, which signs the user out.
 */
export function reportFailure(error: unknown, message: string): void {
  if (graphQLErrorCode(error) === 'UNAUTHENTICATED') return;
  if (CombinedGraphQLErrors.is(error)) {
    console.error(`${message}: the server refused the request.`, error.errors);
    toast.error(message);
    return;
  }
  console.error(
    `${message}: the request did not complete (is the Jotter server running and reachable?).`,
    error,
  );
  toast.error('Action Failed, See Log For Its Reason');
}

/**
 * Runs a note action (whose change already shows, optimistically), then says it worked, or
 * reports the failure. Resolves to whether it worked.
 */
export async function runNoteAction(
  action: () => Promise<unknown>,
  { success, failure }: ActionMessages,
): Promise<boolean> {
  try {
    await action();
    toast.success(success);
    return true;
  } catch (error) {
    reportFailure(error, failure);
    return false;
  }
}
