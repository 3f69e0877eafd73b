import { useCallback } from 'react';
import { useApolloClient } from '@apollo/client/react';
import { htmlToText } from '../../../components/rich-text';
import type { NoteInput } from '../../../gql/graphql';
import type { Note } from './note-fields';
import { applyNoteChange } from './note-changes';
import { UpdateNoteDocument } from './note-mutations';

/** The note as it will be once `input` is merged into it (the server trims and sanitises too). */
export function withChanges(note: Note, input: NoteInput): Note {
  const next: Note = { ...note, version: note.version + 1, updatedAt: new Date().toISOString() };
  if (input.title != null) next.title = input.title.trim();
  if (input.content != null) {
    next.content = input.content;
    next.textContent = htmlToText(input.content);
  }
  if (input.color !== undefined) next.color = input.color ?? '';
  if (input.priority !== undefined) next.priority = input.priority;
  if (input.tags != null) next.tags = input.tags;
  if (input.pinned != null) next.pinned = input.pinned;
  return next;
}

/**
 * Merges `input` into a note: the change shows at once (cards, lists, labels) and is undone if
 * the server refuses. With `baseVersion` (the editor's saves) the server refuses a note changed
 * since that version (CONFLICT), so a save never overwrites a change made elsewhere; without it
 * (a card's colour, priority or labels) the change applies to the latest version. Resolves to the
 * note as the server has it, or rejects with its error.
 */
export function useUpdateNote(): (
  note: Note,
  input: NoteInput,
  baseVersion?: number,
) => Promise<Note> {
  const client = useApolloClient();
  return useCallback(
    async (note: Note, input: NoteInput, baseVersion?: number) => {
      const { data } = await client.mutate({
        mutation: UpdateNoteDocument,
        variables: { id: note.id, input, baseVersion },
        optimisticResponse: { __typename: 'Mutation', note: withChanges(note, input) },
        update: (cache, result) => {
          if (result.data) applyNoteChange(cache, result.data.note);
        },
      });
      if (!data) throw new Error('the server answered without the note');
      return data.note;
    },
    [client],
  );
}
