import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { LoadingOverlay } from '../components/loading-overlay';
import { PageErrorBoundary } from '../components/page-error-boundary';

/**
 * A layout's routed page: a loading overlay while its code loads, and a reload offer in its place
 * if it fails (cleared on the next page), so the layout around it stays on screen either way.
 */
export function PageOutlet() {
  const { pathname } = useLocation();
  return (
    <PageErrorBoundary resetKey={pathname}>
      <Suspense fallback={<LoadingOverlay />}>
        <Outlet />
      </Suspense>
    </PageErrorBoundary>
  );
}
