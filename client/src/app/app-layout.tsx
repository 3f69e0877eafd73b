import { Suspense } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { LoadingOverlay } from '../components/loading-overlay';
import { PageErrorBoundary } from '../components/page-error-boundary';
import { Sidebar } from '../components/sidebar';
import { NotesUiProvider, useNotesUi } from '../features/notes/hooks/notes-ui-context';
import { SearchProvider } from '../features/search/hooks/search-context';

function Shell() {
  const { setNewNoteOpen } = useNotesUi();
  const navigate = useNavigate();
  const { pathname } = useLocation();

  const onAddNote = () => {
    if (pathname !== '/home') void navigate('/home');
    setNewNoteOpen(true);
  };

  return (
    <div className="app-layout">
      <Sidebar onAddNote={onAddNote} />
      <main className="app-layout__main">
        {/* Here too, so the sidebar stays while a page's code loads, or if it fails. */}
        <PageErrorBoundary resetKey={pathname}>
          <Suspense fallback={<LoadingOverlay />}>
            <Outlet />
          </Suspense>
        </PageErrorBoundary>
      </main>
    </div>
  );
}

/** The signed-in pages' layout: sidebar plus page, sharing search and notes UI state. */
export function AppLayout() {
  return (
    <SearchProvider>
      <NotesUiProvider>
        <Shell />
      </NotesUiProvider>
    </SearchProvider>
  );
}
