import type { ActionMessages } from './messages';

/** What undoing an action does, and what it says when it has. */
export interface UndoEntry {
  run: () => Promise<unknown>;
  messages: ActionMessages;
}

/** How many actions Ctrl/⌘+Z can step back through. */
const DEPTH = 20;

const entries: UndoEntry[] = [];

/** Reversible actions the server has not answered yet: Ctrl/⌘+Z waits for them first. */
const inFlight = new Set<Promise<unknown>>();

/** Notes a reversible action in flight, until it settles. */
export function trackReversible(action: Promise<unknown>): void {
  const settled = action.then(
    () => undefined,
    () => undefined,
  );
  inFlight.add(settled);
  void settled.then(() => inFlight.delete(settled));
}

/** Resolves once every reversible action started so far has been answered (and remembered). */
export async function reversibleSettled(): Promise<void> {
  while (inFlight.size > 0) await Promise.all([...inFlight]);
}

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
