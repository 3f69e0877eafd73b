import { useUpload } from './uploads/use-upload';

/**
 * An image added in this browser and not yet uploaded, as a card shows it: from this browser's
 * copy (nothing while that loads, or when it is gone).
 */
export function PendingImage({ localId, alt }: { localId: string; alt: string }) {
  const upload = useUpload(localId);
  const src = upload?.url ?? upload?.previewUrl;
  if (!src) return null;
  return <img className="rt-image__img" src={src} alt={alt} />;
}
