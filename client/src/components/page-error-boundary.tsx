import { Component } from 'react';
import type { ErrorInfo, ReactNode } from 'react';

interface PageErrorBoundaryProps {
  children: ReactNode;
  /** The page's path: the boundary starts afresh when it changes. */
  resetKey: string;
}

interface PageErrorBoundaryState {
  failed: boolean;
  resetKey: string;
}

/**
 * Catches a page that fails to render or to load its code (say, a chunk gone after an upgrade,
 * or a dropped connection) and offers a reload in its place, instead of the whole app going
 * blank. The top bar and menus stay usable; going to another page clears it.
 */
export class PageErrorBoundary extends Component<PageErrorBoundaryProps, PageErrorBoundaryState> {
  override state: PageErrorBoundaryState = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(): Partial<PageErrorBoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(
    props: PageErrorBoundaryProps,
    state: PageErrorBoundaryState,
  ): Partial<PageErrorBoundaryState> | null {
    return props.resetKey === state.resetKey ? null : { failed: false, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('A page failed to show:', error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
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
}
