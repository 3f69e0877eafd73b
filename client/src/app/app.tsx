import type { ReactNode } from 'react';
import type { ApolloClient } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { noteTypePolicies } from '../features/notes/cache/note-cache';
import { createOutbox, type Outbox } from '../features/notes/sync/outbox';
import { OutboxProvider } from '../features/notes/sync/outbox-context';
import { indexedDbOutboxStorage } from '../features/notes/sync/outbox-storage';
import { outboxFeedback } from '../features/notes/hooks/run-note-action';
import { notesAfterFirstPage } from '../features/notes/cache/prefetch';
import { ThemeProvider } from '../features/theme/hooks/theme-context';
import { createApolloClient, serverLink } from '../lib/apollo-client';
import {
  CachePersistenceProvider,
  createCachePersistence,
  noPersistence,
  type CachePersistence,
} from '../lib/cache-persistence';
import { indexedDbCacheStorage } from '../lib/cache-storage';
import { createLiveLink } from '../lib/live-link';
import { saveScreen } from '../lib/saved-screen';
import { appRoutes } from './router';
import { Toasts } from './toasts';

/**
 * Everything around the router: Apollo, the cache's persistence, the outbox of changes waiting
 * for the network, the theme and the toasts.
 */
export function AppProviders({
  client,
  persistence = noPersistence,
  outbox,
  children,
}: {
  client: ApolloClient;
  persistence?: CachePersistence;
  outbox: Outbox;
  children: ReactNode;
}) {
  return (
    <ApolloProvider client={client}>
      <CachePersistenceProvider value={persistence}>
        <OutboxProvider value={outbox}>
          <ThemeProvider>
            {children}
            <Toasts />
          </ThemeProvider>
        </OutboxProvider>
      </CachePersistenceProvider>
    </ApolloProvider>
  );
}

/**
 * The app's one Apollo client, its cache's persistence, the outbox and the router, made on first
 * use rather than as this module is evaluated. The router starts its first navigation (the saved
 * cache read, the first page asked for) as it is made; main.tsx asks for it in a task of its own,
 * so the modules' evaluation and that start are two tasks rather than one long one.
 */
function app() {
  return (made ??= makeApp());
}
let made: ReturnType<typeof makeApp> | undefined;

function makeApp() {
  // The notes no list shows first are saved apart and restored after the first screen.
  const persistence = createCachePersistence(indexedDbCacheStorage(), {
    later: notesAfterFirstPage,
  });
  const client = createApolloClient(serverLink(createLiveLink()), noteTypePolicies, persistence);
  const outbox = createOutbox(client, indexedDbOutboxStorage(), outboxFeedback);
  const router = createBrowserRouter(appRoutes(client, persistence));

  // A tab being closed or put away saves the cache now rather than after the usual pause, and a
  // copy of its page to draw at once on the next visit.
  const leaving = () => {
    saveScreen(persistence.userId);
    void persistence.flush();
  };
  window.addEventListener('pagehide', leaving);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') leaving();
  });
  return { persistence, client, outbox, router };
}

/** The longest the first render waits for the router (a browser whose storage never answers). */
const FIRST_PAGE_WAIT_MS = 3000;

/**
 * Resolves once the router has what the first page needs (its code and, signed in, the saved
 * notes its loaders restore), or after {@link FIRST_PAGE_WAIT_MS} at the latest: rendered then,
 * the first render draws the page itself, not a stand-in that is thrown away a moment later.
 * index.html's top bar shows meanwhile.
 */
export function firstPageReady(): Promise<void> {
  const { router } = app();
  return new Promise((resolve) => {
    if (router.state.initialized) return resolve();
    const unsubscribe = router.subscribe((state) => {
      if (state.initialized) done();
    });
    const timer = setTimeout(() => done(), FIRST_PAGE_WAIT_MS);
    function done() {
      unsubscribe();
      clearTimeout(timer);
      resolve();
    }
  });
}

/** The whole app. */
export function App() {
  const { client, persistence, outbox, router } = app();
  return (
    <AppProviders client={client} persistence={persistence} outbox={outbox}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
