import type { NoteFilter } from '../../../gql/graphql';

/** Sort By Date choice; empty means the default (newest first). */
export type DateSort = '' | 'latest' | 'oldest';

/** Sort By Priority choice: keep only one priority, or order by priority. */
export type PriorityOption = '' | 'low' | 'medium' | 'high' | 'low-to-high' | 'high-to-low';

/** The search query and the filter panel's choices. */
export interface SearchState {
  query: string;
  sortBy: DateSort;
  filterPriority: PriorityOption;
  filterTags: string[];
}

/** Everything the search bar and filter panel can do to the state. */
export type SearchAction =
  | { type: 'setQuery'; query: string }
  | { type: 'setSortBy'; sortBy: DateSort }
  | { type: 'setPriority'; priority: PriorityOption }
  | { type: 'toggleTag'; tag: string }
  /** A label chosen in the sidebar: the notes with that label, nothing else filtered. */
  | { type: 'showLabel'; tag: string }
  | { type: 'clearFilters' }
  | { type: 'clearAll' };

/** No query, no filters. */
export const INITIAL_SEARCH: SearchState = {
  query: '',
  sortBy: '',
  filterPriority: '',
  filterTags: [],
};

/** Pure reducer for the search and filter state. */
export function searchReducer(state: SearchState, action: SearchAction): SearchState {
  switch (action.type) {
    case 'setQuery':
      return { ...state, query: action.query };
    case 'setSortBy':
      return { ...state, sortBy: action.sortBy };
    case 'setPriority':
      return { ...state, filterPriority: action.priority };
    case 'toggleTag':
      return {
        ...state,
        filterTags: state.filterTags.includes(action.tag)
          ? state.filterTags.filter((t) => t !== action.tag)
          : [...state.filterTags, action.tag],
      };
    case 'showLabel':
      return { ...INITIAL_SEARCH, filterTags: [action.tag] };
    case 'clearFilters':
      return { ...INITIAL_SEARCH, query: state.query };
    case 'clearAll':
      return INITIAL_SEARCH;
  }
}

const PRIORITY_ONLY = { low: 'LOW', medium: 'MEDIUM', high: 'HIGH' } as const;

/**
 * The GraphQL `NoteFilter` for a state. A priority ordering takes the sort slot over the date
 * sort; a single priority is a filter. Empty parts are left out, so "no filter" is `{}`.
 */
export function toNoteFilter(state: SearchState): NoteFilter {
  const filter: NoteFilter = {};
  const search = state.query.trim();
  if (search) filter.search = search;
  if (state.filterTags.length > 0) filter.tags = [...state.filterTags].sort();
  const priority = state.filterPriority;
  if (priority === 'low' || priority === 'medium' || priority === 'high') {
    filter.priority = PRIORITY_ONLY[priority];
  }
  if (priority === 'low-to-high') filter.sort = 'PRIORITY_LOW_TO_HIGH';
  else if (priority === 'high-to-low') filter.sort = 'PRIORITY_HIGH_TO_LOW';
  else if (state.sortBy === 'latest') filter.sort = 'DATE_LATEST';
  else if (state.sortBy === 'oldest') filter.sort = 'DATE_OLDEST';
  return filter;
}

/** True when the query or a filter can hide notes (sorting alone hides nothing). */
export function isFiltering(filter: NoteFilter): boolean {
  return Boolean(filter.search || filter.priority || (filter.tags && filter.tags.length > 0));
}
