/**
 * Runs `callback` when the browser is first idle (within `timeout` ms at the latest); a short
 * timer stands in where requestIdleCallback is missing (Safari). Returns a cancel.
 */
export function whenIdle(callback: () => void, timeout = 2000): () => void {
  if (typeof window.requestIdleCallback !== 'function') {
    const id = window.setTimeout(callback, 200);
    return () => window.clearTimeout(id);
  }
  const id = window.requestIdleCallback(callback, { timeout });
  return () => window.cancelIdleCallback(id);
}

/**
 * Runs `callback` when the browser is first idle after the frame being drawn now is on screen
 * (two animation frames: the second begins once the first has gone to the screen); returns a
 * cancel. For code a screen just rendered does not need: asked for in the task that rendered it,
 * a plain idle callback can come between that frame's paint and its display, and its download
 * then competes with the frame (with the first cards, for the new-note editor).
 */
export function whenIdleAfterPaint(callback: () => void): () => void {
  // A hidden page draws no frames until it is shown, and has no frame to compete with.
  if (document.visibilityState === 'hidden') return whenIdle(callback);
  let cancel = () => undefined as void;
  let frame = requestAnimationFrame(() => {
    frame = requestAnimationFrame(() => {
      cancel = whenIdle(callback);
    });
  });
  return () => {
    cancelAnimationFrame(frame);
    cancel();
  };
}
