import { useEffect } from 'react';
import { getConnectionStatus, onConnectionStatus } from '../../../lib/connection-status';
import { readAuth } from '../../../lib/storage';
import { useOutbox } from './outbox-context';

/**
 * While a user is signed in, their changes waiting in the outbox (made offline, maybe in an
 * earlier visit) show in the lists and are sent as soon as the server can be reached: when the
 * browser says it is online again, and when the live connection is (back) up, which proves the
 * server answers, rather than at the next retry of a request that found no network. The
 * connection's status is followed outside React: a change of it re-renders nothing here.
 */
export function useOutboxSync(): void {
  const outbox = useOutbox();
  const userId = readAuth().user?.id;
  useEffect(() => {
    if (!userId) return undefined;
    const stop = outbox.start(userId);
    const stopFollowing = onConnectionStatus(() => {
      if (getConnectionStatus() === 'online') void outbox.flush();
    });
    return () => {
      stopFollowing();
      stop();
    };
  }, [outbox, userId]);
}
