import { aNote } from '../../../test-support/fake-server';
import { canonicalFilter, compareNotes, matchesFilter } from './note-rules';

const milk = aNote({ id: 'a', title: 'Milk', textContent: 'two litres', tags: ['home'] });
const plan = aNote({ id: 'b', title: 'Plan', textContent: 'buy Milk', priority: 'HIGH' });

describe('matchesFilter (spec §9)', () => {
  it('finds a trimmed, case-sensitive substring of the title or the text', () => {
    expect(matchesFilter(milk, { search: ' Milk ' })).toBe(true);
    expect(matchesFilter(plan, { search: 'Milk' })).toBe(true);
    expect(matchesFilter(milk, { search: 'milk' })).toBe(false);
    expect(matchesFilter(milk, { search: '   ' })).toBe(true);
  });

  it('keeps a note with any of the labels, and only the chosen priority', () => {
    expect(matchesFilter(milk, { tags: ['work', 'home'] })).toBe(true);
    expect(matchesFilter(plan, { tags: ['home'] })).toBe(false);
    expect(matchesFilter(milk, { tags: [] })).toBe(true);
    expect(matchesFilter(plan, { priority: 'HIGH' })).toBe(true);
    expect(matchesFilter(milk, { priority: 'HIGH' })).toBe(false);
  });
});

describe('compareNotes', () => {
  const notes = [
    aNote({ id: '1', createdAt: '2026-01-02T00:00:00.000Z', priority: 'LOW' }),
    aNote({ id: '2', createdAt: '2026-01-03T00:00:00.000Z' }),
    aNote({ id: '3', createdAt: '2026-01-01T00:00:00.000Z', priority: 'HIGH' }),
    aNote({ id: '4', createdAt: '2026-01-03T00:00:00.000Z', priority: 'HIGH' }),
  ];
  const order = (sort?: Parameters<typeof compareNotes>[0]) =>
    [...notes].sort(compareNotes(sort)).map((n) => n.id);

  it('orders by date, newest first by default, ties by id as the server does', () => {
    expect(order()).toEqual(['4', '2', '1', '3']);
    expect(order('DATE_OLDEST')).toEqual(['3', '1', '2', '4']);
  });

  it('groups by priority, no priority last, newest first within a group', () => {
    expect(order('PRIORITY_HIGH_TO_LOW')).toEqual(['4', '3', '1', '2']);
    expect(order('PRIORITY_LOW_TO_HIGH')).toEqual(['1', '4', '3', '2']);
  });
});

describe('canonicalFilter', () => {
  it('drops empty parts and the default sort, and sorts the labels', () => {
    expect(canonicalFilter({ search: ' ', tags: [], sort: 'DATE_LATEST' })).toEqual({});
    expect(canonicalFilter({ tags: ['b', 'a', 'b'], search: ' x ', priority: 'LOW' })).toEqual({
      search: 'x',
      tags: ['a', 'b'],
      priority: 'LOW',
    });
  });
});
