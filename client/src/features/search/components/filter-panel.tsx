import { useSearch } from '../hooks/search-context';
import type { PriorityOption, SortOption } from '../hooks/search-state';

const DATE_SORTS: { value: SortOption; label: string }[] = [
  { value: 'latest', label: 'Latest' },
  { value: 'oldest', label: 'Oldest' },
];

const PRIORITY_SORTS: { value: SortOption; label: string }[] = [
  { value: 'low-to-high', label: 'Low To High' },
  { value: 'high-to-low', label: 'High To Low' },
];

const PRIORITY_FILTERS: { value: PriorityOption; label: string }[] = [
  { value: '', label: 'Any' },
  { value: 'low', label: 'Low' },
  { value: 'medium', label: 'Medium' },
  { value: 'high', label: 'High' },
];

/**
 * The Filters panel: how the notes are ordered ("Sort by": Sort By Date or Sort By Priority, one
 * order at a time, newest first until one is chosen) apart from which notes show ("Filter by":
 * one priority, labels), and Clear.
 */
export function FilterPanel({ labels }: { labels: string[] }) {
  const { state, dispatch } = useSearch();
  const sort = state.sortBy || 'latest';

  const sortChoices = (legend: string, options: typeof DATE_SORTS) => (
    <fieldset>
      <legend>{legend}</legend>
      {options.map((option) => (
        <label key={option.value} className="choice">
          <input
            type="radio"
            name="sort-by"
            checked={sort === option.value}
            onChange={() => dispatch({ type: 'setSortBy', sortBy: option.value })}
          />
          {option.label}
        </label>
      ))}
    </fieldset>
  );

  return (
    <section className="filter-panel" aria-labelledby="filter-panel-title">
      <div className="filter-panel__head">
        <h2 id="filter-panel-title">Filters</h2>
        <button
          type="button"
          className="button button--ghost"
          onClick={() => dispatch({ type: 'clearFilters' })}
        >
          Clear
        </button>
      </div>
      <fieldset className="filter-panel__group">
        <legend>Sort by</legend>
        {sortChoices('Sort By Date', DATE_SORTS)}
        {sortChoices('Sort By Priority', PRIORITY_SORTS)}
      </fieldset>
      <fieldset className="filter-panel__group">
        <legend>Filter by</legend>
        <fieldset>
          <legend>Filter By Priority</legend>
          {PRIORITY_FILTERS.map((option) => (
            <label key={option.value} className="choice">
              <input
                type="radio"
                name="filter-by-priority"
                checked={state.filterPriority === option.value}
                onChange={() => dispatch({ type: 'setPriority', priority: option.value })}
              />
              {option.label}
            </label>
          ))}
        </fieldset>
        <fieldset>
          <legend>Filter By Tags</legend>
          {labels.length === 0 && <p className="muted">No labels yet</p>}
          {labels.map((label) => (
            <label key={label} className="choice">
              <input
                type="checkbox"
                checked={state.filterTags.includes(label)}
                onChange={() => dispatch({ type: 'toggleTag', tag: label })}
              />
              {label}
            </label>
          ))}
        </fieldset>
      </fieldset>
    </section>
  );
}
