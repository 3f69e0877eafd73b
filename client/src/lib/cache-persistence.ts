import { ApolloLink } from '@apollo/client';
import type { ApolloCache, DocumentNode, StoreObject } from '@apollo/client';
import { Kind } from 'graphql';
import { createContext, useContext } from 'react';
import { tap } from 'rxjs';
import { whenIdle } from './when-idle';

/** Where saved caches live: a key-value store (IndexedDB in the browser, see cache-storage.ts). */
export interface CacheStorage {
  get(key: string): Promise<unknown>;
  set(key: string, value: unknown): Promise<void>;
  /** Writes every entry or none (one transaction). */
  setMany(entries: [string, unknown][]): Promise<void>;
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
   * cache under their key. Every other user's saved cache is deleted, just after this read: one
   * browser keeps only the notes of the user signed in on it. Resolves once what the first screen needs is in; the
   * rest (see `later`) follows when the browser is next idle. Never rejects: without storage, the
   * app still works.
   */
  restore(cache: ApolloCache, userId: string): Promise<void>;
  /** Saves now what would be saved shortly (the page is being hidden or closed). */
  flush(): Promise<void>;
  /** Whose cache this page holds (the last `restore`), or null. */
  readonly userId: string | null;
  /** Stops saving and deletes every saved cache (sign-out). */
  wipe(): Promise<void>;
}

/**
 * Raised when the saved cache's shape changes (type policies, fields, the split in two): older
 * saves are ignored.
 */
const FORMAT = 3;
const PREFIX = 'apollo-cache:';

/** The storage key of a user's saved cache: what the first screen needs. */
export const cacheKey = (userId: string) => `${PREFIX}${userId}`;
/** The storage key of the rest of a user's saved cache, restored after the first screen. */
export const laterKey = (userId: string) => `${PREFIX}${userId}:later`;

type Entities = Record<string, unknown>;

interface Saved {
  format: number;
  data: Entities;
  /** How many entities wait under `laterKey` (written in the same transaction). */
  later: number;
}

const isSaved = (value: unknown): value is Saved =>
  typeof value === 'object' &&
  value !== null &&
  (value as Saved).format === FORMAT &&
  typeof (value as Saved).data === 'object';

/**
 * What of a saved cache the first screen can do without (the notes no list shows on its first
 * page, say), so a big cache costs the first screen only what it shows:
 * - `entities`: ids stored apart and written back after it;
 * - `shortened`: root query fields (by their name in the store) saved in the first part in a
 *   shorter form (a long list cut to its first page). The whole value is stored with the rest
 *   and put back then, if the field still holds the shortened one (no answer replaced it since).
 */
export type LaterSelector = (data: Readonly<Entities>) => {
  entities: ReadonlySet<string>;
  shortened?: Readonly<Entities>;
};

/** Where the rest of a saved cache keeps the whole values of shortened root fields. */
const ROOT = 'ROOT_QUERY';

const NAME = /^[_A-Za-z][_0-9A-Za-z]*$/;

const isScalar = (value: unknown): boolean =>
  value === null ||
  typeof value !== 'object' ||
  (Array.isArray(value) && value.every((item) => item === null || typeof item !== 'object'));

/**
 * Whether `entity` can be written back with a fragment of its own fields: a typename, and only
 * plain fields (no arguments) holding scalars or lists of scalars. Anything else stays with the
 * first screen's part, restored whole.
 */
function writable(entity: unknown): entity is StoreObject & { __typename: string } {
  if (typeof entity !== 'object' || entity === null) return false;
  const { __typename, ...fields } = entity as Record<string, unknown>;
  return (
    typeof __typename === 'string' &&
    NAME.test(__typename) &&
    Object.entries(fields).every(([name, value]) => NAME.test(name) && isScalar(value))
  );
}

/**
 * What is worth keeping of the cache: everything but mutation results, which hold nothing a page
 * reads and include the sign-in's token. Split in the first screen's part and the rest.
 */
function snapshot(
  cache: ApolloCache,
  selectLater: LaterSelector,
): { first: Saved; later: Entities } {
  const data = { ...(cache.extract() as Entities) };
  delete data.ROOT_MUTATION;
  const { entities, shortened = {} } = selectLater(data);
  const later: Entities = {};
  for (const id of entities) {
    if (id === ROOT || !writable(data[id])) continue;
    later[id] = data[id];
    delete data[id];
  }
  const root = (data[ROOT] ?? {}) as Entities;
  const whole = Object.fromEntries(Object.keys(shortened).map((name) => [name, root[name]]));
  if (Object.keys(whole).length > 0) {
    data[ROOT] = { ...root, ...shortened };
    later[ROOT] = whole;
  }
  return { first: { format: FORMAT, data, later: Object.keys(later).length }, later };
}

