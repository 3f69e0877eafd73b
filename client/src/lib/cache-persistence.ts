import { ApolloLink } from '@apollo/client';
import type { ApolloCache } from '@apollo/client';
import { createContext, useContext } from 'react';
import { tap } from 'rxjs';

/** Where saved caches live: a key-value store (IndexedDB in the browser, see cache-storage.ts). */
export interface CacheStorage {
  get(key: string): Promise<unknown>;
  set(key: string, value: unknown): Promise<void>;
  delete(key: string): Promise<void>;
  keys(): Promise<string[]>;
}

/**
 * The Apollo cache of the signed-in user, kept across visits: restored before the signed-in pages
 * first render, saved as answers come in, forgotten on sign-out.
 */
export interface CachePersistence {
  /** In the client's link chain: notes each answer, so the cache is saved soon after. */
  readonly link: ApolloLink;
  /**
   * Puts `userId`'s saved cache (if any) into `cache`, once per sign-in, then keeps saving the
   * cache under their key. Every other user's saved cache is deleted first: one browser keeps only
   * the notes of the user signed in on it. Never rejects: without storage, the app still works.
   */
  restore(cache: ApolloCache, userId: string): Promise<void>;
  /** Saves now what would be saved shortly (the page is being hidden or closed). */
  flush(): Promise<void>;
  /** Stops saving and deletes every saved cache (sign-out). */
  wipe(): Promise<void>;
}

/** Raised when the saved cache's shape changes (type policies, fields): older saves are ignored. */
const FORMAT = 1;
const PREFIX = 'apollo-cache:';

/** The storage key of a user's saved cache. */
export const cacheKey = (userId: string) => `${PREFIX}${userId}`;

interface Saved {
  format: number;
  data: Record<string, unknown>;
}

const isSaved = (value: unknown): value is Saved =>
  typeof value === 'object' &&
  value !== null &&
  (value as Saved).format === FORMAT &&
  typeof (value as Saved).data === 'object';

/**
 * What is worth keeping of the cache: everything but mutation results, which hold nothing a page
 * reads and include the sign-in's token.
 */
function snapshot(cache: ApolloCache): Saved {
  const data = { ...(cache.extract() as Record<string, unknown>) };
  delete data.ROOT_MUTATION;
  return { format: FORMAT, data };
}

/**
 * Persists one Apollo cache per user in `storage`: `restore` when a signed-in page is about to show,
 * `wipe` on sign-out. Saves are debounced (`saveAfterMs` after the last answer) and run one at a
 * time, in order, so a save can never land after the wipe that followed it.
 */
export function createCachePersistence(
  storage: CacheStorage,
  { saveAfterMs = 1000 }: { saveAfterMs?: number } = {},
): CachePersistence {
  let active: { userId: string; cache: ApolloCache; restored: Promise<void> } | null = null;
  let ready = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let queue: Promise<void> = Promise.resolve();

  const enqueue = (operation: () => Promise<void>): Promise<void> => {
    queue = queue.then(operation).catch((error: unknown) => {
      console.warn('The local copy of the notes could not be updated:', error);
    });
    return queue;
  };

  const save = (): Promise<void> => {
    clearTimeout(timer);
    timer = undefined;
    if (!active || !ready) return queue;
    const { userId, cache } = active;
    const saved = snapshot(cache);
    return enqueue(() => storage.set(cacheKey(userId), saved));
  };

  const scheduleSave = () => {
    if (!active || !ready) return;
    clearTimeout(timer);
    timer = setTimeout(() => void save(), saveAfterMs);
  };

  const deleteAll = (except?: string) =>
    enqueue(async () => {
      const keys = await storage.keys();
      const doomed = keys.filter((key) => key.startsWith(PREFIX) && key !== except);
      await Promise.all(doomed.map((key) => storage.delete(key)));
    });

  return {
    link: new ApolloLink((operation, forward) => forward(operation).pipe(tap(scheduleSave))),

    restore(cache, userId) {
      if (active?.userId === userId && active.cache === cache) return active.restored;
      clearTimeout(timer);
      ready = false;
      const key = cacheKey(userId);
      const current = { userId, cache, restored: Promise.resolve() };
      active = current;
      current.restored = (async () => {
        await deleteAll(key);
        let saved: unknown;
        await enqueue(async () => {
          saved = await storage.get(key);
        });
        // Signed out (or another user restored) meanwhile: this one is no longer wanted.
        if (active !== current) return;
        if (isSaved(saved)) cache.restore(saved.data);
        ready = true;
      })();
      return current.restored;
    },

    flush: save,

    wipe() {
      clearTimeout(timer);
      active = null;
      ready = false;
      return deleteAll();
    },
  };
}

/** Keeps nothing: for tests and for browsers without storage. */
export const noPersistence: CachePersistence = {
  link: new ApolloLink((operation, forward) => forward(operation)),
  restore: () => Promise.resolve(),
  flush: () => Promise.resolve(),
  wipe: () => Promise.resolve(),
};

const CachePersistenceContext = createContext<CachePersistence>(noPersistence);

/** Provides the app's cache persistence to the sign-in state (which wipes it on sign-out). */
export const CachePersistenceProvider = CachePersistenceContext.Provider;

/** The app's cache persistence (none in tests that do not provide one). */
export function useCachePersistence(): CachePersistence {
  return useContext(CachePersistenceContext);
}
