import { useCallback } from 'react';
import { answeredNote, type Note } from './note-fields';
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

/** Where a move puts a note. */
type Destination = (note: Note) => Pick<Note, 'location' | 'previousLocation' | 'trashedAt'>;

/**
 * A move of a note from one place to another. The note moves in the cache at once (leaving its
 * list, joining the other); if the server refuses, Apollo drops the optimistic change and the note
 * is back where it was. Resolves to the note as the server has it, or rejects with its error.
 */
function useMove(
  kind: Exclude<OutboxChange['kind'], 'add' | 'update' | 'delete'>,
  destination: Destination,
): (note: Note) => Promise<Note> {
  const outbox = useOutbox();
  return useCallback(
    async (note: Note) => {
      const local = { ...note, ...destination(note), version: note.version + 1 };
      return answeredNote(await outbox.submit({ kind, id: note.id }, local));
    },
    [outbox, kind, destination],
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
export const useArchiveNote = () => useMove('archive', toArchive);

/** Archive → main list. */
export const useUnarchiveNote = () => useMove('unarchive', toNotes);

/** Main list or archive → trash. */
export const useTrashNote = () => useMove('trash', toTrash);

/** Trash → back where the note came from. */
export const useRestoreNote = () => useMove('restore', backFromTrash);
