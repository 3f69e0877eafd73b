import { readAuth } from '../../../lib/storage';
import { createUploadQueue } from './upload-queue';
import type { StoredUpload, UploadQueue, UploadStorage } from './upload-queue';
import { indexedDbUploadStorage } from './upload-storage';

let queue: UploadQueue | undefined;

/** The app's one queue of images added in the editor (made on first use). */
export function imageUploads(): UploadQueue {
  if (queue) return queue;
  const storage = indexedDbUploadStorage();
  const made = createUploadQueue({
    storage,
    userId: () => readAuth().user?.id ?? '',
  });
  window.addEventListener('online', () => made.resume());
  void forgetOld(storage, made);
  queue = made;
  return made;
}

/** How long an added image is kept in this browser (removed from its note, or never saved). */
const KEEP_MS = 30 * 24 * 60 * 60 * 1000;

/** Forgets the kept copies older than KEEP_MS: their notes have long been sent, or dropped. */
async function forgetOld(storage: UploadStorage, made: UploadQueue): Promise<void> {
  let records: StoredUpload[];
  try {
    records = await storage.list();
  } catch {
    return; // No IndexedDB here (a private window may refuse it): nothing was kept either.
  }
  const now = Date.now();
  for (const record of records) {
    if (now - Date.parse(record.createdAt) > KEEP_MS) made.remove(record.localId);
  }
}

/**
 * A pending image in stored HTML: the serializer's exact form (html-serialize.ts), an `img` with
 * the local id in `data-upload` and no `src`. It lives only in this browser (the editor, the
 * local draft, the outbox) and never reaches the server.
 */
const PENDING_IMAGE = /<img data-upload="([A-Za-z0-9-]+)" alt="([^"]*)">/g;

/** True when the HTML holds an image not yet uploaded. */
export function hasPendingImages(html: string): boolean {
  return new RegExp(PENDING_IMAGE.source).test(html);
}

/**
 * The HTML with each pending image replaced by its server address, uploading what must be
 * (`queue.uploaded`). An image that can never be uploaded is left out and its message passed to
 * `onDropped`. Rejects with a TypeError when the network or the server failed: the change waits.
 */
export async function withUploadedImages(
  html: string,
  queue: Pick<UploadQueue, 'uploaded'>,
  onDropped: (message: string) => void = () => undefined,
): Promise<string> {
  const matches = Array.from(html.matchAll(PENDING_IMAGE));
  if (matches.length === 0) return html;
  const urls = new Map<string, string | null>();
  for (const match of matches) {
    const localId = match[1] ?? '';
    if (urls.has(localId)) continue;
    const result = await queue.uploaded(localId);
    if (result.url === null) onDropped(result.message);
    urls.set(localId, result.url);
  }
  return html.replace(PENDING_IMAGE, (_whole, localId: string, alt: string) => {
    const url = urls.get(localId);
    return url ? `<img src="${url}" alt="${alt}">` : '';
  });
}
