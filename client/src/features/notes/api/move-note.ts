import { useCallback } from 'react';
import { useApolloClient } from '@apollo/client/react';
import type { TypedDocumentNode } from '@apollo/client';
import type { Note } from './note-fields';
import { applyNoteChange } from '../cache/note-changes';
import { useOutbox } from '../sync/outbox-context';
import type { OutboxChange } from '../sync/outbox';
import { graphql } from '../../../gql';

/** Main list → archive. */
export const ArchiveNoteDocument = graphql(`
  mutation ArchiveNote($id: ID!) {
    note: archiveNote(id: $id) {
      ...NoteFields
    }
  }
`);

/** Archive → main list. */
export const UnarchiveNoteDocument = graphql(`
  mutation UnarchiveNote($id: ID!) {
    note: unarchiveNote(id: $id) {
      ...NoteFields
    }
  }
`);

/** Main list or archive → trash. */
export const TrashNoteDocument = graphql(`
  mutation TrashNote($id: ID!) {
    note: trashNote(id: $id) {
      ...NoteFields
    }
  }
`);

/** Trash → back where the note came from. */
export const RestoreNoteDocument = graphql(`
  mutation RestoreNote($id: ID!) {
    note: restoreNote(id: $id) {
      ...NoteFields
    }
  }
`);

type MoveDocument = TypedDocumentNode<{ __typename: 'Mutation'; note: Note }, { id: string }>;

/** Where a move puts a note. */
type Destination = (note: Note) => Pick<Note, 'location' | 'previousLocation' | 'trashedAt'>;

/**
 * A move of a note from one place to another. The note moves in the cache at once (leaving its
 * list, joining the other); if the server refuses, Apollo drops the optimistic change and the note
 * is back where it was. Resolves to the note as the server has it, or rejects with its error.
 */
function useMove(
  kind: Exclude<OutboxChange['kind'], 'add' | 'update' | 'delete'>,
  document: MoveDocument,
  destination: Destination,
): (note: Note) => Promise<Note> {
  const client = useApolloClient();
  const outbox = useOutbox();
  return useCallback(
    (note: Note) => {
      const local = { ...note, ...destination(note), version: note.version + 1 };
      return outbox.submit({ kind, id: note.id }, local, async () => {
        const { data } = await client.mutate({
          mutation: document,
          variables: { id: note.id },
          optimisticResponse: { __typename: 'Mutation', note: local },
          update: (cache, result) => {
            if (result.data) applyNoteChange(cache, result.data.note);
          },
        });
        if (!data) throw new Error('the server answered without the note');
        return data.note;
      });
    },
    [client, outbox, kind, document, destination],
  );
}

const toArchive: Destination = () => ({
  location: 'ARCHIVE',
  previousLocation: null,
  trashedAt: null,
});
const toNotes: Destination = () => ({ location: 'NOTES', previousLocation: null, trashedAt: null });
const toTrash: Destination = (note) => ({
  location: 'TRASH',
  previousLocation: note.location,
  trashedAt: new Date().toISOString(),
});
const backFromTrash: Destination = (note) => ({
  location: note.previousLocation ?? 'NOTES',
  previousLocation: null,
  trashedAt: null,
});

/** Main list → archive. */
export const useArchiveNote = () => useMove('archive', ArchiveNoteDocument, toArchive);

/** Archive → main list. */
export const useUnarchiveNote = () => useMove('unarchive', UnarchiveNoteDocument, toNotes);

/** Main list or archive → trash. */
export const useTrashNote = () => useMove('trash', TrashNoteDocument, toTrash);

/** Trash → back where the note came from. */
export const useRestoreNote = () => useMove('restore', RestoreNoteDocument, backFromTrash);
