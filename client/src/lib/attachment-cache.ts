/**
 * The service worker's cache of attachments seen (vite.config.ts, `workbox.runtimeCaching`): an
 * image shown once shows offline. An attachment never changes under its id, so it is answered
 * from this cache first.
 */
export const ATTACHMENT_CACHE = 'jotter-attachments';

/**
 * Deletes the cache of attachments seen, so no one else on this browser sees them after a
 * sign-out. Nothing to do where the page has no Cache Storage (an insecure origin, tests).
 */
export function forgetAttachments(): Promise<unknown> {
  if (typeof caches === 'undefined') return Promise.resolve();
  return caches.delete(ATTACHMENT_CACHE).catch(() => false);
}
