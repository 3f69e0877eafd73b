import { useDeferredValue } from 'react';
import { Spinner } from '../../../components/spinner';
import { ErrorPanel } from '../../../components/error-panel';
import type { NoteFilter } from '../../../gql/graphql';
import type { NoteContext } from '../hooks/use-note-actions';
import { useNoteList } from '../hooks/use-note-list';
import { useProgressiveCount } from '../hooks/use-progressive-count';
import { LoadMoreSentinel } from './load-more-sentinel';
import { NoteCard } from './note-card';

const EMPTY_MESSAGE: Record<NoteContext, string> = {
  notes: 'No Notes Available',
  archive: 'No Archived Notes Available',
  trash: 'No Notes In Trash',
};

/** Each card's title is an h3: this (screen-reader) h2 keeps the page's headings in order. */
const LIST_HEADING: Record<NoteContext, string> = {
  notes: 'All notes',
  archive: 'Archived notes',
  trash: 'Notes in the trash',
};

interface NotesListProps {
  context: NoteContext;
  filter: NoteFilter;
  /** True when a query or filter may be hiding notes. */
  filtering: boolean;
  onClearSearch: () => void;
}

/** The grid of note cards for a list, loading more as it scrolls, with its empty states. */
export function NotesList({ context, filter, filtering, onClearSearch }: NotesListProps) {
  const list = useNoteList(context, filter);
  // Apollo hands a new page to React as an urgent update; the cards follow in a transition,
  // which React renders in slices between frames instead of in the task that delivered it.
  const { notes, loading, error, hasNextPage, loadMore } = useDeferredValue(list);
  const visible = useProgressiveCount(notes.length);

  if (notes.length === 0) {
    if (loading) {
      return (
        <div className="list-status">
          <Spinner label="Loading notes" />
        </div>
      );
    }
    if (error) {
      return (
        <ErrorPanel>
          <p>Notes could not be loaded. Check your connection and try again.</p>
        </ErrorPanel>
      );
    }
    if (filtering) {
      return (
        <div className="empty-state">
          <p>No Notes Found On Search</p>
          <button type="button" className="button button--primary" onClick={onClearSearch}>
            Clear Search And Filters
          </button>
        </div>
      );
    }
    return (
      <div className="empty-state">
        <p>{EMPTY_MESSAGE[context]}</p>
      </div>
    );
  }

  return (
    <>
      <h2 className="visually-hidden">{LIST_HEADING[context]}</h2>
      <ul className="notes-grid" aria-label="Notes">
        {notes.slice(0, visible).map((note) => (
          <li key={note.id}>
            <NoteCard note={note} context={context} />
          </li>
        ))}
      </ul>
      {/* Only once every loaded card is drawn, or it would ask for more too soon. */}
      {hasNextPage && visible === notes.length && <LoadMoreSentinel onVisible={loadMore} />}
      {hasNextPage && loading && (
        <div className="list-status">
          <Spinner label="Loading more notes" />
        </div>
      )}
    </>
  );
}
