import { useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { Plus, Search, SlidersHorizontal, X } from 'lucide-react';
import { useSearch } from '../hooks/search-context';
import { sortName } from '../hooks/search-state';
import { FilterPanel } from './filter-panel';
import './search.css';

interface SearchBarProps {
  labels: string[];
  /** Opens the new-note editor. */
  onAddNote: () => void;
  /** Called when the filter panel opens (the new-note editor closes then). */
  onFilterOpen: () => void;
}

/**
 * Search input with a clear icon, a filter toggle opening the Filters panel, and Add Note; under
 * it, the order the notes are in ("Sorted by Latest"), which the toggle's description says too.
 * Escape
 * in the bar or the panel closes the panel and puts focus back on its toggle (the search box
 * keeps its text: a second Escape there clears it, as browsers do).
 */
export function SearchBar({ labels, onAddNote, onFilterOpen }: SearchBarProps) {
  const { state, dispatch } = useSearch();
  const [filterOpen, setFilterOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);

  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !filterOpen) return;
    event.preventDefault();
    setFilterOpen(false);
    toggleRef.current?.focus();
  };

  const toggleFilter = () => {
    if (!filterOpen) onFilterOpen();
    setFilterOpen(!filterOpen);
  };

  return (
    <div className="search" onKeyDown={closeOnEscape}>
      <div className="search-bar" role="search">
        <Search size={18} aria-hidden className="search-bar__icon" />
        <input
          type="search"
          className="search-bar__input"
          placeholder="Search Notes Here"
          aria-label="Search notes"
          value={state.query}
          onChange={(e) => dispatch({ type: 'setQuery', query: e.target.value })}
        />
        {state.query && (
          <button
            type="button"
            className="icon-button"
            aria-label="Clear search"
            onClick={() => dispatch({ type: 'setQuery', query: '' })}
          >
            <X size={18} aria-hidden />
          </button>
        )}
        <button
          ref={toggleRef}
          type="button"
          className={filterOpen ? 'icon-button icon-button--active' : 'icon-button'}
          aria-label="Filters"
          aria-describedby="sort-shown"
          aria-expanded={filterOpen}
          onClick={toggleFilter}
        >
          <SlidersHorizontal size={18} aria-hidden />
        </button>
        <button
          type="button"
          className="icon-button"
          aria-label="New note"
          onClick={() => {
            setFilterOpen(false);
            onAddNote();
          }}
        >
          <Plus size={20} aria-hidden />
        </button>
      </div>
      <p id="sort-shown" className="sort-shown">
        Sorted by {sortName(state.sortBy)}
      </p>
      {filterOpen && <FilterPanel labels={labels} />}
    </div>
  );
}
