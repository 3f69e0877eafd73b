import { startTransition, useEffect, useState } from 'react';

/** Cards drawn at once when a list arrives: more than a tall screen shows. */
export const FIRST_BATCH = 8;

/**
 * How many of `count` items to draw now. New items beyond the first batch are drawn in a
 * transition after the first paint, which React renders in slices between frames: a page of
 * cards arriving never blocks the screen in one long task. Fewer items show at once.
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
    startTransition(() => setShown(count));
  }, [count, shown]);

  return visible;
}
