import { useCallback, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { Sidebar } from '../components/sidebar';
import { LabelNav } from '../features/notes/list/label-nav';
import { ShortcutsDialog } from '../features/notes/components/shortcuts-dialog';
import { NotesUiProvider, useNotesUi } from '../features/notes/hooks/notes-ui-context';
import { useKeyboardShortcuts } from '../features/notes/hooks/use-keyboard-shortcuts';
import { useLiveNotes } from '../features/notes/sync/use-live-notes';
import { useOutboxSync } from '../features/notes/sync/use-outbox-sync';
import { SearchProvider } from '../features/search/hooks/search-context';

/** The search field, on the pages that have one; from elsewhere, /home's. */
function focusSearch(pathname: string, navigate: (to: string) => unknown) {
  const field = document.querySelector<HTMLInputElement>('.search-bar__input');
  if (field) field.focus();
  else if (pathname !== '/home') void navigate('/home');
}

/** The pages with a new-note area: /home, /archive and a label's page. */
const hasNewNoteArea = (pathname: string) =>
  pathname === '/home' || pathname === '/archive' || pathname.startsWith('/label/');

function Shell() {
  useLiveNotes();
  useOutboxSync();
  const { setNewNoteOpen, focusNewNote } = useNotesUi();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [helpOpen, setHelpOpen] = useState(false);

  const onAddNote = () => {
    if (!hasNewNoteArea(pathname)) void navigate('/home');
    setNewNoteOpen(true);
  };

  useKeyboardShortcuts({
    newNote: useCallback(() => {
      if (!hasNewNoteArea(pathname)) void navigate('/home');
      focusNewNote();
    }, [pathname, navigate, focusNewNote]),
    search: useCallback(() => focusSearch(pathname, navigate), [pathname, navigate]),
    showHelp: useCallback(() => setHelpOpen(true), []),
  });

  return (
    <div className="app-layout">
      <Sidebar onAddNote={onAddNote}>
        <LabelNav />
      </Sidebar>
      <main className="app-layout__main">
        <Outlet />
      </main>
      {helpOpen && <ShortcutsDialog onClose={() => setHelpOpen(false)} />}
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
