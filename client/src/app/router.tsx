import type { ApolloClient } from '@apollo/client';
import type { RouteObject } from 'react-router-dom';
import { prefetchFirstPage } from '../features/notes/cache/prefetch';
import { noPersistence, type CachePersistence } from '../lib/cache-persistence';
import { readAuth } from '../lib/storage';
import { AppLayout } from './app-layout';
import { PageError } from './page-error';
import { ProtectedRoute } from './protected-route';
import { RootFallback, RootLayout } from './root-layout';
import { LandingRoute } from './routes/landing-route';
import { ArchiveRoute, HomeRoute, LabelRoute } from './routes/notes-route';

/**
 * A route's page, loaded on first visit: the export `name` of a module. If its code cannot load,
 * or it fails to render, a reload offer stands in its place. (A route whose `lazy` rejects does
 * not show its own error boundary, so a failed load is turned into a page that says so.)
 */
function page<M>(
  load: () => Promise<M>,
  name: keyof M,
): Pick<RouteObject, 'lazy' | 'ErrorBoundary'> {
  return {
    lazy: () =>
      load().then(
        (module) => ({ Component: module[name] as () => null }),
        (error: unknown) => ({ Component: () => <PageError error={error} /> }),
      ),
    ErrorBoundary: PageError,
  };
}

/**
 * The routes of spec §2. The landing page and the notes' lists (/home, /archive: where a signed-in
 * user arrives) come with the app's code, so the browser fetches the list page's code from the
 * first byte of index.html on; every other page loads when first visited. Before a signed-in page
 * first renders, the user's saved cache is restored (`persistence`), so the lists show the last
 * known notes at once; the list pages' loaders then ask for their first page of notes (the list's
 * own query shows the cached list, and the answer when it comes).
 */
export function appRoutes(
  client: ApolloClient,
  persistence: CachePersistence = noPersistence,
): RouteObject[] {
  const restoreCache = async () => {
    const { user } = readAuth();
    // A stored user without an id (written by something else than this app) cannot be told
    // from another: nothing is restored or kept for it.
    if (typeof user?.id === 'string' && user.id !== '') {
      await persistence.restore(client.cache, user.id);
    } else if (user) {
      await persistence.wipe();
    }
    return null;
  };
  const prefetch = (location: 'NOTES' | 'ARCHIVE' | 'TRASH') => async () => {
    if (!readAuth().isAuth) return null;
    // Restoring replaces the cache's contents: the fresh answer must land after it, not before.
    await restoreCache();
    prefetchFirstPage(client, location);
    return null;
  };
  return [
    {
      element: <RootLayout />,
      HydrateFallback: RootFallback,
      children: [
        { index: true, element: <LandingRoute /> },
        {
          path: 'login',
          ...page(() => import('../features/auth/components/login-page'), 'LoginPage'),
        },
        {
          path: 'login/sso',
          ...page(() => import('../features/auth/components/sso-page'), 'SsoPage'),
        },
        {
          path: 'signup',
          ...page(() => import('../features/auth/components/signup-page'), 'SignupPage'),
        },
        {
          path: 'mock',
          ...page(() => import('../features/mock/components/mock-page'), 'MockPage'),
        },
        {
          loader: restoreCache,
          element: (
            <ProtectedRoute>
              <AppLayout />
            </ProtectedRoute>
          ),
          children: [
            {
              path: 'home',
              loader: prefetch('NOTES'),
              Component: HomeRoute,
              ErrorBoundary: PageError,
            },
            {
              path: 'label/:name',
              loader: prefetch('NOTES'),
              Component: LabelRoute,
              ErrorBoundary: PageError,
            },
            {
              path: 'archive',
              loader: prefetch('ARCHIVE'),
              Component: ArchiveRoute,
              ErrorBoundary: PageError,
            },
            {
              path: 'trash',
              loader: prefetch('TRASH'),
              ...page(() => import('./routes/trash-route'), 'TrashRoute'),
            },
            {
              path: 'reminders',
              ...page(() => import('./routes/reminders-route'), 'RemindersRoute'),
            },
            {
              path: 'profile',
              ...page(() => import('../features/profile/components/profile-page'), 'ProfilePage'),
            },
            {
              path: 'admin',
              ...page(() => import('../features/admin/components/admin-page'), 'AdminPage'),
            },
          ],
        },
        { path: '*', ...page(() => import('./routes/not-found-route'), 'NotFoundRoute') },
      ],
    },
  ];
}
