/** A spinning ring; `label` is announced to screen readers. */
export function Spinner({ label = 'Loading', size }: { label?: string; size?: 'small' }) {
  return (
    <span
      className={size === 'small' ? 'spinner spinner--small' : 'spinner'}
      role="status"
      aria-label={label}
    />
  );
}
