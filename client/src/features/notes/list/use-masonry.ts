import { useLayoutEffect, useRef } from 'react';
import type { RefObject } from 'react';

/** The height of one grid row (note-grid.css): a card spans as many as it and the gap need. */
export const MASONRY_ROW_PX = 4;

/** The rows a card of `height` px spans, with `gap` px under it before the next card. */
export function rowSpan(height: number, gap: number): number {
  return Math.max(1, Math.ceil((height + gap) / MASONRY_ROW_PX));
}

/**
 * Packs a `.notes-grid` list as Keep does: cards keep the list's order (left to right, as the DOM
 * and the keyboard have them), and each next card goes into the column whose bottom is highest,
 * with no gap under a short card. The grid's rows are a few pixels tall and each item spans as
 * many as its card is tall; CSS grid's placement, filling the first free place row by row, then
 * puts each card under the shortest column. One ResizeObserver measures every card: its report
 * comes after layout and before paint, so the cards are read in one go (its sizes, and whether a
 * body is cut, which shows a fade), then written in one go, and a card drawn later or changed
 * (text, width of the window) is placed in the same frame. `items` is the list drawn: a change
 * observes the new cards. Without ResizeObserver the grid stays a plain grid.
 */
export function useMasonry(list: RefObject<HTMLElement | null>, items: unknown): void {
  const observer = useRef<ResizeObserver | null>(null);
  const observed = useRef(new Set<Element>());

  useLayoutEffect(() => {
    const grid = list.current;
    if (!grid || typeof ResizeObserver === 'undefined') return;
    const resize = new ResizeObserver((entries) => {
      const gap = parseFloat(getComputedStyle(grid).columnGap) || 16;
      const placed = entries.map(({ target, borderBoxSize }) => {
        const body = target.querySelector('.note-card__body');
        return {
          target,
          span: rowSpan(borderBoxSize[0]?.blockSize ?? 0, gap),
          cut: body !== null && body.scrollHeight > body.clientHeight + 1,
        };
      });
      for (const { target, span, cut } of placed) {
        const item = target.parentElement;
        if (item) item.style.gridRowEnd = `span ${span}`;
        target.toggleAttribute('data-cut', cut);
      }
    });
    observer.current = resize;
    grid.classList.add('notes-grid--masonry');
    return () => {
      resize.disconnect();
      observed.current = new Set();
      observer.current = null;
      grid.classList.remove('notes-grid--masonry');
    };
  }, [list]);

  useLayoutEffect(() => {
    const grid = list.current;
    const resize = observer.current;
    if (!grid || !resize) return;
    const watched = observed.current;
    const cards = new Set<Element>();
    for (const item of grid.children) {
      const card = item.firstElementChild;
      if (!card) continue;
      cards.add(card);
      if (!watched.has(card)) resize.observe(card, { box: 'border-box' });
    }
    for (const card of watched) {
      if (!cards.has(card)) resize.unobserve(card);
    }
    observed.current = cards;
  }, [list, items]);
}
