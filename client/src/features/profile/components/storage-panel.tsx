import { useEffect, useState } from 'react';
import { Spinner } from '../../../components/spinner';
import { fetchStorageUsage, formatBytes, type StorageUsage } from '../api/storage';
import './storage-panel.css';

/** Storage: what the user's photos and files take, against their quota, in words and a meter. */
export function StoragePanel() {
  const [usage, setUsage] = useState<StorageUsage | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    fetchStorageUsage().then(
      (answer) => live && setUsage(answer),
      (e: unknown) => live && setError(e instanceof Error ? e.message : String(e)),
    );
    return () => {
      live = false;
    };
  }, []);

  return (
    <section className="files-panel" aria-labelledby="storage-title">
      <h2 id="storage-title">Storage</h2>
      {usage && (
        <>
          <p id="storage-figure">
            Storage: {formatBytes(usage.usedBytes)} of {formatBytes(usage.quotaBytes)} used
          </p>
          <meter
            className="storage-panel__meter"
            aria-labelledby="storage-figure"
            min={0}
            max={usage.quotaBytes}
            low={usage.quotaBytes * 0.8}
            high={usage.quotaBytes * 0.95}
            optimum={0}
            value={Math.min(usage.usedBytes, usage.quotaBytes)}
          />
          <p className="storage-panel__hint">
            Photos and files in your notes count; text does not.
          </p>
        </>
      )}
      {!usage && !error && <Spinner label="Loading storage use" />}
      {error && (
        <p role="alert" className="import-panel__error">
          Your storage use could not be loaded: {error}
        </p>
      )}
    </section>
  );
}
