import type { ApolloClient } from '@apollo/client';
import type { RouteObject } from 'react-router-dom';
import { prefetchFirstPage } from '../features/notes/api/prefetch';
import { readAuth } from '../lib/storage';
import { AppLayout } from './app-layout';
import { PageError } from './page-error';
import { ProtectedRoute } from './protected-route';
import { RootFallback, RootLayout } from './root-layout';
import { LandingRoute } from './routes/landing-route';

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

const notesRoute = () => import('./routes/notes-route');

/**
 * The routes of spec §2. Every page but the landing page loads when first visited; the list
 * pages' loaders ask for their first page of notes at the same time, so the request does not
 * wait for the page's code (the list's own query then finds it in flight or in the cache).
 */
export function appRoutes(client: ApolloClient): RouteObject[] {
  const prefetch = (location: 'NOTES' | 'ARCHIVE' | 'TRASH') => () => {
    if (readAuth().isAuth) prefetchFirstPage(client, location);
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
          path: 'signup',
          ...page(() => import('../features/auth/components/signup-page'), 'SignupPage'),
        },
        {
          path: 'mock',
          ...page(() => import('../features/mock/components/mock-page'), 'MockPage'),
        },
        {
          element: (
            <ProtectedRoute>
              <AppLayout />
            </ProtectedRoute>
          ),
          children: [
            { path: 'home', loader: prefetch('NOTES'), ...page(notesRoute, 'HomeRoute') },
            { path: 'archive', loader: prefetch('ARCHIVE'), ...page(notesRoute, 'ArchiveRoute') },
            {
              path: 'trash',
              loader: prefetch('TRASH'),
              ...page(() => import('./routes/trash-route'), 'TrashRoute'),
            },
            {
              path: 'profile',
              ...page(() => import('../features/profile/components/profile-page'), 'ProfilePage'),
            },
          ],
        },
        { path: '*', ...page(() => import('./routes/not-found-route'), 'NotFoundRoute') },
      ],
    },
  ];
}
