import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { Sidebar } from '../components/sidebar';
import { NotesUiProvider, useNotesUi } from '../features/notes/hooks/notes-ui-context';
import { useLiveNotes } from '../features/notes/hooks/use-live-notes';
import { SearchProvider } from '../features/search/hooks/search-context';

function Shell() {
  useLiveNotes();
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
        <Outlet />
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
