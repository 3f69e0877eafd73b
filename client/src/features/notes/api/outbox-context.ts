import { createContext, useContext, useSyncExternalStore } from 'react';
import { directOutbox, type Outbox, type OutboxState } from './outbox';

const OutboxContext = createContext<Outbox>(directOutbox);

/** Provides the app's outbox (outbox.ts) to the notes' mutation hooks and the status in view. */
export const OutboxProvider = OutboxContext.Provider;

/** The app's outbox (sending straight to the server where none is provided). */
export function useOutbox(): Outbox {
  return useContext(OutboxContext);
}

/** What is waiting in the outbox, re-rendering when it changes. */
export function useOutboxState(): OutboxState {
  const outbox = useOutbox();
  return useSyncExternalStore(outbox.subscribe, outbox.getState);
}

/** Whether a change of this note waits in the outbox; re-renders only when that changes. */
export function useWaitingToSend(noteId: string): boolean {
  const outbox = useOutbox();
  return useSyncExternalStore(outbox.subscribe, () => outbox.getState().waiting.has(noteId));
}
