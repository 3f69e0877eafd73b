import { useLayoutEffect, useState } from 'react';
import type { RefObject } from 'react';

/** How far from the window's edge a panel keeps, in CSS pixels. */
const margin = 8;

/**
 * Where a popover's panel opens: below its trigger (`down`), or above it (`up`) when it would run
 * past the bottom of the window and fits above. Measured once each time it opens, before paint.
 */
export function usePanelPlacement(
  container: RefObject<HTMLElement | null>,
  panel: RefObject<HTMLElement | null>,
  open: boolean,
): 'down' | 'up' {
  const [placement, setPlacement] = useState<'down' | 'up'>('down');
  useLayoutEffect(() => {
    if (!open) {
      setPlacement('down');
      return;
    }
    const box = container.current?.getBoundingClientRect();
    const shown = panel.current?.getBoundingClientRect();
    if (!box || !shown) return;
    const below = window.innerHeight - box.bottom;
    const above = box.top;
    setPlacement(shown.height + margin > below && shown.height + margin <= above ? 'up' : 'down');
  }, [container, panel, open]);
  return placement;
}
