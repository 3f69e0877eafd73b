import { useCallback } from 'react';
import type { NoteInput } from '../../../gql/graphql';
import { answeredNote, type Note } from './note-fields';
import { withChanges } from '../cache/note-changes';
import { useOutbox } from '../sync/outbox-context';
import { graphql } from '../../../gql';

/** Merges the given fields into a note. */
export const UpdateNoteDocument = graphql(`
  mutation UpdateNote($id: ID!, $input: NoteInput!, $baseVersion: Int) {
    note: updateNote(id: $id, input: $input, baseVersion: $baseVersion) {
      ...NoteFields
    }
  }
`);

/**
 * Merges `input` into a note: the change shows at once (cards, lists, labels) and is undone if
 * the server refuses. With `baseVersion` (the editor's saves) the server refuses a note changed
 * since that version (CONFLICT), so a save never overwrites a change made elsewhere; without it
 * (a card's colour, priority or labels) the change applies to the latest version. Resolves to the
 * note as the server has it (or as it shows while it waits in the outbox to be sent), or rejects
 * with the server's refusal.
 */
export function useUpdateNote(): (
  note: Note,
  input: NoteInput,
  baseVersion?: number,
) => Promise<Note> {
  const outbox = useOutbox();
  return useCallback(
    async (note: Note, input: NoteInput, baseVersion?: number) => {
      const local = withChanges(note, input);
      const change = { kind: 'update', id: note.id, input, baseVersion } as const;
      const declared = baseVersion === undefined ? change : { ...change, base: note };
      return answeredNote(await outbox.submit(declared, local));
    },
    [outbox],
  );
}
