import type { ApolloCache } from '@apollo/client';
import { htmlToText } from '../../../components/rich-text';
import type { NoteInput } from '../../../gql/graphql';
import { emptyNote } from '../api/empty-note';
import { NoteFieldsFragment, type Note } from '../api/note-fields';
import { placeInLists } from './note-cache';
import { LabelsDocument } from '../api/note-queries';
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

/** Writes a note into the cache as the truth (not an optimistic layer), into its lists. */
export function writeNote(cache: ApolloCache, note: Note): void {
  cache.writeFragment({ fragment: NoteFieldsFragment, fragmentName: 'NoteFields', data: note });
  applyNoteChange(cache, note);
}

/** The note as it will be once `input` is merged into it (the server trims and sanitises too). */
export function withChanges(note: Note, input: NoteInput): Note {
  const next: Note = { ...note, version: note.version + 1, updatedAt: new Date().toISOString() };
  if (input.title != null) next.title = input.title.trim();
  if (input.content != null) {
    next.content = input.content;
    next.textContent = htmlToText(input.content);
  }
  if (input.color !== undefined)
    next.color = input.color ?? emptyNote(note.id, note.location).color;
  if (input.priority !== undefined) next.priority = input.priority;
  if (input.tags != null) next.tags = input.tags;
  if (input.pinned != null) next.pinned = input.pinned;
  return next;
}
