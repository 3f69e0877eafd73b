import 'fake-indexeddb/auto';
import { ApolloLink, Observable } from '@apollo/client';
import { parse } from 'graphql';
import { waitFor } from '@testing-library/react';
import { createApolloClient } from './apollo-client';
import {
  cacheKey,
  createCachePersistence,
  laterKey,
  type CachePersistence,
} from './cache-persistence';
import { indexedDbCacheStorage } from './cache-storage';
import { whenIdle } from './when-idle';

/**
 * The Apollo cache kept per user in IndexedDB (fake-indexeddb stands in for the browser's), through
 * the real storage module: saved under the signed-in user's key as answers come, restored into a
 * fresh cache, never handed to another user, deleted on sign-out.
 */

// Parsed, not gql-tagged: these are not Jotter's operations, and codegen must not collect them.
const GREETING = parse('query Greeting { greeting }');
const LOGIN = parse('mutation SignIn { login { token } }');

/** A server that greets with `greeting` and signs in with a token. */
function serverSaying(greeting: string) {
  return new ApolloLink(
    (operation) =>
      new Observable<ApolloLink.Result>((observer) => {
        observer.next({
          data:
            operation.operationName === 'SignIn'
              ? { login: { __typename: 'Auth', token: 'secret-token' } }
              : { greeting },
        });
        observer.complete();
      }),
  );
}

const storage = indexedDbCacheStorage();

/** A fresh page: a new client and cache, over the same IndexedDB. */
function openPage(persistence: CachePersistence, greeting = 'hello') {
  return createApolloClient(serverSaying(greeting), {}, persistence);
}

const saved = async (userId: string) =>
  (await storage.get(cacheKey(userId))) as { data: Record<string, Record<string, unknown>> };

afterEach(async () => {
  await Promise.all((await storage.keys()).map((key) => storage.delete(key)));
});

it("saves the cache under the signed-in user's key as answers come in, without mutation results", async () => {
  const persistence = createCachePersistence(storage, { saveAfterMs: 20 });
  const client = openPage(persistence);
  await persistence.restore(client.cache, 'u1');
  await client.query({ query: GREETING });
  await client.mutate({ mutation: LOGIN });

  // Saved by itself after the pause that follows the last answer.
  await waitFor(async () => expect(await storage.keys()).toEqual([cacheKey('u1')]));
  await waitFor(async () => expect((await saved('u1')).data.ROOT_QUERY?.greeting).toBe('hello'));
  expect((await saved('u1')).data.ROOT_MUTATION).toBeUndefined();
});

it("restores the user's saved cache into a fresh page's cache, where queries find it", async () => {
  const first = createCachePersistence(storage);
  const before = openPage(first, 'from last visit');
  await first.restore(before.cache, 'u1');
  await before.query({ query: GREETING });
  await first.flush();

  const again = createCachePersistence(storage);
  const page = openPage(again, 'from the server now');
  await again.restore(page.cache, 'u1');
  expect(page.readQuery({ query: GREETING })).toEqual({ greeting: 'from last visit' });
});

it("never gives one user's saved cache to another, and deletes it when another signs in", async () => {
  const first = createCachePersistence(storage);
  const alice = openPage(first, 'Alice here');
  await first.restore(alice.cache, 'alice');
  await alice.query({ query: GREETING });
  await first.flush();
  expect(await storage.keys()).toEqual([cacheKey('alice')]);

  const next = createCachePersistence(storage);
  const bob = openPage(next);
  await next.restore(bob.cache, 'bob');
  expect(bob.readQuery({ query: GREETING })).toBeNull();
  // Deleted just after bob's own read, which the first screen waits for.
  await waitFor(async () => expect(await storage.keys()).toEqual([]));
});

it('saves at once an answer that brings a field the saved copy lacks (a list seen for the first time)', async () => {
  // A pause far longer than the test: only the prompt save can put the answer in storage.
  const persistence = createCachePersistence(storage, { saveAfterMs: 60_000 });
  const client = openPage(persistence, 'first look');
  await persistence.restore(client.cache, 'u1');
  await client.query({ query: GREETING });
  await waitFor(async () =>
    expect((await saved('u1'))?.data.ROOT_QUERY?.greeting).toBe('first look'),
  );
});

