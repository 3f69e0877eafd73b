import type { ActionMessages } from './note-messages';

/** What undoing an action does, and what it says when it has. */
export interface UndoEntry {
  run: () => Promise<unknown>;
  messages: ActionMessages;
}

/** How many actions Ctrl/⌘+Z can step back through. */
const DEPTH = 20;

const entries: UndoEntry[] = [];

/** Remembers an action that worked, so that it can be undone (newest last). */
export function rememberUndo(entry: UndoEntry): void {
  entries.push(entry);
  if (entries.length > DEPTH) entries.shift();
}

/** Takes a remembered action out (its toast's Undo was pressed, or Ctrl/⌘+Z). */
export function takeUndo(entry?: UndoEntry): UndoEntry | undefined {
  if (!entry) return entries.pop();
  const at = entries.indexOf(entry);
  return at === -1 ? undefined : entries.splice(at, 1)[0];
}
