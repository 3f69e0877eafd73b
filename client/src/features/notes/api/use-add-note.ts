import { useCallback } from 'react';
import { useApolloClient } from '@apollo/client/react';
import type { NoteInput, NoteLocation } from '../../../gql/graphql';
import type { Note } from './note-fields';
import { applyNoteChange } from './note-changes';
import { AddNoteDocument } from './note-mutations';
import { withChanges } from './use-update-note';
import { useArchiveNote } from './use-move-note';

let drafts = 0;

/** A note not yet on the server, as the cache shows it until the server answers. */
function pendingNote(input: NoteInput, location: NoteLocation): Note {
  const at = new Date().toISOString();
  drafts += 1;
  const empty: Note = {
    __typename: 'Note',
    id: `pending-${drafts}`,
    title: '',
    content: '',
    textContent: '',
    color: '',
    priority: null,
    tags: [],
    location,
    previousLocation: null,
    version: 1,
    pinned: false,
    createdAt: at,
    updatedAt: at,
  };
  return { ...withChanges(empty, input), version: 1 };
}

/**
 * Adds a note to the main list, or to the archive when added from it (spec: the editor works on
 * archived notes there). The card shows at once and goes if the server refuses.
 */
export function useAddNote(): (input: NoteInput, location: NoteLocation) => Promise<Note> {
  const client = useApolloClient();
  const archive = useArchiveNote();
  return useCallback(
    async (input: NoteInput, location: NoteLocation) => {
      const { data } = await client.mutate({
        mutation: AddNoteDocument,
        variables: { input },
        optimisticResponse: { __typename: 'Mutation', note: pendingNote(input, location) },
        update: (cache, result) => {
          if (result.data) applyNoteChange(cache, result.data.note);
        },
      });
      if (!data) throw new Error('the server answered without the note');
      return location === 'ARCHIVE' ? archive(data.note) : data.note;
    },
    [client, archive],
  );
}