it('says whose cache the page holds: the last restored, none after a wipe', async () => {
  const persistence = createCachePersistence(storage);
  expect(persistence.userId).toBeNull();
  await persistence.restore(openPage(persistence).cache, 'alice');
  expect(persistence.userId).toBe('alice');
  await persistence.restore(openPage(persistence).cache, 'bob');
  expect(persistence.userId).toBe('bob');
  await persistence.wipe();
  expect(persistence.userId).toBeNull();
});

it('deletes every saved cache on wipe, and saves nothing afterwards', async () => {
  const persistence = createCachePersistence(storage, { saveAfterMs: 60_000 });
  const client = openPage(persistence);
  await persistence.restore(client.cache, 'u1');
  await client.query({ query: GREETING });
  await persistence.flush();
  await client.query({ query: GREETING, fetchPolicy: 'network-only' });

  // A save was waiting for its pause when the user signed out: it never lands.
  await persistence.wipe();
  await persistence.flush();
  expect(await storage.keys()).toEqual([]);
});

it('ignores a saved cache of another format (an older version of the app)', async () => {
  await storage.set(cacheKey('u1'), { format: 0, data: { ROOT_QUERY: { greeting: 'old' } } });
  const persistence = createCachePersistence(storage);
  const client = openPage(persistence);
  await persistence.restore(client.cache, 'u1');
  expect(client.readQuery({ query: GREETING })).toBeNull();
});

