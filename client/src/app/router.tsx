import { createBrowserRouter } from 'react-router-dom';
import { LoadingOverlay } from '../components/loading-overlay';
import { AppLayout } from './app-layout';
import { ProtectedRoute } from './protected-route';
import { RootLayout } from './root-layout';
import { LandingRoute } from './routes/landing-route';

/** The routes of spec §2; everything but the landing page loads lazily. */
export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    hydrateFallbackElement: <LoadingOverlay />,
    children: [
      { index: true, element: <LandingRoute /> },
      {
        path: 'login',
        lazy: () =>
          import('../features/auth/components/login-page').then((m) => ({
            Component: m.LoginPage,
          })),
      },
      {
        path: 'signup',
        lazy: () =>
          import('../features/auth/components/signup-page').then((m) => ({
            Component: m.SignupPage,
          })),
      },
      {
        path: 'mock',
        lazy: () =>
          import('../features/mock/components/mock-page').then((m) => ({ Component: m.MockPage })),
      },
      {
        element: (
          <ProtectedRoute>
            <AppLayout />
          </ProtectedRoute>
        ),
        children: [
          {
            path: 'home',
            lazy: () => import('./routes/notes-route').then((m) => ({ Component: m.HomeRoute })),
          },
          {
            path: 'archive',
            lazy: () => import('./routes/notes-route').then((m) => ({ Component: m.ArchiveRoute })),
          },
          {
            path: 'trash',
            lazy: () => import('./routes/trash-route').then((m) => ({ Component: m.TrashRoute })),
          },
          {
            path: 'profile',
            lazy: () =>
              import('../features/profile/components/profile-page').then((m) => ({
                Component: m.ProfilePage,
              })),
          },
        ],
      },
      {
        path: '*',
        lazy: () =>
          import('./routes/not-found-route').then((m) => ({ Component: m.NotFoundRoute })),
      },
    ],
  },
]);
