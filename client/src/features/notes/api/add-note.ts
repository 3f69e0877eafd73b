import { useCallback } from 'react';
import type { NoteInput, NoteLocation } from '../../../gql/graphql';
import { emptyNote } from './empty-note';
import { answeredNote, type Note } from './note-fields';
import { withChanges } from '../cache/note-changes';
import { pendingNoteId } from '../sync/outbox-keys';
import { useOutbox } from '../sync/outbox-context';
import { graphql } from '../../../gql';

/**
 * Creates a note in the main list, or in the archive (`location`; never in the trash).
 * `clientKey` (the note's `pending-` id) makes a resent add (its answer lost) answer the first
 * note rather than add a second.
 */
export const AddNoteDocument = graphql(`
  mutation AddNote($input: NoteInput!, $clientKey: String, $location: NoteLocation) {
    note: addNote(input: $input, clientKey: $clientKey, location: $location) {
      ...NoteFields
    }
  }
`);

/** A note not yet on the server, as the cache shows it until the server answers. */
function pendingNote(input: NoteInput, location: NoteLocation): Note {
  return { ...withChanges(emptyNote(pendingNoteId(), location), input), version: 1 };
}

/**
 * Adds a note to the main list, or to the archive when added from it (spec: the editor works on
 * archived notes there), in one request. The card shows at once and goes if the server refuses.
 */
export function useAddNote(): (input: NoteInput, location: NoteLocation) => Promise<Note> {
  const outbox = useOutbox();
  return useCallback(
    async (input: NoteInput, location: NoteLocation) => {
      const local = pendingNote(input, location);
      return answeredNote(
        await outbox.submit({ kind: 'add', id: local.id, input, location }, local),
      );
    },
    [outbox],
  );
}
