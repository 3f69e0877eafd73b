import type { NoteFilter } from '../../../gql/graphql';

/**
 * The order: by date (Sort By Date) or grouped by priority (Sort By Priority); empty means the
 * default, newest first. One order at a time.
 */
export type SortOption = '' | 'latest' | 'oldest' | 'low-to-high' | 'high-to-low';

/** The priority filter: only the notes of one priority, or (empty) every note. */
export type PriorityOption = '' | 'low' | 'medium' | 'high';

/** The search query and the filter panel's choices: the sort apart from the filters. */
export interface SearchState {
  query: string;
  sortBy: SortOption;
  filterPriority: PriorityOption;
  filterTags: string[];
}

/** Everything the search bar and filter panel can do to the state. */
export type SearchAction =
  | { type: 'setQuery'; query: string }
  | { type: 'setSortBy'; sortBy: SortOption }
  | { type: 'setPriority'; priority: PriorityOption }
  | { type: 'toggleTag'; tag: string }
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
    case 'clearFilters':
      return { ...INITIAL_SEARCH, query: state.query };
    case 'clearAll':
      return INITIAL_SEARCH;
  }
}

const PRIORITY_ONLY = { low: 'LOW', medium: 'MEDIUM', high: 'HIGH' } as const;

const SORTS = {
  latest: 'DATE_LATEST',
  oldest: 'DATE_OLDEST',
  'low-to-high': 'PRIORITY_LOW_TO_HIGH',
  'high-to-low': 'PRIORITY_HIGH_TO_LOW',
} as const;

/** The sorts' names, as the Filters panel has them. */
const SORT_NAMES: Record<Exclude<SortOption, ''>, string> = {
  latest: 'Latest',
  oldest: 'Oldest',
  'low-to-high': 'Priority, Low To High',
  'high-to-low': 'Priority, High To Low',
};

/** The order shown, in the Filters panel's words: "Latest" when none is chosen (newest first). */
export function sortName(sortBy: SortOption): string {
  return SORT_NAMES[sortBy || 'latest'];
}

/**
 * The GraphQL `NoteFilter` for a state: the sort, and the priority and tag filters. Empty parts
 * are left out, so "no filter" is `{}`.
 */
export function toNoteFilter(state: SearchState): NoteFilter {
  const filter: NoteFilter = {};
  const search = state.query.trim();
  if (search) filter.search = search;
  if (state.filterTags.length > 0) filter.tags = [...state.filterTags].sort();
  if (state.filterPriority) filter.priority = PRIORITY_ONLY[state.filterPriority];
  if (state.sortBy) filter.sort = SORTS[state.sortBy];
  return filter;
}

/** True when the query or a filter can hide notes (sorting alone hides nothing). */
export function isFiltering(filter: NoteFilter): boolean {
  return Boolean(filter.search || filter.priority || (filter.tags && filter.tags.length > 0));
}
