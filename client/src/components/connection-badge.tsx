import { CloudOff, RefreshCw } from 'lucide-react';
import { useConnectionStatus } from '../lib/connection-status';

/** A quiet word in the top bar while the live connection is down; nothing while it is up. */
export function ConnectionBadge() {
  const status = useConnectionStatus();
  if (status === 'online') return null;
  return (
    <span className="connection-badge" role="status">
      {status === 'offline' ? (
        <>
          <CloudOff size={16} aria-hidden /> Offline
        </>
      ) : (
        <>
          <RefreshCw size={16} aria-hidden /> Reconnecting…
        </>
      )}
    </span>
  );
}
