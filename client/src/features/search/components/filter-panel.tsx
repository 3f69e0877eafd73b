import { useSearch } from '../hooks/search-context';
import type { DateSort, PriorityOption } from '../hooks/search-state';

const DATE_OPTIONS: { value: DateSort; label: string }[] = [
  { value: 'latest', label: 'Latest' },
  { value: 'oldest', label: 'Oldest' },
];

const PRIORITY_OPTIONS: { value: PriorityOption; label: string }[] = [
  { value: 'low', label: 'Low' },
  { value: 'medium', label: 'Medium' },
  { value: 'high', label: 'High' },
  { value: 'low-to-high', label: 'Low To High' },
  { value: 'high-to-low', label: 'High To Low' },
];

/** The Filters panel: date sort, priority filter or ordering, tag checkboxes, Clear. */
export function FilterPanel({ labels }: { labels: string[] }) {
  const { state, dispatch } = useSearch();

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
      <fieldset>
        <legend>Sort By Date</legend>
        {DATE_OPTIONS.map((option) => (
          <label key={option.value} className="choice">
            <input
              type="radio"
              name="sort-by-date"
              checked={state.sortBy === option.value}
              onChange={() => dispatch({ type: 'setSortBy', sortBy: option.value })}
            />
            {option.label}
          </label>
        ))}
      </fieldset>
      <fieldset>
        <legend>Sort By Priority</legend>
        {PRIORITY_OPTIONS.map((option) => (
          <label key={option.value} className="choice">
            <input
              type="radio"
              name="sort-by-priority"
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
    </section>
  );
}
