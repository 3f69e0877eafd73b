/** The cards in view, in reading order (pinned first). */
export const cardsInView = () => [
  ...document.querySelectorAll<HTMLElement>('.notes-grid .note-card'),
];

/**
 * Focuses a card and brings it into view only as far as needed: its scroll-margin (note-grid.css)
 * keeps it clear of the sticky top bar.
 */
export function focusCard(card: HTMLElement): void {
  card.focus({ preventScroll: true });
  // jsdom has no layout, nor scrollIntoView.
  if ('scrollIntoView' in card) card.scrollIntoView({ block: 'nearest' });
}

/** The note whose card takes the focus back if it is drawn anew (it moved to another group). */
let focusFollows: string | null = null;

/** Forgets `focusFollows` once the user moves on (focuses something, or clicks). */
function forgetOnNextMove(): void {
  const forget = () => {
    focusFollows = null;
    document.removeEventListener('focusin', forget, true);
    document.removeEventListener('pointerdown', forget, true);
  };
  document.addEventListener('focusin', forget, true);
  document.addEventListener('pointerdown', forget, true);
}

/**
 * Before a card leaves its place (archived, trashed, pinned or unpinned by its key), the focus
 * moves to the next card, or the previous one when it was the last, as Keep does. If the list then
 * draws that card anew (pinning made a Pinned group, and the focus was lost with the old card),
 * the new card takes the focus (`takesFocus`), unless the user has moved on meanwhile.
 */
export function focusNextCard(from: HTMLElement): void {
  const all = cardsInView();
  const at = all.indexOf(from);
  const next = at === -1 ? undefined : (all[at + 1] ?? all[at - 1]);
  if (!next) return;
  focusCard(next);
  focusFollows = next.dataset.noteId ?? null;
  forgetOnNextMove();
}

/** True, once, when the card of note `id`, just drawn, should take the focus back. */
export function takesFocus(id: string): boolean {
  if (focusFollows !== id) return false;
  focusFollows = null;
  const active = document.activeElement;
  return active === null || active === document.body;
}
