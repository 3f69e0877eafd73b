let made = 0;

/** A key that sorts after every key made before it, in any tab. */
export function entryKey(): string {
  made += 1;
  const time = Date.now().toString(36).padStart(10, '0');
  return `${time}-${made.toString(36).padStart(6, '0')}-${Math.random().toString(36).slice(2, 8)}`;
}

/** The prefix of a note's id until the server gives it one. */
export const PENDING = 'pending-';

/** A new note's id until the server gives it one. */
export function pendingNoteId(): string {
  return `${PENDING}${entryKey()}`;
}
