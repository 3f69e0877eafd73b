import type {
  ApolloCache,
  FieldPolicy,
  Reference,
  StoreObject,
  TypePolicies,
} from '@apollo/client';
import type { NoteFilter, NoteLocation } from '../../../gql/graphql';
import type { Note } from './note-fields';
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
 * keeps one entry per filter, holding the pages fetched so far. Reading an entry shows only the
 * notes that belong there now, in the list's order: a note whose `location`, labels or text
 * changed in the cache (an optimistic answer, a mutation's answer, another tab's change) leaves
 * or re-sorts every list at once, without a request; `placeInLists` adds a note to the lists it
 * has joined.
 */

/** The query field holding each place's list. */
export const LIST_FIELD: Record<NoteLocation, 'notes' | 'archives' | 'trash'> = {
  NOTES: 'notes',
  ARCHIVE: 'archives',
  TRASH: 'trash',
};

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

function filterOf(fieldName: string, storeFieldName: string): NoteFilter {
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
    read(existing, { args, readField }) {
      if (!existing) return undefined;
      const filter = canonicalFilter(args?.filter as NoteFilter | undefined);
      const names = fieldsUsedBy(filter);
      // A note no longer in the cache has no location either: it is left out with the others.
      const belongs = existing.nodes
        .filter((ref) => readField('location', ref) === location)
        .map((ref) => ({ ref, fields: listFields(ref, readField, names) }))
        .filter(({ fields }) => matchesFilter(fields, filter));
      const order = compareNotes(filter.sort);
      belongs.sort((a, b) => order(a.fields, b.fields));
      return { ...existing, nodes: belongs.map(({ ref }) => ref) };
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
 * Adds a note (already written to the cache) to every cached list of its place whose filter it
 * matches: where it sorts among the pages loaded so far, or at the end when the list is complete.
 * A note sorting after the last loaded note of an unfinished list waits for its page instead.
 */
export function placeInLists(cache: ApolloCache, note: Note): void {
  const ref = cache.identify(note);
  if (!ref) return;
  const fields: NoteListFields = { ...note, tags: note.tags };
  cache.modify<Record<string, CachedConnection>>({
    id: 'ROOT_QUERY',
    fields: {
      [LIST_FIELD[note.location]]: (value, details) => {
        const { fieldName, storeFieldName, readField, canRead, toReference } = details;
        const connection = value as CachedConnection;
        const filter = filterOf(fieldName, storeFieldName);
        if (!matchesFilter(fields, filter)) return connection;
        if (connection.nodes.some((node) => node.__ref === ref)) return connection;
        const last = connection.nodes.findLast((node) => canRead(node));
        if (
          connection.pageInfo.hasNextPage &&
          last &&
          compareNotes(filter.sort)(fields, listFields(last, readField, fieldsUsedBy(filter))) > 0
        ) {
          return connection;
        }
        const node = toReference(ref);
        return node ? { ...connection, nodes: [...connection.nodes, node] } : connection;
      },
    },
  });
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
