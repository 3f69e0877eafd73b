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

/**
 * The note as it will be once `input` is merged into it, as the server merges it: a field given
 * takes its value, null its new-note value (`emptyNote`); the server trims the title and derives
 * the plain text, and so does this. A field added to `NoteInput` merges with no change here.
 */
export function withChanges(note: Note, input: NoteInput): Note {
  const next: Note = { ...note, version: note.version + 1, updatedAt: new Date().toISOString() };
  const empty = emptyNote(note.id, note.location);
  // Every field a client sends is a field of the note under the same name (else `empty[field]`
  // does not compile).
  for (const field of Object.keys(input) as Array<keyof NoteInput>) {
    const value = input[field];
    if (value !== undefined) Object.assign(next, { [field]: value ?? empty[field] });
  }
  next.title = next.title.trim();
  if (input.content !== undefined) next.textContent = htmlToText(next.content);
  return next;
}
