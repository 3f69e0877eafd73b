import { INITIAL_SEARCH, isFiltering, searchReducer, sortName, toNoteFilter } from './search-state';
import type { SearchAction, SearchState } from './search-state';

const apply = (...actions: SearchAction[]): SearchState =>
  actions.reduce(searchReducer, INITIAL_SEARCH);

describe('searchReducer', () => {
  it('sets the query, sort and priority', () => {
    const state = apply(
      { type: 'setQuery', query: 'milk' },
      { type: 'setSortBy', sortBy: 'oldest' },
      { type: 'setPriority', priority: 'high' },
    );
    expect(state).toEqual({
      query: 'milk',
      sortBy: 'oldest',
      filterPriority: 'high',
      filterTags: [],
    });
  });

  it('toggles tags on and off', () => {
    const state = apply(
      { type: 'toggleTag', tag: 'work' },
      { type: 'toggleTag', tag: 'home' },
      { type: 'toggleTag', tag: 'work' },
    );
    expect(state.filterTags).toEqual(['home']);
  });

  it('keeps the sort apart from the priority filter', () => {
    const state = apply(
      { type: 'setSortBy', sortBy: 'high-to-low' },
      { type: 'setPriority', priority: 'medium' },
    );
    expect(state).toMatchObject({ sortBy: 'high-to-low', filterPriority: 'medium' });
    expect(
      apply({ type: 'setSortBy', sortBy: 'high-to-low' }, { type: 'setSortBy', sortBy: 'oldest' })
        .sortBy,
    ).toBe('oldest');
  });

  it('Clear keeps the query but drops every filter', () => {
    const state = apply(
      { type: 'setQuery', query: 'milk' },
      { type: 'toggleTag', tag: 'work' },
      { type: 'setPriority', priority: 'low' },
      { type: 'setSortBy', sortBy: 'low-to-high' },
      { type: 'clearFilters' },
    );
    expect(state).toEqual({ ...INITIAL_SEARCH, query: 'milk' });
  });

  it('clearAll resets everything', () => {
    const state = apply(
      { type: 'setQuery', query: 'x' },
      { type: 'toggleTag', tag: 'a' },
      { type: 'clearAll' },
    );
    expect(state).toEqual(INITIAL_SEARCH);
  });
});

describe('toNoteFilter', () => {
  it('is empty when nothing is chosen', () => {
    expect(toNoteFilter(INITIAL_SEARCH)).toEqual({});
  });

  it('trims the query and leaves out a blank one', () => {
    expect(toNoteFilter({ ...INITIAL_SEARCH, query: '  milk ' })).toEqual({ search: 'milk' });
    expect(toNoteFilter({ ...INITIAL_SEARCH, query: '   ' })).toEqual({});
  });

  it('maps the date sort', () => {
    expect(toNoteFilter({ ...INITIAL_SEARCH, sortBy: 'latest' }).sort).toBe('DATE_LATEST');
    expect(toNoteFilter({ ...INITIAL_SEARCH, sortBy: 'oldest' }).sort).toBe('DATE_OLDEST');
  });

  it('maps a single priority to the priority filter, keeping the date sort', () => {
    expect(toNoteFilter({ ...INITIAL_SEARCH, sortBy: 'oldest', filterPriority: 'medium' })).toEqual(
      {
        priority: 'MEDIUM',
        sort: 'DATE_OLDEST',
      },
    );
  });

  it('maps the priority orderings, with a priority filter beside them', () => {
    expect(toNoteFilter({ ...INITIAL_SEARCH, sortBy: 'low-to-high' })).toEqual({
      sort: 'PRIORITY_LOW_TO_HIGH',
    });
    expect(
      toNoteFilter({ ...INITIAL_SEARCH, sortBy: 'high-to-low', filterPriority: 'high' }),
    ).toEqual({
      sort: 'PRIORITY_HIGH_TO_LOW',
      priority: 'HIGH',
    });
  });
});

describe('sortName', () => {
  it('names the order shown, newest first (Latest) when none is chosen', () => {
    expect(sortName('')).toBe('Latest');
    expect(sortName('oldest')).toBe('Oldest');
    expect(sortName('high-to-low')).toBe('Priority, High To Low');
  });

  it('sends tags sorted, so the same choice hits the same cache entry', () => {
    expect(toNoteFilter({ ...INITIAL_SEARCH, filterTags: ['work', 'home'] }).tags).toEqual([
      'home',
      'work',
    ]);
  });
});

describe('isFiltering', () => {
  it('is false for no filter or a sort alone', () => {
    expect(isFiltering({})).toBe(false);
    expect(isFiltering({ sort: 'DATE_OLDEST' })).toBe(false);
    expect(isFiltering({ tags: [] })).toBe(false);
  });

  it('is true for a query, a priority or tags', () => {
    expect(isFiltering({ search: 'a' })).toBe(true);
    expect(isFiltering({ priority: 'LOW' })).toBe(true);
    expect(isFiltering({ tags: ['x'] })).toBe(true);
  });
});
