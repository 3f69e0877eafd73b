import { graphql } from '../../../gql';

// Each mutation names its answer `note`, so one cache update serves them all.

/**
 * Creates a note in the main list. `clientKey` (the note's `pending-` id) makes a resent add
 * (its answer lost) answer the first note rather than add a second.
 */
export const AddNoteDocument = graphql(`
  mutation AddNote($input: NoteInput!, $clientKey: String) {
    note: addNote(input: $input, clientKey: $clientKey) {
      ...NoteFields
    }
  }
`);

/** Merges the given fields into a note. */
export const UpdateNoteDocument = graphql(`
  mutation UpdateNote($id: ID!, $input: NoteInput!, $baseVersion: Int) {
    note: updateNote(id: $id, input: $input, baseVersion: $baseVersion) {
      ...NoteFields
    }
  }
`);

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

/** Deletes a trashed note forever. */
export const DeleteNoteDocument = graphql(`
  mutation DeleteNote($id: ID!) {
    deleteNote(id: $id)
  }
`);

/** Deletes every trashed note forever; the ids deleted. */
export const EmptyTrashDocument = graphql(`
  mutation EmptyTrash {
    emptyTrash
  }
`);

/** Renames a label on every note (notes, archive and trash); the labels after. */
export const RenameLabelDocument = graphql(`
  mutation RenameLabel($from: String!, $to: String!) {
    labels: renameLabel(from: $from, to: $to)
  }
`);

/** Removes a label from every note; the labels after. */
export const DeleteLabelDocument = graphql(`
  mutation DeleteLabel($name: String!) {
    labels: deleteLabel(name: $name)
  }
`);
