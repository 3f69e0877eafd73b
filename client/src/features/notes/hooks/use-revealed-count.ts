import { useProgressiveCount } from './use-progressive-count';

/** What a list draws, and what to do when the user reaches its end. */
export interface RevealedCount {
  /** How many of the list's items to draw now. */
  visible: number;
  /** Call when the user reaches the end; undefined while cards are still being drawn or none are left. */
  showMore: (() => void) | undefined;
}

/**
 * How many of a list's `count` items to draw now (a new page's cards come in batches, see
 * useProgressiveCount), and whether reaching the end should ask for more: only once every card
 * is drawn, or it would ask for more too soon.
 */
export function useRevealedCount(
  count: number,
  hasNextPage: boolean,
  loadMore: () => void,
): RevealedCount {
  const visible = useProgressiveCount(count);
  return { visible, showMore: hasNextPage && visible === count ? loadMore : undefined };
}
