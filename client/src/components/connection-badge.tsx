import { CloudOff, CloudUpload, RefreshCw } from 'lucide-react';
import { useConnectionStatus } from '../lib/connection-status';

const changes = (count: number) => (count === 1 ? '1 change' : `${count} changes`);

/**
 * A quiet word in the top bar while the live connection is down, or while changes made here wait
 * to reach the server (`waiting`); nothing while all is up and saved.
 */
export function ConnectionBadge({ waiting = 0 }: { waiting?: number }) {
  const status = useConnectionStatus();
  if (status === 'online' && waiting === 0) return null;
  const icon =
    status === 'offline' ? (
      <CloudOff size={16} aria-hidden />
    ) : status === 'connecting' ? (
      <RefreshCw size={16} aria-hidden />
    ) : (
      <CloudUpload size={16} aria-hidden />
    );
  const state =
    status === 'offline'
      ? 'Offline'
      : status === 'connecting'
        ? 'Reconnecting…'
        : `Saving ${changes(waiting)}…`;
  return (
    <span
      className="connection-badge"
      role="status"
      title={waiting > 0 ? `${changes(waiting)} made here not saved to the server yet` : undefined}
    >
      {icon}
      <span>
        {state}
        {status !== 'online' && waiting > 0 && ` · ${waiting} unsaved`}
      </span>
    </span>
  );
}
