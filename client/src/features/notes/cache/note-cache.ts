import type {
  ApolloCache,
  FieldPolicy,
  Reference,
  StoreObject,
  TypePolicies,
} from '@apollo/client';
import type { ModifierDetails } from '@apollo/client/cache';
import type { NoteFilter, NoteLocation } from '../../../gql/graphql';
import type { Note } from '../api/note-fields';
import {
  canonicalFilter,
  compareNotes,
  fieldsUsedBy,
  matchesFilter,
  pickListFields,
  type NoteListFields,
} from './note-rules';

/**
 * How the Apollo cache holds the three lists. Each list field (`notes`, `archives`, `trash`)
 * keeps one entry per filter: its notes in the list's order, the pages fetched so far joined.
 * The order is kept as notes are written, not worked out as they are read: every change to a
 * note goes through `placeInLists`, which takes it out of the lists it has left and puts it where
 * it now sorts in the lists it belongs to (a few notes read, however long the list). A read then
 * walks the entry from the start and stops at the query's `first`: drawing 30 cards costs 30
 * notes read, not 10,000, when the saved cache holds that many. The walk still leaves out a note
 * no longer in the list's place or filter, whatever wrote it.
 */

/** The query field holding each place's list. */
export const LIST_FIELD: Record<NoteLocation, 'notes' | 'archives' | 'trash'> = {
  NOTES: 'notes',
  ARCHIVE: 'archives',
  TRASH: 'trash',
};

/** The place each list field holds: {@link LIST_FIELD} the other way round. */
export const LIST_PLACE: Record<string, NoteLocation> = Object.fromEntries(
  Object.entries(LIST_FIELD).map(([place, field]) => [field, place as NoteLocation]),
);

interface CachedConnection {
  nodes: readonly Reference[];
  pageInfo: { endCursor: string | null; hasNextPage: boolean };
}

type ReadField = (fieldName: string, from: Reference | StoreObject) => unknown;

/**
 * The fields the list rules look at (`names`, from `fieldsUsedBy`), read from the cache; the
 * others are left empty, and the list does not depend on them.
 */
const listFields = (
  ref: Reference | StoreObject,
  readField: ReadField,
  names: readonly (keyof NoteListFields)[],
) => pickListFields(names, (name) => readField(name, ref));

/**
 * An entry's key: the canonical filter as JSON, so the entry's filter can be read back from its
 * field name (`notes:{"search":"milk"}`) when a note is placed.
 */
const keyOf = (filter: NoteFilter | null | undefined) => JSON.stringify(canonicalFilter(filter));

/** A list entry's filter, read back from its field name in the cache (`notes:{"search":"milk"}`). */
export function filterOf(fieldName: string, storeFieldName: string): NoteFilter {
  if (storeFieldName === fieldName) return {};
  return JSON.parse(storeFieldName.slice(fieldName.length + 1)) as NoteFilter;
}

function listPolicy(location: NoteLocation): FieldPolicy<CachedConnection> {
  return {
    keyArgs: (args) => keyOf(args?.filter as NoteFilter | undefined),
    // A page fetched with `after` is appended; a fetch from the start replaces the entry.
    merge(existing, incoming, { args, readField }) {
      if (!existing || !args?.after) return incoming;
      const seen = new Set(existing.nodes.map((ref) => readField<string>('id', ref)));
      const fresh = incoming.nodes.filter((ref) => !seen.has(readField<string>('id', ref)));
      return { ...incoming, nodes: [...existing.nodes, ...fresh] };
    },
    // The entry's notes in order, up to `first`, leaving out any that left the list meanwhile.
    // It says there is a next page when the cache holds more of the entry or the server does.
    read(existing, { args, readField }) {
      if (!existing) return undefined;
      const filter = canonicalFilter(args?.filter as NoteFilter | undefined);
      const names = fieldsUsedBy(filter);
      const wanted = typeof args?.first === 'number' ? args.first : Infinity;
      const nodes: Reference[] = [];
      let next = 0;
      for (; next < existing.nodes.length && nodes.length < wanted; next += 1) {
        const ref = existing.nodes[next]!;
        // A note no longer in the cache has no location either: it is left out with the others.
        if (readField('location', ref) !== location) continue;
        if (matchesFilter(listFields(ref, readField, names), filter)) nodes.push(ref);
      }
      const more = next < existing.nodes.length || existing.pageInfo.hasNextPage;
      return { ...existing, nodes, pageInfo: { ...existing.pageInfo, hasNextPage: more } };
    },
  };
}

