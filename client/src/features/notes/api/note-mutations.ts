import { graphql } from '../../../gql';

/** Creates a note in the main list. */
export const AddNoteDocument = graphql(`
  mutation AddNote($input: NoteInput!) {
    addNote(input: $input) {
      ...NoteFields
    }
  }
`);

/** Merges the given fields into a note. */
export const UpdateNoteDocument = graphql(`
  mutation UpdateNote($id: ID!, $input: NoteInput!) {
    updateNote(id: $id, input: $input) {
      ...NoteFields
    }
  }
`);

/** Main list → archive. */
export const ArchiveNoteDocument = graphql(`
  mutation ArchiveNote($id: ID!) {
    archiveNote(id: $id) {
      ...NoteFields
    }
  }
`);

/** Archive → main list. */
export const UnarchiveNoteDocument = graphql(`
  mutation UnarchiveNote($id: ID!) {
    unarchiveNote(id: $id) {
      ...NoteFields
    }
  }
`);

/** Main list or archive → trash. */
export const TrashNoteDocument = graphql(`
  mutation TrashNote($id: ID!) {
    trashNote(id: $id) {
      ...NoteFields
    }
  }
`);

/** Trash → back where the note came from. */
export const RestoreNoteDocument = graphql(`
  mutation RestoreNote($id: ID!) {
    restoreNote(id: $id) {
      ...NoteFields
    }
  }
`);

/** Deletes a trashed note forever. */
export const DeleteNoteDocument = graphql(`
  mutation DeleteNote($id: ID!) {
    deleteNote(id: $id)
  }
`);