/** Entities written back per task, so the rest never holds the page in one long task. */
const CHUNK = 500;

const fragments = new Map<string, DocumentNode>();

const name = (value: string) => ({ kind: Kind.NAME, value }) as const;

/**
 * A fragment selecting exactly `fields` of `typename` (names checked by `writable`), built as the
 * document `parse` would give for `fragment Later on Typename { a b c }`: the first screen's
 * bundle then carries no GraphQL parser.
 */
function fragmentOf(typename: string, fields: string[]): DocumentNode {
  const key = `${typename} ${fields.join(' ')}`;
  let fragment = fragments.get(key);
  if (!fragment) {
    fragment = {
      kind: Kind.DOCUMENT,
      definitions: [
        {
          kind: Kind.FRAGMENT_DEFINITION,
          name: name('Later'),
          typeCondition: { kind: Kind.NAMED_TYPE, name: name(typename) },
          directives: [],
          selectionSet: {
            kind: Kind.SELECTION_SET,
            selections: fields.map((field) => ({ kind: Kind.FIELD, name: name(field) })),
          },
        },
      ],
    };
    fragments.set(key, fragment);
  }
  return fragment;
}

const rootFields = (data: Entities) => new Set(Object.keys(data[ROOT] ?? {}));

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Writes saved entities into a live cache with `writeFragment`, leaving any entity the cache
 * already holds as it is (it came from the server since, or from this session), then puts back
 * the whole values of the root fields the first part held shortened (`first`), where the cache
 * still holds that shortened value. Watches are told once, at the end (`cache.batch`), not after
 * every entity.
 */
async function writeLater(
  cache: ApolloCache,
  { [ROOT]: whole, ...later }: Entities,
  first: Entities,
  stillWanted: () => boolean,
): Promise<void> {
  const entries = Object.entries(later);
  for (let start = 0; start < entries.length; start += CHUNK) {
    if (start > 0) await new Promise((resolve) => setTimeout(resolve, 0));
    if (!stillWanted()) return;
    const present = cache.extract() as Entities;
    for (const [id, entity] of entries.slice(start, start + CHUNK)) {
      if (id in present || !writable(entity)) continue;
      const fields = Object.keys(entity).filter((name) => name !== '__typename');
      cache.writeFragment({
        id,
        fragment: fragmentOf(entity.__typename, fields),
        data: entity,
        broadcast: false,
      });
    }
  }
  if (typeof whole === 'object' && whole !== null) {
    const shortened = (first[ROOT] ?? {}) as Entities;
    const wholeFields = whole as Entities;
    cache.modify({
      id: ROOT,
      fields: (value: unknown, { storeFieldName }) =>
        storeFieldName in wholeFields && sameValue(value, shortened[storeFieldName])
          ? wholeFields[storeFieldName]
          : value,
      broadcast: false,
    });
  }
  cache.batch({ update: () => undefined });
}

/**
 * Persists one Apollo cache per user in `storage`: `restore` when a signed-in page is about to show,
 * `wipe` on sign-out. Saves are debounced (`saveAfterMs` after the last answer) and run one at a
 * time, in order, so a save can never land after the wipe that followed it.
 */
