import { graphql } from '../../../gql';
import type { NoteLocation } from '../../../gql/graphql';

/**
 * What every list query asks of its connection. Not `totalCount`: the list never shows it, and
 * for a broad search over a big list counting costs far more than the page.
 */
export const NotePageFragment = graphql(`
  fragment NotePage on NoteConnection {
    nodes {
      ...NoteFields
    }
    pageInfo {
      endCursor
      hasNextPage
    }
  }
`);

// Each list query names its answer `list`, so one hook reads any of them.

/** A page of the main list. */
export const NotesListDocument = graphql(`
  query NotesList($filter: NoteFilter, $first: Int, $after: String) {
    list: notes(filter: $filter, first: $first, after: $after) {
      ...NotePage
    }
  }
`);

/** A page of the archive. */
export const ArchivesListDocument = graphql(`
  query ArchivesList($filter: NoteFilter, $first: Int, $after: String) {
    list: archives(filter: $filter, first: $first, after: $after) {
      ...NotePage
    }
  }
`);

/** A page of the trash (it has no filter). */
export const TrashListDocument = graphql(`
  query TrashList($first: Int, $after: String) {
    list: trash(first: $first, after: $after) {
      ...NotePage
    }
  }
`);

/** The list query of each place. */
export const LIST_DOCUMENT = {
  NOTES: NotesListDocument,
  ARCHIVE: ArchivesListDocument,
  TRASH: TrashListDocument,
} satisfies Record<NoteLocation, unknown>;

/** Every label used in the notes and the archive. */
export const LabelsDocument = graphql(`
  query Labels {
    labels
  }
`);

/** One note as the server has it now, wherever it is. */
export const CurrentNoteDocument = graphql(`
  query CurrentNote($id: ID!) {
    note(id: $id) {
      ...NoteFields
    }
  }
`);
