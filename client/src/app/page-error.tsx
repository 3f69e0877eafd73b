import { useEffect } from 'react';
import { useRouteError } from 'react-router-dom';

/**
 * In place of a page that failed to load its code (a dropped connection, or files gone after an
 * upgrade) or to render: a reload offer, with the top bar and menus still working around it.
 */
export function PageError({ error: loadError }: { error?: unknown }) {
  const routeError = useRouteError();
  const error = loadError ?? routeError;
  useEffect(() => console.error('A page failed to show:', error), [error]);
  return (
    <div className="centered-page">
      <section className="error-panel" role="alert">
        <h1 className="not-found__title">This Page Could Not Be Shown</h1>
        <p>Check your connection, then reload the page.</p>
        <button
          type="button"
          className="button button--primary"
          onClick={() => window.location.reload()}
        >
          Reload Page
        </button>
      </section>
    </div>
  );
}