describe('a big cache, saved in two parts', () => {
  // Parsed, not gql-tagged, as above.
  const ITEMS = parse('query Items { items { id name } }');
  const items = (names: string[]) =>
    names.map((name, i) => ({ __typename: 'Item', id: String(i + 1), name }));

  /** A server listing `names` as items 1, 2, 3…; a page's first screen shows items 1 and 2. */
  function openItemsPage(persistence: CachePersistence, names: string[]) {
    const link = new ApolloLink(
      () =>
        new Observable<ApolloLink.Result>((observer) => {
          observer.next({ data: { items: items(names) } });
          observer.complete();
        }),
    );
    return createApolloClient(link, {}, persistence);
  }
  const later = (data: Readonly<Record<string, unknown>>) => ({
    entities: new Set(
      Object.keys(data).filter((id) => id.startsWith('Item:') && Number(id.slice(5)) > 2),
    ),
  });
  const readItem = (client: ReturnType<typeof openItemsPage>, id: string) =>
    client.cache.readFragment<{ name: string }>({
      id: `Item:${id}`,
      fragment: parse('fragment Name on Item { name }'),
    });

  async function savedVisit(names: string[]) {
    const persistence = createCachePersistence(storage, { later });
    const client = openItemsPage(persistence, names);
    await persistence.restore(client.cache, 'u1');
    await client.query({ query: ITEMS });
    await persistence.flush();
  }

  it('keeps what the first screen needs apart from the rest, and restores the rest after it', async () => {
    await savedVisit(['one', 'two', 'three', 'four']);
    expect(Object.keys((await saved('u1')).data)).not.toContain('Item:3');
    expect(Object.keys((await storage.get(laterKey('u1'))) as object)).toEqual([
      'Item:3',
      'Item:4',
    ]);

    const persistence = createCachePersistence(storage, { later });
    const client = openItemsPage(persistence, []);
    await persistence.restore(client.cache, 'u1');
    expect(readItem(client, '1')).toEqual({ __typename: 'Item', name: 'one' });
    await waitFor(() =>
      expect(readItem(client, '4')).toEqual({ __typename: 'Item', name: 'four' }),
    );
    expect(client.readQuery({ query: ITEMS })).toEqual({
      items: items(['one', 'two', 'three', 'four']),
    });
  });

  it('tells the queries on screen when the rest is back', async () => {
    await savedVisit(['one', 'two', 'three']);
    const persistence = createCachePersistence(storage, { later });
    const client = openItemsPage(persistence, []);
    await persistence.restore(client.cache, 'u1');
    const seen: unknown[] = [];
    const watch = client
      .watchQuery({ query: ITEMS, fetchPolicy: 'cache-only', returnPartialData: true })
      .subscribe(({ data }) => seen.push(data));
    await waitFor(() => expect(seen.at(-1)).toEqual({ items: items(['one', 'two', 'three']) }));
    watch.unsubscribe();
  });

  it('never puts back an older copy over what the cache got since', async () => {
    await savedVisit(['one', 'two', 'three']);
    const persistence = createCachePersistence(storage, { later });
    const client = openItemsPage(persistence, ['one', 'two', 'three, renamed']);
    await persistence.restore(client.cache, 'u1');
    await client.query({ query: ITEMS, fetchPolicy: 'network-only' });
    await persistence.flush();
    // Once the rest has been read back, the answer's copy is still the one kept and saved.
    await waitFor(async () =>
      expect((await storage.get(laterKey('u1'))) as object).toEqual({
        'Item:3': { __typename: 'Item', id: '3', name: 'three, renamed' },
      }),
    );
    expect(readItem(client, '3')).toEqual({ __typename: 'Item', name: 'three, renamed' });
  });

  it('saves nothing until the rest is back, so a save never loses it', async () => {
    await savedVisit(['one', 'two', 'three', 'four']);
    const persistence = createCachePersistence(storage, { later, saveAfterMs: 0 });
    const client = openItemsPage(persistence, []);
    await persistence.restore(client.cache, 'u1');
    await persistence.flush();
    expect(Object.keys((await storage.get(laterKey('u1'))) as object)).toEqual([
      'Item:3',
      'Item:4',
    ]);
    await waitFor(() => expect(readItem(client, '4')).not.toBeNull());
    await persistence.flush();
    expect(Object.keys((await storage.get(laterKey('u1'))) as object)).toEqual([
      'Item:3',
      'Item:4',
    ]);
  });

  it('puts nothing back after a sign-out, and deletes both parts', async () => {
    await savedVisit(['one', 'two', 'three']);
    const persistence = createCachePersistence(storage, { later });
    const client = openItemsPage(persistence, []);
    await persistence.restore(client.cache, 'u1');
    await persistence.wipe();
    expect(await storage.keys()).toEqual([]);
    // The rest would be read back when the browser is next idle, in the order of saves and
    // deletions: once both have run, nothing has come back.
    await new Promise<void>((resolve) => whenIdle(resolve));
    await persistence.flush();
    expect(readItem(client, '3')).toBeNull();
  });

  describe('a long list, saved cut to what the first screen shows', () => {
    /** Items 3 and up come later; the list itself is saved as its first two items. */
    const cut = (data: Readonly<Record<string, unknown>>) => ({
      ...later(data),
      shortened: { items: [{ __ref: 'Item:1' }, { __ref: 'Item:2' }] },
    });

    async function savedLongVisit() {
      const persistence = createCachePersistence(storage, { later: cut });
      const client = openItemsPage(persistence, ['one', 'two', 'three', 'four']);
      await persistence.restore(client.cache, 'u1');
      await client.query({ query: ITEMS });
      await persistence.flush();
    }

    it('shows the cut list first, then the whole list once the rest is back', async () => {
      await savedLongVisit();
      const first = (await saved('u1')).data.ROOT_QUERY;
      expect(first?.items).toEqual([{ __ref: 'Item:1' }, { __ref: 'Item:2' }]);

      const persistence = createCachePersistence(storage, { later: cut });
      const client = openItemsPage(persistence, []);
      await persistence.restore(client.cache, 'u1');
      expect(client.readQuery({ query: ITEMS })).toEqual({ items: items(['one', 'two']) });
      await waitFor(() =>
        expect(client.readQuery({ query: ITEMS })).toEqual({
          items: items(['one', 'two', 'three', 'four']),
        }),
      );
      // Saved again as it was: the list cut in the first part, whole with the rest.
      await persistence.flush();
      expect((await saved('u1')).data.ROOT_QUERY?.items).toEqual(first?.items);
      expect(
        ((await storage.get(laterKey('u1'))) as Record<string, Record<string, unknown>>).ROOT_QUERY
          ?.items,
      ).toHaveLength(4);
    });

    it("keeps the server's answer when it replaced the cut list before the rest was back", async () => {
      await savedLongVisit();
      const persistence = createCachePersistence(storage, { later: cut });
      const client = openItemsPage(persistence, ['only one now']);
      await persistence.restore(client.cache, 'u1');
      await client.query({ query: ITEMS, fetchPolicy: 'network-only' });
      await waitFor(() => expect(readItem(client, '4')).not.toBeNull());
      expect(client.readQuery({ query: ITEMS })).toEqual({ items: items(['only one now']) });
    });
  });
});
