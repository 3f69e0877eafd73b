import { createStore, del, get, keys, set, setMany } from 'idb-keyval';
import type { UseStore } from 'idb-keyval';
import type { CacheStorage } from './cache-persistence';

/**
 * The saved Apollo caches in IndexedDB (idb-keyval; database `jotter`, store `apollo-cache`),
 * stored as structured clones rather than JSON. The database opens on first use.
 */
export function indexedDbCacheStorage(): CacheStorage {
  let store: UseStore | undefined;
  const db = () => (store ??= createStore('jotter', 'apollo-cache'));
  return {
    get: (key) => get(key, db()),
    set: (key, value) => set(key, value, db()),
    setMany: (entries) => setMany(entries, db()),
    delete: (key) => del(key, db()),
    keys: async () => (await keys(db())).filter((key): key is string => typeof key === 'string'),
  };
}
