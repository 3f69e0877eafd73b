import type { ApolloCache } from '@apollo/client';
import type { Note } from './note-fields';
import { placeInLists } from './note-cache';
import { LabelsDocument } from './note-queries';
import { mergeLabels } from './label-rules';

/**
 * What the cache does with a note a change answered with (Apollo has already written its fields):
 * it joins the lists of its place, and its labels join the label list.
 */
export function applyNoteChange(cache: ApolloCache, note: Note): void {
  placeInLists(cache, note);
  if (note.tags.length === 0) return;
  cache.updateQuery({ query: LabelsDocument }, (data) =>
    data ? { ...data, labels: mergeLabels(data.labels, note.tags) } : data,
  );
}
