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
