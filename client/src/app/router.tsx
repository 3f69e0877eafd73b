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

/** A page component that can be loaded ahead of its first render. */
type Page = ComponentType & { preload: () => Promise<unknown> };

/**
 * A route's page: the export `name` of a module, loaded on first use. `preload()` loads it ahead;
 * once loaded, the page renders at once instead of suspending: a boundary that shows its fallback,
 * even for a moment, holds the content back for React's fallback throttle (300 ms).
 */
function lazyPage<M, K extends keyof M>(load: () => Promise<M>, name: K): Page {
  let loaded: ComponentType | undefined;
  const preload = () =>
    load().then((module) => {
      loaded = module[name] as ComponentType;
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

/** The pages anyone can open, by path. */
const PUBLIC_PAGES: Record<string, Page> = {
  login: lazyPage(() => import('../features/auth/components/login-page'), 'LoginPage'),
  signup: lazyPage(() => import('../features/auth/components/signup-page'), 'SignupPage'),
  mock: lazyPage(() => import('../features/mock/components/mock-page'), 'MockPage'),
};

/** The signed-in pages, by path, in the sidebar's layout. */
const PROTECTED_PAGES: Record<string, Page> = {
  home: lazyPage(notesRoute, 'HomeRoute'),
  archive: lazyPage(notesRoute, 'ArchiveRoute'),
  trash: lazyPage(() => import('./routes/trash-route'), 'TrashRoute'),
  profile: lazyPage(() => import('../features/profile/components/profile-page'), 'ProfilePage'),
};

const NotFoundPage = lazyPage(() => import('./routes/not-found-route'), 'NotFoundRoute');

/** Every lazy page by path (a Map: a path such as "constructor" is not a page). */
const PAGES = new Map(Object.entries({ ...PUBLIC_PAGES, ...PROTECTED_PAGES }));

/**
 * Loads the page at `pathname` (as the router matches it: any case, a trailing slash allowed),
 * so the app's first render draws it at once. Resolves either way: a page that fails to load
 * is left to the route's own error boundary.
 */
export function preloadPage(pathname: string): Promise<void> {
  const path = pathname.toLowerCase().replace(/^\/+|\/+$/g, '');
  if (path === '') return Promise.resolve();
  const page = PAGES.get(path) ?? NotFoundPage;
  return page
    .preload()
    .then(() => undefined)
    .catch(() => undefined);
}

const routes = (pages: Record<string, Page>) =>
  Object.entries(pages).map(([path, Page]) => <Route key={path} path={path} element={<Page />} />);

/** Every page of the app, by path. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route index element={<LandingRoute />} />
        {routes(PUBLIC_PAGES)}
        <Route
          element={
            <ProtectedRoute>
              <AppLayout />
            </ProtectedRoute>
          }
        >
          {routes(PROTECTED_PAGES)}
        </Route>
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