/** The type policies the notes lists need; the app gives them to its cache. */
export const noteTypePolicies: TypePolicies = {
  Query: {
    fields: {
      notes: listPolicy('NOTES'),
      archives: listPolicy('ARCHIVE'),
      trash: listPolicy('TRASH'),
    },
  },
};

/**
 * Puts a note (already written to the cache) where it now belongs in every cached list: out of
 * the lists it has left (its place or its text, labels or priority changed), and where it sorts
 * in each list of its place whose filter it matches. A note sorting after the last loaded note
 * of an unfinished list waits for its page instead. Finding the spot reads a few of the list's
 * notes (a binary search over the order the lists keep), never the whole list.
 */
export function placeInLists(cache: ApolloCache, note: Note): void {
  const ref = cache.identify(note);
  if (!ref) return;
  const fields: NoteListFields = note;
  const place = (value: unknown, details: ModifierDetails): unknown => {
    const connection = value as CachedConnection | undefined;
    if (!connection?.nodes) return value;
    const { fieldName, storeFieldName, readField, toReference } = details;
    const filter = filterOf(fieldName, storeFieldName);
    const at = connection.nodes.findIndex((node) => node.__ref === ref);
    const others = at < 0 ? connection.nodes : connection.nodes.toSpliced(at, 1);
    const without = at < 0 ? connection : { ...connection, nodes: others };
    if (note.location !== LIST_PLACE[fieldName] || !matchesFilter(fields, filter)) return without;
    const order = compareNotes(filter.sort);
    const names = fieldsUsedBy(filter);
    // The first note that sorts after this one.
    let low = 0;
    let high = others.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (order(listFields(others[middle]!, readField, names), fields) <= 0) low = middle + 1;
      else high = middle;
    }
    if (low === at) return connection;
    if (low === others.length && connection.pageInfo.hasNextPage) return without;
    const node = toReference(ref);
    return node ? { ...connection, nodes: others.toSpliced(low, 0, node) } : without;
  };
  cache.modify({ id: 'ROOT_QUERY', fields: { notes: place, archives: place, trash: place } });
}

/**
 * Drops a note deleted for good: out of every list, then out of the cache. (An optimistic update
 * can change the lists but cannot evict what it did not write, so both steps are needed.)
 */
export function forgetNote(cache: ApolloCache, id: string): void {
  const ref = cache.identify({ __typename: 'Note', id });
  const without = (value: unknown) => {
    const connection = value as CachedConnection;
    return { ...connection, nodes: connection.nodes.filter((node) => node.__ref !== ref) };
  };
  cache.modify({ id: 'ROOT_QUERY', fields: { notes: without, archives: without, trash: without } });
  cache.evict({ id: ref });
}

/**
 * Every note of `location` the cache holds that `filter` matches, in the list's order (spec §9's
 * rules, as the server applies them): what a search or filter made offline can show.
 */
export function cachedMatches(
  cache: ApolloCache,
  location: NoteLocation,
  filter: NoteFilter | undefined,
): Note[] {
  const canonical = canonicalFilter(filter);
  const stored = cache.extract() as Record<string, unknown>;
  const notes = Object.entries(stored)
    .filter(([id]) => id.startsWith('Note:'))
    .map(([, note]) => note as Note)
    .filter((note) => note.location === location && matchesFilter(note, canonical));
  return notes.sort(compareNotes(canonical.sort));
}

/** Drops a list's cached entry, so the next read asks the server for it afresh. */
export function forgetList(
  cache: ApolloCache,
  location: NoteLocation,
  filter: NoteFilter | undefined,
): void {
  cache.evict({
    id: 'ROOT_QUERY',
    fieldName: LIST_FIELD[location],
    args: location === 'TRASH' ? {} : { filter: filter ?? {} },
  });
}
