import type { ApolloClient, TypedDocumentNode } from '@apollo/client';
import { prepareDateTimeFormat } from '../../../lib/date-time';
import type { NoteFilter, NoteLocation, NotesListQuery } from '../../../gql/graphql';
import { filterOf, LIST_PLACE } from './note-cache';
import { LabelsDocument, LIST_DOCUMENT } from '../api/note-queries';
import { canonicalFilter, compareNotes, matchesFilter, type NoteListFields } from './note-rules';

/**
 * Notes a list asks for first: more than a wide screen's first screen and a half (the masonry
 * grid's three or four columns of short cards, under the one-line new-note area), so the list does
 * not ask for a second page before the user scrolls; a phone's several screens. Every note of the
 * answer is written to the cache and read back before the first card is drawn, so a first page
 * larger than the screen only delays it.
 */
export const FIRST_PAGE_SIZE = 24;

/** Notes fetched per page after the first, as the user scrolls. */
export const PAGE_SIZE = 30;

/** What a list asks for on arrival: no search, no filter, the first page. */
export const firstPageVariables = (location: NoteLocation) =>
  location === 'TRASH' ? { first: FIRST_PAGE_SIZE } : { filter: {}, first: FIRST_PAGE_SIZE };

/**
 * Asks the server for a list's first page and the labels (Apollo's prefetching: `client.query`),
 * from a route loader, before the page's code has loaded. The answers land in the cache, where
 * the page's own queries find them; a failure is left to those queries to report. Meanwhile, the
 * cards' date format is made, so the first cards' render does not wait for it.
 */
export function prefetchFirstPage(client: ApolloClient, location: NoteLocation): void {
  const list = LIST_DOCUMENT[location] as TypedDocumentNode<NotesListQuery, object>;
  const ignore = () => undefined;
  client
    .query({ query: list, variables: firstPageVariables(location), fetchPolicy: 'network-only' })
    .catch(ignore);
  if (location !== 'TRASH') {
    client.query({ query: LabelsDocument, fetchPolicy: 'network-only' }).catch(ignore);
  }
  prepareDateTimeFormat();
}

interface SavedList {
  nodes?: { __ref?: string }[];
  pageInfo?: Record<string, unknown>;
}

/** A list entry's filter, from its field name in the cache (`notes:{"search":"milk"}`). */
function savedFilter(storeFieldName: string, fieldName: string): NoteFilter {
  // Read from storage, so whatever it holds: a name that does not parse is no filter.
  try {
    return canonicalFilter(filterOf(fieldName, storeFieldName));
  } catch {
    return {};
  }
}

/**
 * What of a saved cache (`cache.extract()`) the first screen does without, so a repeat visit
 * draws its first cards without first reading back every note:
 * - `entities`: the notes past the first `PAGE_SIZE` of every cached list (for each list entry,
 *   its notes in that place matching its filter, in its order, the rules of note-rules.ts the
 *   cache's lists follow). That is more than a list's first page, which a wide screen outgrows
 *   at once;
 * - `shortened`: each list entry longer than that, cut to those notes. It says it has no next
 *   page, so the list asks the server for none meanwhile: its whole value comes back with the
 *   rest, unless the server's answer has replaced it by then.
 */
export function notesAfterFirstPage(data: Readonly<Record<string, unknown>>): {
  entities: Set<string>;
  shortened: Record<string, SavedList>;
} {
  const root = (data.ROOT_QUERY ?? {}) as Record<string, SavedList>;
  const firstPages = new Set<string>();
  const shortened: Record<string, SavedList> = {};
  for (const [storeFieldName, list] of Object.entries(root)) {
    const fieldName = /^\w+/.exec(storeFieldName)?.[0] ?? '';
    const location = LIST_PLACE[fieldName];
    if (!location || !Array.isArray(list?.nodes)) continue;
    const filter = savedFilter(storeFieldName, fieldName);
    const notes: (NoteListFields & { ref: string })[] = [];
    for (const { __ref: ref } of list.nodes) {
      const note = ref
        ? (data[ref] as (NoteListFields & { location?: string }) | undefined)
        : undefined;
      if (ref && note?.location === location && matchesFilter(note, filter))
        notes.push({ ...note, ref });
    }
    const order = compareNotes(filter.sort);
    notes.sort(order);
    const firstPage = new Set(notes.slice(0, PAGE_SIZE).map((note) => note.ref));
    for (const ref of firstPage) firstPages.add(ref);
    if (list.nodes.length > firstPage.size) {
      shortened[storeFieldName] = {
        ...list,
        nodes: list.nodes.filter((node) => node.__ref !== undefined && firstPage.has(node.__ref)),
        pageInfo: { ...list.pageInfo, hasNextPage: false },
      };
    }
  }
  const entities = new Set(
    Object.keys(data).filter((id) => id.startsWith('Note:') && !firstPages.has(id)),
  );
  return { entities, shortened };
}
