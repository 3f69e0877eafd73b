import { useCallback, useState } from 'react';
import { PAGE_SIZE } from '../api/prefetch';
import { useProgressiveCount } from './use-progressive-count';

/** What a list draws, and what to do when the user reaches its end. */
export interface RevealedCount {
  /** How many of the list's items to draw now. */
  visible: number;
  /** Grows by a page each time the user reaches the end: a key for the end's marker. */
  limit: number;
  /** Call when the user reaches the end; undefined while cards are still being drawn or none are left. */
  showMore: (() => void) | undefined;
}

/**
 * How many of a list's `count` loaded items to draw: a page at first, a page more each time the
 * user reaches the end. A list can hold far more notes than the user ever scrolled to (the saved
 * cache restores every note an earlier visit loaded, and an offline search matches the whole
 * cache): they are drawn as the user scrolls, never all at once behind the user's back. Past the
 * loaded items, reaching the end asks the server for its next page (`loadMore`).
 */
export function useRevealedCount(
  count: number,
  hasNextPage: boolean,
  loadMore: () => void,
): RevealedCount {
  const [limit, setLimit] = useState(PAGE_SIZE);
  const wanted = Math.min(count, limit);
  const visible = useProgressiveCount(wanted);
  const more = count > limit || hasNextPage;

  // A page past what is drawn. While the server's next page is on its way, calling this again
  // leaves the limit as it is (and `loadMore` asks only once).
  const showMore = useCallback(() => {
    setLimit(wanted + PAGE_SIZE);
    if (count <= limit) loadMore();
  }, [count, limit, wanted, loadMore]);

  // Only once every card wanted is drawn, or it would ask for more too soon.
  return { visible, limit, showMore: more && visible === wanted ? showMore : undefined };
}
