import { createStore, del, entries, set } from 'idb-keyval';
import type { UseStore } from 'idb-keyval';
import type { OutboxEntry, OutboxStorage } from './outbox';

/**
 * The outbox's entries in IndexedDB (idb-keyval; database `jotter-outbox`, store `changes`), one
 * record per change under `userId:key`, so two tabs adding changes never overwrite each other's.
 * They stay through a sign-out or an expired session: they are the user's unsent work, and are
 * sent when that user signs in again.
 */
export function indexedDbOutboxStorage(): OutboxStorage {
  let store: UseStore | undefined;
  const db = () => (store ??= createStore('jotter-outbox', 'changes'));
  return {
    async list(userId) {
      const prefix = `${userId}:`;
      return (await entries<string, OutboxEntry>(db()))
        .filter(([key]) => typeof key === 'string' && key.startsWith(prefix))
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([, entry]) => entry);
    },
    put: (userId, entry) => set(`${userId}:${entry.key}`, entry, db()),
    remove: (userId, key) => del(`${userId}:${key}`, db()),
  };
}
