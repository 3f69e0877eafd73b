/**
 * Runs `callback` once the browser has painted the next frame: work a click starts but the
 * screen need not wait for (saving what it already shows) goes here, so that frame comes first.
 */
export function afterPaint(callback: () => void): void {
  requestAnimationFrame(() => setTimeout(callback, 0));
}
