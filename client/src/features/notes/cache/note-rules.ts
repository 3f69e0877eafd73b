import type { NoteFilter, NoteSort, Priority } from '../../../gql/graphql';

/**
 * Spec §9's list rules as the server applies them (server/src/store/note-lists.ts), so the cache
 * can place a changed note in the lists it holds without asking the server again.
 */

/** The fields a filter and a sort look at. */
export interface NoteListFields {
  id: string;
  pinned?: boolean;
  title: string;
  textContent: string;
  tags: readonly string[];
  priority?: Priority | null;
  createdAt: string;
}

/**
 * Text as search compares it, the server's way (server/src/store/search-text.ts, the same
 * steps): upper-cased then lower-cased, so "straße" and "STRASSE" both read "strasse" and "ÉTÉ"
 * reads "été"; a final sigma as any other; composed (NFC).
 */
export const foldCase = (text: string): string =>
  text.normalize('NFC').toUpperCase().toLowerCase().replaceAll('ς', 'σ').normalize('NFC');

/** Any character outside ASCII (which folds to its lower case). */
const nonAscii = /[^\p{ASCII}]/u;

/**
 * A test of whether a text holds `query`, whatever the letter case (both folded by foldCase).
 * An ASCII text folds to its lower case, which a case-insensitive RegExp reads without making a
 * folded copy: with 10,000 notes cached, copying every text on every keystroke cost about four
 * times the search itself.
 */
export function textMatcher(query: string): (text: string) => boolean {
  const folded = foldCase(query);
  const ascii = nonAscii.test(folded)
    ? null
    : new RegExp(folded.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i');
  return (text) =>
    nonAscii.test(text) ? foldCase(text).includes(folded) : ascii !== null && ascii.test(text);
}

/** The matcher of the latest search: a list is filtered note by note with one query. */
let latest: { query: string; test: (text: string) => boolean } | undefined;

function matcherFor(query: string): (text: string) => boolean {
  if (latest?.query !== query) latest = { query, test: textMatcher(query) };
  return latest.test;
}

/**
 * Whether a note belongs in a list with this filter: search (a substring of the title or the
 * plain text, whatever the letter case), any of the tags, the priority.
 */
export function matchesFilter(note: NoteListFields, filter: NoteFilter): boolean {
  const search = filter.search?.trim();
  if (search) {
    const holds = matcherFor(search);
    if (!holds(note.title) && !holds(note.textContent)) return false;
  }
  if (filter.tags?.length && !filter.tags.some((tag) => note.tags.includes(tag))) return false;
  if (filter.priority && note.priority !== filter.priority) return false;
  return true;
}

/** Rank of a priority in "low to high" order; no priority comes last in both orders. */
const LOW_TO_HIGH: Record<Priority, number> = { LOW: 1, MEDIUM: 2, HIGH: 3 };
const HIGH_TO_LOW: Record<Priority, number> = { HIGH: 1, MEDIUM: 2, LOW: 3 };
const NO_PRIORITY = 4;

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Newest first, ties broken by id (descending), as the server orders them. */
const newestFirst = (a: NoteListFields, b: NoteListFields) =>
  byText(b.createdAt, a.createdAt) || byText(b.id, a.id);

function byPriority(ranks: Record<Priority, number>) {
  const rank = (note: NoteListFields) => (note.priority ? ranks[note.priority] : NO_PRIORITY);
  return (a: NoteListFields, b: NoteListFields) => rank(a) - rank(b) || newestFirst(a, b);
}

function withinGroup(sort: NoteSort | null | undefined) {
  switch (sort) {
    case 'DATE_OLDEST':
      return (a: NoteListFields, b: NoteListFields) => newestFirst(b, a);
    case 'PRIORITY_LOW_TO_HIGH':
      return byPriority(LOW_TO_HIGH);
    case 'PRIORITY_HIGH_TO_LOW':
      return byPriority(HIGH_TO_LOW);
    default:
      return newestFirst;
  }
}

/**
 * A comparator putting notes in a list's order: pinned notes first, then the others, each group
 * in the chosen order (newest first when no sort is given).
 */
export function compareNotes(sort: NoteSort | null | undefined) {
  const order = withinGroup(sort);
  return (a: NoteListFields, b: NoteListFields) =>
    Number(Boolean(b.pinned)) - Number(Boolean(a.pinned)) || order(a, b);
}

/**
 * The fields `matchesFilter` and `compareNotes` look at for this filter (and its sort). A list
 * read from the cache reads only these for each of its notes: with thousands of notes cached,
 * reading the others would cost as much again, for nothing.
 */
export function fieldsUsedBy(filter: NoteFilter): (keyof NoteListFields)[] {
  const fields: (keyof NoteListFields)[] = ['id', 'pinned', 'createdAt'];
  if (filter.search?.trim()) fields.push('title', 'textContent');
  if (filter.tags?.length) fields.push('tags');
  if (
    filter.priority ||
    filter.sort === 'PRIORITY_LOW_TO_HIGH' ||
    filter.sort === 'PRIORITY_HIGH_TO_LOW'
  ) {
    fields.push('priority');
  }
  return fields;
}

/** A note's list fields named in `names` (from `fieldsUsedBy`), as `read` gives them; the others empty. */
export function pickListFields(
  names: readonly (keyof NoteListFields)[],
  read: (name: keyof NoteListFields) => unknown,
): NoteListFields {
  const fields: NoteListFields = { id: '', title: '', textContent: '', tags: [], createdAt: '' };
  for (const name of names) {
    const value = read(name);
    if (value !== undefined) Object.assign(fields, { [name]: value });
  }
  return fields;
}

/**
 * A filter with its empty parts left out, its labels sorted and the default sort dropped: two
 * filters that give the same list are equal here (and share one cache entry).
 */
export function canonicalFilter(filter: NoteFilter | null | undefined): NoteFilter {
  const canonical: NoteFilter = {};
  const search = filter?.search?.trim();
  if (search) canonical.search = search;
  if (filter?.tags?.length) canonical.tags = [...new Set(filter.tags)].sort();
  if (filter?.priority) canonical.priority = filter.priority;
  if (filter?.sort && filter.sort !== 'DATE_LATEST') canonical.sort = filter.sort;
  return canonical;
}