export function createCachePersistence(
  storage: CacheStorage,
  {
    saveAfterMs = 1000,
    later: selectLater = () => ({ entities: new Set() }),
  }: { saveAfterMs?: number; later?: LaterSelector } = {},
): CachePersistence {
  let active: { userId: string; cache: ApolloCache; restored: Promise<void> } | null = null;
  // Saving waits until the whole saved cache is back in: saving a part would lose the rest.
  let ready = false;
  let wanted = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let promptSave: ReturnType<typeof setTimeout> | undefined;
  // The root fields (lists, labels…) of the copy saved last, or restored.
  let savedRoot = new Set<string>();
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
    const { first, later } = snapshot(cache, selectLater);
    savedRoot = rootFields(first.data);
    return enqueue(async () => {
      if (first.later === 0) {
        await storage.set(cacheKey(userId), first);
        await storage.delete(laterKey(userId));
      } else {
        await storage.setMany([
          [cacheKey(userId), first],
          [laterKey(userId), later],
        ]);
      }
    });
  };

  const scheduleSave = () => {
    if (!active) return;
    if (!ready) {
      wanted = true;
      return;
    }
    clearTimeout(timer);
    timer = setTimeout(() => void save(), saveAfterMs);
  };

  /**
   * After an answer (once the cache holds it: the link sees it first): a root field the saved
   * copy does not hold yet (a list seen for the first time, /archive say) is saved at once, so a
   * page left right after it still opens offline with it. A page being left cannot be relied on
   * to finish a save begun then (the browser may drop its IndexedDB write). Anything else waits
   * for the pause, so a burst of answers costs one save.
   */
  const noteAnswer = () => {
    if (!active || promptSave) return;
    promptSave = setTimeout(() => {
      promptSave = undefined;
      if (!active || !ready) return scheduleSave();
      const root = rootFields(active.cache.extract() as Entities);
      if ([...root].some((field) => !savedRoot.has(field))) void save();
      else scheduleSave();
    }, 0);
  };

  const deleteAll = (exceptUser?: string) =>
    enqueue(async () => {
      const keys = await storage.keys();
      const kept = exceptUser ? [cacheKey(exceptUser), laterKey(exceptUser)] : [];
      const doomed = keys.filter((key) => key.startsWith(PREFIX) && !kept.includes(key));
      await Promise.all(doomed.map((key) => storage.delete(key)));
    });

  const becomeReady = () => {
    ready = true;
    if (wanted) scheduleSave();
    wanted = false;
  };

  /** The rest of the saved cache, once the first screen is drawn and the browser is idle. */
  const restoreLater = async (current: NonNullable<typeof active>, first: Entities) => {
    await new Promise<void>((resolve) => whenIdle(resolve));
    let later: unknown;
    await enqueue(async () => {
      later = await storage.get(laterKey(current.userId));
    });
    const stillWanted = () => active === current;
    if (!stillWanted()) return;
    if (typeof later === 'object' && later !== null) {
      await writeLater(current.cache, later as Entities, first, stillWanted).catch(
        (error: unknown) =>
          console.warn('The local copy of the notes could not be read back:', error),
      );
    }
    if (stillWanted()) becomeReady();
  };

  return {
    link: new ApolloLink((operation, forward) => forward(operation).pipe(tap(noteAnswer))),

    restore(cache, userId) {
      if (active?.userId === userId && active.cache === cache) return active.restored;
      clearTimeout(timer);
      ready = false;
      wanted = false;
      savedRoot = new Set();
      const current = { userId, cache, restored: Promise.resolve() };
      active = current;
      current.restored = (async () => {
        let saved: unknown;
        const read = enqueue(async () => {
          saved = await storage.get(cacheKey(userId));
        });
        // Queued after the read, so the first screen does not wait for it.
        void deleteAll(userId);
        await read;
        // Signed out (or another user restored) meanwhile: this one is no longer wanted.
        if (active !== current) return;
        if (!isSaved(saved)) return becomeReady();
        cache.restore(saved.data);
        savedRoot = rootFields(saved.data);
        if (saved.later > 0) void restoreLater(current, saved.data);
        else becomeReady();
      })();
      return current.restored;
    },

    flush: save,

    get userId() {
      return active?.userId ?? null;
    },

    wipe() {
      clearTimeout(timer);
      clearTimeout(promptSave);
      promptSave = undefined;
      active = null;
      ready = false;
      wanted = false;
      return deleteAll();
    },
  };
}

/** Keeps nothing: for tests and for browsers without storage. */
export const noPersistence: CachePersistence = {
  link: new ApolloLink((operation, forward) => forward(operation)),
  restore: () => Promise.resolve(),
  flush: () => Promise.resolve(),
  userId: null,
  wipe: () => Promise.resolve(),
};

const CachePersistenceContext = createContext<CachePersistence>(noPersistence);

/** Provides the app's cache persistence to the sign-in state (which wipes it on sign-out). */
export const CachePersistenceProvider = CachePersistenceContext.Provider;

/** The app's cache persistence (none in tests that do not provide one). */
export function useCachePersistence(): CachePersistence {
  return useContext(CachePersistenceContext);
}
