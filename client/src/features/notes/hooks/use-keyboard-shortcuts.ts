import { useLayoutEffect } from 'react';
import { undo } from './run-note-action';
import { cardsInView, focusCard } from '../list/card-focus';

/** Keep's shortcuts, as the "?" dialog lists them. */
export const SHORTCUTS: readonly { keys: string[]; does: string }[] = [
  { keys: ['c'], does: 'New note' },
  { keys: ['/'], does: 'Search' },
  { keys: ['j'], does: 'Next note' },
  { keys: ['k'], does: 'Previous note' },
  { keys: ['Enter'], does: 'Open the focused note' },
  { keys: ['e'], does: 'Archive the focused note' },
  { keys: ['#'], does: 'Move the focused note to the trash' },
  { keys: ['f'], does: 'Pin or unpin the focused note' },
  { keys: ['Ctrl', 'Enter'], does: 'Save the note being edited (⌘ Enter on a Mac)' },
  { keys: ['Esc'], does: 'Close the editor (a new note is saved, an open note keeps a draft)' },
  { keys: ['Ctrl', 'Z'], does: 'Undo the last action (⌘ Z on a Mac)' },
  { keys: ['?'], does: 'Show these shortcuts' },
];

/** True while the user types: a text field, a select, or rich text has the key. */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    target.closest('input, textarea, select, [contenteditable="true"]') !== null
  );
}

/** Moves the focus to the next (`step` 1) or previous (-1) card, from the focused one. */
function moveFocus(step: 1 | -1): void {
  const all = cardsInView();
  if (all.length === 0) return;
  const at = all.findIndex((card) => card.contains(document.activeElement));
  const next = at === -1 ? (step === 1 ? 0 : all.length - 1) : at + step;
  const card = all[Math.max(0, Math.min(all.length - 1, next))];
  if (card) focusCard(card);
}

interface ShortcutActions {
  newNote: () => void;
  search: () => void;
  showHelp: () => void;
}

/**
 * The page-wide keys: `c`, `/`, `j`/`k`, `?` and Ctrl/⌘+Z. Keys on a focused card (Enter, `e`,
 * `#`, `f`) belong to the card, and Ctrl/⌘+Enter and Esc to the editor. None of them fires while
 * the user types in a field, or while a dialog is open.
 *
 * The listener is attached in a layout effect, before the browser paints: a passive effect can
 * run after the cards are already on screen, and a key pressed in between would go unheard.
 */
export function useKeyboardShortcuts({ newNote, search, showHelp }: ShortcutActions): void {
  useLayoutEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || isTyping(event.target)) return;
      if (document.querySelector('[role="dialog"][aria-modal="true"]')) return;
      const mod = event.ctrlKey || event.metaKey;
      if (mod && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'z') {
        event.preventDefault();
        void undo();
        return;
      }
      if (mod || event.altKey) return;
      const act: Record<string, (() => void) | undefined> = {
        c: newNote,
        '/': search,
        j: () => moveFocus(1),
        k: () => moveFocus(-1),
        '?': showHelp,
      };
      const action = act[event.key];
      if (!action) return;
      event.preventDefault();
      action();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [newNote, search, showHelp]);
}
