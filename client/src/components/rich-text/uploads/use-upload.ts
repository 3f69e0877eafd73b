import { useEffect, useSyncExternalStore } from 'react';
import { imageUploads } from './image-uploads';
import type { UploadState } from './upload-queue';

const noSubscription = () => () => undefined;

/**
 * What a pending image (its local id) is doing, re-rendering as it changes; brings it back from
 * this browser's storage after a reload. Undefined for an image that is not pending (the queue
 * is then left alone).
 */
export function useUpload(localId: string | undefined): UploadState | undefined {
  useEffect(() => {
    if (localId) imageUploads().restore(localId);
  }, [localId]);
  return useSyncExternalStore(localId ? imageUploads().subscribe : noSubscription, () =>
    localId ? imageUploads().get(localId) : undefined,
  );
}
