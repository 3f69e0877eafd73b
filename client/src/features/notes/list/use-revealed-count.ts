import { startTransition, useCallback, useState } from 'react';

/** Cards drawn at once when a list arrives: more than a phone's screen shows. */
export const FIRST_BATCH = 8;

/** Cards drawn more each time the user nears the end of those drawn. */
export const BATCH = 8;

/** What a list draws, and what to do when the user reaches its end. */
export interface RevealedCount {
  /** How many of the list's items to draw now. */
  visible: number;
  /**
   * Call when the user nears the end of what is drawn: draws a batch more, or, once every item
   * is drawn, asks for the next page. Undefined when there is nothing more.
   */
  showMore: (() => void) | undefined;
}

/**
 * How many of a list's `count` items to draw: the first batch at once, then a batch more each
 * time the user nears the end of what is drawn, and only once all are drawn the next page (a
 * batch of which is drawn when it comes, the user being at the end). A page
 * of cards arriving is not drawn all at once, then: only what the screen can show is, and the
 * rest as the user scrolls to it, each batch in a transition (React renders it in slices). A
 * list that shrinks (a search, a filter, a card gone) starts again from what it shows.
 */
export function useRevealedCount(
  count: number,
  hasNextPage: boolean,
  loadMore: () => void,
): RevealedCount {
  const [wanted, setWanted] = useState(FIRST_BATCH);
  const [lastCount, setLastCount] = useState(count);
  if (count !== lastCount) {
    // Adjusted while rendering, as React advises for state that follows a prop.
    setLastCount(count);
    if (count < lastCount) setWanted(Math.max(FIRST_BATCH, Math.min(wanted, count)));
    // Every card was drawn when more came (the page the user's reach at the end asked for): a
    // batch of it is drawn now, not at the next reach.
    else if (lastCount > 0 && wanted <= lastCount) setWanted(lastCount + BATCH);
  }
  const visible = Math.min(count, wanted);
  const revealMore = useCallback(
    () => startTransition(() => setWanted((shown) => shown + BATCH)),
    [],
  );
  const showMore = visible < count ? revealMore : hasNextPage ? loadMore : undefined;
  return { visible, showMore };
}
