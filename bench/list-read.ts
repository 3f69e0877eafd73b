/**
 * The main list read again from the Apollo cache with 10,000 notes in it, after one note's title
 * changed: what the cache does for every card action and every change from the live feed once a
 * user's saved cache (issue 15) holds that many. Jotter's list rules (note-cache.ts: a list shows
 * the notes in its place now, filtered and in order) beside the baseline: the same cache, query and
 * notes with no rules, the stored pages read as they are. Node, no browser: only the cache's work.
 */
import { InMemoryCache, type TypePolicies } from '@apollo/client';
import { parse } from 'graphql';

import { noteTypePolicies } from '../client/src/features/notes/api/note-cache';
import { NotesListDocument } from '../client/src/features/notes/api/note-queries';
import { aNote } from '../client/src/test-support/fake-server';
import { quantile, type Figure } from './lib/stats';

const NOTES = 10_000;
const variables = { filter: {}, first: 30 };
const titleOnly = parse('fragment ListReadTitle on Note { title }');

/** Milliseconds of each read of the list after a title change, `runs` times after 3 unmeasured. */
function rereads(typePolicies: TypePolicies, runs: number): number[] {
  const cache = new InMemoryCache({ typePolicies });
  const start = Date.UTC(2026, 0, 1);
  const nodes = Array.from({ length: NOTES }, (_, i) =>
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
    cache.writeFragment({
      id: `Note:n${i}`,
      fragment: titleOnly,
      data: { __typename: 'Note', title: `Changed ${i}` },
    });
    const t0 = performance.now();
    const read = cache.readQuery({ query: NotesListDocument, variables });
    if (read?.list.nodes.length !== NOTES) throw new Error('the list lost notes');
    if (i >= 3) times.push(performance.now() - t0);
  }
  return times;
}

export function listReadFigures(quick: boolean): Figure[] {
  const runs = quick ? 5 : 15;
  const ours: number[] = [];
  const bare: number[] = [];
  // Alternating, so a drift of the host's load touches both alike.
  for (let round = 0; round < 2; round += 1) {
    ours.push(...rereads(noteTypePolicies, runs));
    bare.push(...rereads({}, runs));
  }
  const value = quantile(ours, 0.5);
  const baseline = quantile(bare, 0.5);
  return [
    {
      section: 'client',
      figure: `the main list read again from the cache after one note changed, 10,000 notes cached, p50 (${ours.length} reads; baseline: the same read without the list rules)`,
      value,
      unit: 'ms',
      baseline,
      ratio: baseline / value,
      target: 'report',
      holds: null,
    },
  ];
}
