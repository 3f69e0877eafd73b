import { useEffect, useSyncExternalStore } from 'react';
import { imageUploads } from './image-uploads';
import type { UploadState } from './upload-queue';

/**
 * What a pending image (its local id) is doing, re-rendering as it changes; brings it back from
 * this browser's storage after a reload. Undefined for an image that is not pending.
 */
export function useUpload(localId: string | undefined): UploadState | undefined {
  const queue = imageUploads();
  useEffect(() => {
    if (localId) queue.restore(localId);
  }, [queue, localId]);
  return useSyncExternalStore(queue.subscribe, () => (localId ? queue.get(localId) : undefined));
}
