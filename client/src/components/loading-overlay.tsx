import { Spinner } from './spinner';

/** Full-screen dimmed overlay with a spinner, shown while a blocking request runs. */
export function LoadingOverlay({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="loading-overlay">
      <Spinner label={label} />
    </div>
  );
}
