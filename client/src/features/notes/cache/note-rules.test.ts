import { aNote } from '../../../test-support/fake-server';
import type { NoteFilter } from '../../../gql/graphql';
import {
  canonicalFilter,
  compareNotes,
  fieldsUsedBy,
  matchesFilter,
  pickListFields,
  type NoteListFields,
} from './note-rules';

const milk = aNote({ id: 'a', title: 'Milk', textContent: 'two litres', tags: ['home'] });
const plan = aNote({ id: 'b', title: 'Plan', textContent: 'buy Milk', priority: 'HIGH' });

describe('matchesFilter (spec §9)', () => {
  it('finds a trimmed substring of the title or the text, whatever the letter case', () => {
    expect(matchesFilter(milk, { search: ' Milk ' })).toBe(true);
    expect(matchesFilter(plan, { search: 'Milk' })).toBe(true);
    expect(matchesFilter(milk, { search: 'milk' })).toBe(true);
    expect(matchesFilter(plan, { search: 'BUY MILK' })).toBe(true);
    expect(matchesFilter(milk, { search: 'milks' })).toBe(false);
    expect(matchesFilter(milk, { search: '   ' })).toBe(true);
  });

  // The same cases as the server's (server/src/services/search.test.ts): both fold alike.
  it.each([
    ['groceries', 'Groceries', true],
    ['GROCERIES', 'my groceries', true],
    ['STRASSE', 'Hauptstraße 5', true],
    ['straße', 'HAUPTSTRASSE 5', true],
    ['ÉTÉ', 'un été chaud', true],
    ['été', 'UN ÉTÉ CHAUD', true],
    ['e\u0301te\u0301', 'un été chaud', true],
    ['ΟΔΟΣ', 'στην οδος', true],
    ['ka', 'KARL', true],
    ['a.b', 'A.B', true],
    ['a.b', 'axb', false],
    ['ete', 'un été chaud', false],
    ['groceriez', 'Groceries', false],
  ])('search %j in %j: %s', (search, text, found) => {
    const note = aNote({ id: 'c', title: 'x', textContent: text });
    expect(matchesFilter(note, { search })).toBe(found);
    expect(matchesFilter(aNote({ id: 'd', title: text, textContent: '' }), { search })).toBe(found);
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

describe('fieldsUsedBy', () => {
  const notes = [
    aNote({ id: '1', title: 'Milk', textContent: 'two litres', tags: ['home'], priority: 'LOW' }),
    aNote({ id: '2', title: 'Plan', textContent: 'buy Milk', priority: 'HIGH', pinned: true }),
    aNote({ id: '3', title: 'Trip', createdAt: '2026-03-01T00:00:00.000Z', tags: ['work'] }),
    aNote({ id: '4', title: 'Trip', createdAt: '2026-03-01T00:00:00.000Z', priority: 'HIGH' }),
    aNote({ id: '5', title: 'Old', createdAt: '2025-01-01T00:00:00.000Z', priority: 'LOW' }),
  ];
  const filters: NoteFilter[] = [
    {},
    { search: 'Milk' },
    { tags: ['home', 'work'] },
    { priority: 'HIGH' },
    { sort: 'DATE_OLDEST' },
    { sort: 'PRIORITY_LOW_TO_HIGH' },
    { sort: 'PRIORITY_HIGH_TO_LOW', search: 'Trip', tags: ['work'] },
  ];
  /** Only the fields `fieldsUsedBy` names, picked as the cache's list read picks them. */
  const only = (note: NoteListFields, filter: NoteFilter): NoteListFields =>
    pickListFields(fieldsUsedBy(filter), (name) => note[name]);

  it.each(filters)('names every field the rules look at for %j', (filter) => {
    const canonical = canonicalFilter(filter);
    const order = compareNotes(canonical.sort);
    for (const a of notes) {
      expect(matchesFilter(only(a, canonical), canonical)).toBe(matchesFilter(a, canonical));
      for (const b of notes) {
        expect(Math.sign(order(only(a, canonical), only(b, canonical)))).toBe(
          Math.sign(order(a, b)),
        );
      }
    }
  });

  it('leaves the text out of an unfiltered list', () => {
    expect(fieldsUsedBy({})).not.toEqual(expect.arrayContaining(['title']));
    expect(fieldsUsedBy({})).not.toEqual(expect.arrayContaining(['textContent']));
  });
});
