import { useEffect } from 'react';
import { EditModal } from '../../features/notes/components/edit-modal';
import { NewNotePanel } from '../../features/notes/components/new-note-panel';
import { NotesList } from '../../features/notes/components/notes-list';
import { useLabels } from '../../features/notes/hooks/use-labels';
import { useNotesUi } from '../../features/notes/hooks/notes-ui-context';
import { SearchBar } from '../../features/search/components/search-bar';
import { useSearch } from '../../features/search/hooks/search-context';

/**
 * /home and /archive: search bar, new-note panel (open on arrival at home, closed in the
 * archive), the list and the edit modal.
 */
function NotesRoute({ context }: { context: 'notes' | 'archive' }) {
  const { setNewNoteOpen } = useNotesUi();
  const { labels } = useLabels();
  const { filter, filtering, clearSearchAndFilters } = useSearch();

  useEffect(() => {
    setNewNoteOpen(context === 'notes');
  }, [context, setNewNoteOpen]);

  return (
    <>
      <h1 className="visually-hidden">{context === 'notes' ? 'Notes' : 'Archive'}</h1>
      <SearchBar
        labels={labels}
        onAddNote={() => setNewNoteOpen(true)}
        onFilterOpen={() => setNewNoteOpen(false)}
      />
      <NewNotePanel context={context} />
      <NotesList
        context={context}
        filter={filter}
        filtering={filtering}
        onClearSearch={clearSearchAndFilters}
      />
      <EditModal context={context} />
    </>
  );
}

/** /home. */
export function HomeRoute() {
  return <NotesRoute context="notes" />;
}

/** /archive. */
export function ArchiveRoute() {
  return <NotesRoute context="archive" />;
}
