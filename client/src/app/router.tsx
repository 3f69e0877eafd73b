import { lazy } from 'react';
import type { ComponentType } from 'react';
import { Route, Routes } from 'react-router-dom';
import { AppLayout } from './app-layout';
import { ProtectedRoute } from './protected-route';
import { RootLayout } from './root-layout';
import { LandingRoute } from './routes/landing-route';

/*
 * The routes of spec §2, declared as elements under a <BrowserRouter> (app.tsx). Jotter uses no
 * loaders or actions, and the data router (createBrowserRouter) cost a third of the router's
 * code and tens of milliseconds of start-up on a phone before the first screen.
 * Everything but the landing page loads lazily; RootLayout and AppLayout hold the Suspense
 * boundaries, and the router's navigations are transitions, so the page being left stays on
 * screen while the next one's code loads.
 */
/**
 * A route's page, loaded on first use. `preload()` loads it ahead; once loaded, the page renders
 * at once instead of suspending: a boundary that shows its fallback, even for a moment, holds
 * the content back for React's fallback throttle (300 ms).
 */
function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  let loaded: ComponentType | undefined;
  const preload = () =>
    load().then((module) => {
      loaded = pick(module);
      return { default: loaded };
    });
  const Lazy = lazy(preload);
  function Page() {
    const Loaded = loaded;
    return Loaded ? <Loaded /> : <Lazy />;
  }
  return Object.assign(Page, { preload });
}

const notesRoute = () => import('./routes/notes-route');
const HomeRoute = lazyPage(notesRoute, (m) => m.HomeRoute);
const ArchiveRoute = lazyPage(notesRoute, (m) => m.ArchiveRoute);
const TrashRoute = lazyPage(
  () => import('./routes/trash-route'),
  (m) => m.TrashRoute,
);
const ProfilePage = lazyPage(
  () => import('../features/profile/components/profile-page'),
  (m) => m.ProfilePage,
);
const LoginPage = lazyPage(
  () => import('../features/auth/components/login-page'),
  (m) => m.LoginPage,
);
const SignupPage = lazyPage(
  () => import('../features/auth/components/signup-page'),
  (m) => m.SignupPage,
);
const MockPage = lazyPage(
  () => import('../features/mock/components/mock-page'),
  (m) => m.MockPage,
);
const NotFoundRoute = lazyPage(
  () => import('./routes/not-found-route'),
  (m) => m.NotFoundRoute,
);

const PAGES: Record<string, { preload: () => Promise<unknown> } | undefined> = {
  '/home': HomeRoute,
  '/archive': ArchiveRoute,
  '/trash': TrashRoute,
  '/profile': ProfilePage,
  '/login': LoginPage,
  '/signup': SignupPage,
  '/mock': MockPage,
};

/**
 * Loads the page at `pathname` (as the router matches it: any case, a trailing slash allowed),
 * so the app's first render draws it at once. Resolves either way: a page that fails to load
 * is left to the route's own Suspense boundary.
 */
export function preloadPage(pathname: string): Promise<void> {
  const path = pathname.toLowerCase().replace(/(.)\/+$/, '$1');
  if (path === '/') return Promise.resolve();
  return (PAGES[path] ?? NotFoundRoute)
    .preload()
    .then(() => undefined)
    .catch(() => undefined);
}

/** Every page of the app, by path. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route index element={<LandingRoute />} />
        <Route path="login" element={<LoginPage />} />
        <Route path="signup" element={<SignupPage />} />
        <Route path="mock" element={<MockPage />} />
        <Route
          element={
            <ProtectedRoute>
              <AppLayout />
            </ProtectedRoute>
          }
        >
          <Route path="home" element={<HomeRoute />} />
          <Route path="archive" element={<ArchiveRoute />} />
          <Route path="trash" element={<TrashRoute />} />
          <Route path="profile" element={<ProfilePage />} />
        </Route>
        <Route path="*" element={<NotFoundRoute />} />
      </Route>
    </Routes>
  );
}
