import { createContext, useContext, useSyncExternalStore } from 'react';
import type { Outbox, OutboxState } from './outbox';

const OutboxContext = createContext<Outbox | null>(null);

/** Provides the app's outbox (outbox.ts) to the notes' mutation hooks and the status in view. */
export const OutboxProvider = OutboxContext.Provider;

/** The app's outbox (app.tsx provides it around every route). */
export function useOutbox(): Outbox {
  const outbox = useContext(OutboxContext);
  if (!outbox) throw new Error('useOutbox needs an OutboxProvider above it');
  return outbox;
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
