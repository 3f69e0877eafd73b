import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { NoteLocation } from '../../gql/graphql';
import { EditLabelsDialog } from '../../features/notes/components/edit-labels-dialog';
import { EditModal } from '../../features/notes/editor/edit-modal';
import { EDIT_LABELS_PARAM, LABEL_PARAM } from '../../features/notes/list/label-nav';
import { NewNotePanel } from '../../features/notes/editor/new-note-panel';
import { OfflineChoices } from '../../features/notes/editor/offline-choices';
import { NotesList } from '../../features/notes/list/notes-list';
import { useLabels } from '../../features/notes/hooks/use-labels';
import { useNotesUi } from '../../features/notes/hooks/notes-ui-context';
import { SearchBar } from '../../features/search/components/search-bar';
import { useSearch } from '../../features/search/hooks/search-context';

/**
 * /home and /archive: search bar, the new-note area (one line, "Take a note…", until opened),
 * the list and the edit modal.
 */
function NotesRoute({ location }: { location: NoteLocation }) {
  const { setNewNoteOpen } = useNotesUi();
  const { labels } = useLabels();
  const { filter, filtering, clearSearchAndFilters, dispatch } = useSearch();
  const [params, setParams] = useSearchParams();
  const label = params.get(LABEL_PARAM);
  const editingLabels = params.has(EDIT_LABELS_PARAM);

  // A label chosen in the sidebar filters the list; the address goes back to the page's own.
  useEffect(() => {
    if (label === null) return;
    dispatch({ type: 'showLabel', tag: label });
    setParams({}, { replace: true });
  }, [label, dispatch, setParams]);

  return (
    <>
      <h1 className="visually-hidden">{location === 'NOTES' ? 'Notes' : 'Archive'}</h1>
      <SearchBar
        labels={labels}
        onAddNote={() => setNewNoteOpen(true)}
        onFilterOpen={() => setNewNoteOpen(false)}
      />
      <OfflineChoices />
      <NewNotePanel location={location} />
      <NotesList
        location={location}
        filter={filter}
        filtering={filtering}
        onClearSearch={clearSearchAndFilters}
      />
      <EditModal location={location} />
      {editingLabels && <EditLabelsDialog onClose={() => setParams({}, { replace: true })} />}
    </>
  );
}

/** /home. */
export function HomeRoute() {
  return <NotesRoute location="NOTES" />;
}

/** /archive. */
export function ArchiveRoute() {
  return <NotesRoute location="ARCHIVE" />;
}
