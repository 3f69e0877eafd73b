import { useEffect, useMemo } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import type { NoteLocation } from '../../gql/graphql';
import { EditLabelsDialog } from '../../features/notes/components/edit-labels-dialog';
import { EditModal } from '../../features/notes/editor/edit-modal';
import { EDIT_LABELS_PARAM, LABEL_PARAM, labelPath } from '../../features/notes/list/label-nav';
import { NewNotePanel } from '../../features/notes/editor/new-note-panel';
import { OfflineChoices } from '../../features/notes/editor/offline-choices';
import { NotesList } from '../../features/notes/list/notes-list';
import { useLabels } from '../../features/notes/hooks/use-labels';
import { useNotesUi } from '../../features/notes/hooks/notes-ui-context';
import { useNoteAddress } from '../../features/notes/reminders/use-note-address';
import { SearchBar } from '../../features/search/components/search-bar';
import { useSearch } from '../../features/search/hooks/search-context';

/**
 * /home, /archive and /label/{name}: search bar, the new-note area (one line, "Take a note…",
 * until opened), the list and the edit modal. A label's page is /home's list of that label's
 * notes (`label`), searched and sorted as the others are.
 */
function NotesRoute({ location, label }: { location: NoteLocation; label?: string }) {
  const { setNewNoteOpen, openEditModal } = useNotesUi();
  useNoteAddress(openEditModal);
  const { labels } = useLabels();
  const { filter: searched, filtering, clearSearchAndFilters } = useSearch();
  const filter = useMemo(
    () => (label === undefined ? searched : { ...searched, tags: [label] }),
    [searched, label],
  );
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const labelAsked = params.get(LABEL_PARAM);
  const editingLabels = params.has(EDIT_LABELS_PARAM);

  // An address of before labels had pages (`/home?label=work`) goes to the label's page.
  useEffect(() => {
    if (labelAsked !== null) void navigate(labelPath(labelAsked), { replace: true });
  }, [labelAsked, navigate]);

  return (
    <>
      {label !== undefined ? (
        <h1 className="page-title">{label}</h1>
      ) : location === 'ARCHIVE' ? (
        <h1 className="page-title">Archive</h1>
      ) : (
        <h1 className="visually-hidden">Notes</h1>
      )}
      <SearchBar
        labels={labels}
        onAddNote={() => setNewNoteOpen(true)}
        onFilterOpen={() => setNewNoteOpen(false)}
      />
      <OfflineChoices />
      <NewNotePanel location={location} label={label} />
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

/** /label/{name}: the notes with one label (react-router hands the name decoded). */
export function LabelRoute() {
  const { name = '' } = useParams();
  return <NotesRoute location="NOTES" label={name} />;
}

/** /archive. */
export function ArchiveRoute() {
  return <NotesRoute location="ARCHIVE" />;
}
