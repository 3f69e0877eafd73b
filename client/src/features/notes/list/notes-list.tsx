import { useDeferredValue, useRef } from 'react';
import { Spinner } from '../../../components/spinner';
import { ErrorPanel } from '../../../components/error-panel';
import type { NoteFilter, NoteLocation } from '../../../gql/graphql';
import type { Note } from '../api/note-fields';
import { useNoteList } from './use-note-list';
import { useRevealedCount } from './use-revealed-count';
import { LoadMoreSentinel } from './load-more-sentinel';
import { NoteCard } from './note-card';
import { useMasonry } from './use-masonry';
import './note-grid.css';

const EMPTY_MESSAGE: Record<NoteLocation, string> = {
  NOTES: 'No Notes Available',
  ARCHIVE: 'No Archived Notes Available',
  TRASH: 'No Notes In Trash',
};

/** Each card's title is an h3: this (screen-reader) h2 keeps the page's headings in order. */
const LIST_HEADING: Record<NoteLocation, string> = {
  NOTES: 'All notes',
  ARCHIVE: 'Archived notes',
  TRASH: 'Notes in the trash',
};

interface NotesListProps {
  location: NoteLocation;
  filter: NoteFilter;
  /** True when a query or filter may be hiding notes. */
  filtering: boolean;
  onClearSearch: () => void;
}

/** A group's cards, packed in columns in the list's order (use-masonry.ts). */
export function NoteGrid({ notes, label }: { notes: readonly Note[]; label: string }) {
  const list = useRef<HTMLUListElement>(null);
  useMasonry(list, notes);
  return (
    <ul ref={list} className="notes-grid" aria-label={label}>
      {notes.map((note) => (
        <li key={note.id}>
          <NoteCard note={note} />
        </li>
      ))}
    </ul>
  );
}

/** The grid of note cards for a list, loading more as it scrolls, with its empty states. */
export function NotesList({ location, filter, filtering, onClearSearch }: NotesListProps) {
  const list = useNoteList(location, filter);
  // Apollo hands a new page to React as an urgent update; the cards follow in a transition,
  // which React renders in slices between frames instead of in the task that delivered it.
  const { notes, loading, error, hasNextPage, limit, loadMore } = useDeferredValue(list);
  const { visible, showMore } = useRevealedCount(notes.length, hasNextPage, loadMore);

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
        <p>{EMPTY_MESSAGE[location]}</p>
      </div>
    );
  }

  // The server and the cache put pinned notes first, each group in the chosen order.
  const shown = notes.slice(0, visible);
  const pinned = location === 'TRASH' ? [] : shown.filter((note) => note.pinned);
  const others = pinned.length === 0 ? shown : shown.filter((note) => !note.pinned);

  return (
    <>
      {pinned.length === 0 ? (
        <>
          <h2 className="visually-hidden">{LIST_HEADING[location]}</h2>
          <NoteGrid notes={others} label="Notes" />
        </>
      ) : (
        <>
          <section className="notes-group" aria-labelledby="notes-pinned">
            <h2 id="notes-pinned" className="notes-group__title">
              Pinned
            </h2>
            <NoteGrid notes={pinned} label="Pinned notes" />
          </section>
          {others.length > 0 && (
            <section className="notes-group" aria-labelledby="notes-others">
              <h2 id="notes-others" className="notes-group__title">
                Others
              </h2>
              <NoteGrid notes={others} label="Other notes" />
            </section>
          )}
        </>
      )}
      {/* A new marker for each batch drawn and page asked for: it reports at once if the end is
          still near the screen. */}
      {showMore && <LoadMoreSentinel key={`${limit}:${visible}`} onVisible={showMore} />}
      {hasNextPage && loading && (
        <div className="list-status">
          <Spinner label="Loading more notes" />
        </div>
      )}
    </>
  );
}
