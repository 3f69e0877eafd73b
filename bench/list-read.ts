/**
 * A card action with 10,000 notes in the Apollo cache: a note on the first page pinned or
 * unpinned, then the main list read again as the app asks for it (its first page). What the cache
 * does for every card action and every change from the live feed once a user's saved cache
 * (issue 15) holds that many. Jotter's list rules (note-cache.ts: the change put where it now
 * sorts, the read walking the list up to `first`) beside the floor: the same change and read in
 * a cache with no list rules that holds only the page read. Node, no browser: only the cache's
 * work.
 */
import { InMemoryCache } from '@apollo/client';

import { noteTypePolicies, placeInLists } from '../client/src/features/notes/cache/note-cache';
import { NoteFieldsFragment, type Note } from '../client/src/features/notes/api/note-fields';
import { NotesListDocument } from '../client/src/features/notes/api/note-queries';
import { PAGE_SIZE } from '../client/src/features/notes/cache/prefetch';
import { aNote } from '../client/src/test-support/fake-server';
import { quantile, type Figure } from './lib/stats';

const NOTES = 10_000;
const variables = { filter: {}, first: PAGE_SIZE };

/** Milliseconds of each change and read, `runs` times after 3 unmeasured. */
function actions(rules: boolean, cached: number, runs: number): number[] {
  const cache = new InMemoryCache({ typePolicies: rules ? noteTypePolicies : {} });
  const start = Date.UTC(2026, 0, 1);
  const nodes = Array.from({ length: cached }, (_, i) =>
    aNote({
      id: `n${i}`,
      title: `Note ${i}`,
      textContent: 'a body of about a thousand characters '.repeat(26),
      createdAt: new Date(start + (NOTES - i) * 60_000).toISOString(),
    }),
  );
  const pageInfo = { __typename: 'PageInfo' as const, endCursor: 'end', hasNextPage: false };
  cache.writeQuery({
    query: NotesListDocument,
    variables,
    data: { __typename: 'Query', list: { __typename: 'NoteConnection', nodes, pageInfo } },
  });
  const times: number[] = [];
  for (let i = 0; i < runs + 3; i += 1) {
    const note: Note = { ...nodes[(i * 7) % PAGE_SIZE]!, pinned: i % 2 === 0 };
    const t0 = performance.now();
    cache.writeFragment({ fragment: NoteFieldsFragment, fragmentName: 'NoteFields', data: note });
    if (rules) placeInLists(cache, note);
    const read = cache.readQuery({ query: NotesListDocument, variables });
    const elapsed = performance.now() - t0;
    if (read?.list.nodes.length !== PAGE_SIZE) throw new Error('the list lost notes');
    if (i >= 3) times.push(elapsed);
  }
  return times;
}

export function listReadFigures(quick: boolean): Figure[] {
  const runs = quick ? 20 : 100;
  const ours: number[] = [];
  const bare: number[] = [];
  // Alternating, so a drift of the host's load touches both alike.
  for (let round = 0; round < 2; round += 1) {
    ours.push(...actions(true, NOTES, runs));
    bare.push(...actions(false, PAGE_SIZE, runs));
  }
  const value = quantile(ours, 0.5);
  const baseline = quantile(bare, 0.5);
  return [
    {
      section: 'client',
      figure: `a note on the first page pinned or unpinned, then the main list's first page read again, 10,000 notes cached, p50 (${ours.length} changes; baseline: the same in a cache with no list rules holding only that page)`,
      value,
      unit: 'ms',
      baseline,
      ratio: baseline / value,
      target: 'report',
      holds: null,
    },
  ];
}
