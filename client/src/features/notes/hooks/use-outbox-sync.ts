import { useEffect } from 'react';
import { readAuth } from '../../../lib/storage';
import { useOutbox } from '../api/outbox-context';

/**
 * While a user is signed in, their changes waiting in the outbox (made offline, maybe in an
 * earlier visit) show in the lists and are sent as soon as the server can be reached.
 */
export function useOutboxSync(): void {
  const outbox = useOutbox();
  const userId = readAuth().user?.id;
  useEffect(() => (userId ? outbox.start(userId) : undefined), [outbox, userId]);
}
