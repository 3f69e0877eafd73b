import { startTransition, useEffect, useState } from 'react';

/** Cards drawn at once when a list arrives: more than a tall screen shows. */
export const FIRST_BATCH = 8;

/**
 * How many of `count` items to draw now. New items beyond the first batch are drawn after the
 * first paint, one batch per transition: React renders a transition in slices between frames,
 * and each batch's commit (which cannot be sliced) stays short, so a page of cards arriving
 * never blocks the screen in one long task. Fewer items show at once.
 */
export function useProgressiveCount(count: number, firstBatch = FIRST_BATCH): number {
  const [shown, setShown] = useState(0);
  const visible = Math.min(count, Math.max(shown, firstBatch));

  useEffect(() => {
    if (shown === count) return;
    if (count < shown) {
      setShown(count);
      return;
    }
    startTransition(() => setShown(Math.min(count, Math.max(shown, firstBatch) + firstBatch)));
  }, [count, shown, firstBatch]);

  return visible;
}
