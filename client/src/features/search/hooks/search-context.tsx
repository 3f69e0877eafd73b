import { createContext, useCallback, useContext, useMemo, useReducer } from 'react';
import type { Dispatch, ReactNode } from 'react';
import { toast } from '../../../lib/toast';
import type { NoteFilter } from '../../../gql/graphql';
import { INITIAL_SEARCH, isFiltering, searchReducer, toNoteFilter } from './search-state';
import type { SearchAction, SearchState } from './search-state';
import { useDebounced } from './use-debounced';

/** How long typing must pause before the query goes to the server. */
export const SEARCH_DEBOUNCE_MS = 200;

interface SearchContextValue {
  state: SearchState;
  dispatch: Dispatch<SearchAction>;
  /** The filter to send, with the query debounced. */
  filter: NoteFilter;
  filtering: boolean;
  /** Clears the query and every filter, and says so. */
  clearSearchAndFilters: () => void;
}

const SearchContext = createContext<SearchContextValue | null>(null);

/** Holds the search query and filters shared by the notes and archive pages. */
export function SearchProvider({ children }: { children: ReactNode }) {
  const [state, dispatch] = useReducer(searchReducer, INITIAL_SEARCH);
  const query = useDebounced(state.query, SEARCH_DEBOUNCE_MS);
  const { sortBy, filterPriority, filterTags } = state;
  const filter = useMemo(
    () => toNoteFilter({ query, sortBy, filterPriority, filterTags }),
    [query, sortBy, filterPriority, filterTags],
  );

  const clearSearchAndFilters = useCallback(() => {
    dispatch({ type: 'clearAll' });
    toast.success('Search And Filter Cleared');
  }, []);

  const value = useMemo(
    () => ({ state, dispatch, filter, filtering: isFiltering(filter), clearSearchAndFilters }),
    [state, filter, clearSearchAndFilters],
  );
  return <SearchContext.Provider value={value}>{children}</SearchContext.Provider>;
}

/** The search state. Must be used under `SearchProvider`. */
export function useSearch(): SearchContextValue {
  const value = useContext(SearchContext);
  if (!value) throw new Error('useSearch must be used inside SearchProvider');
  return value;
}
