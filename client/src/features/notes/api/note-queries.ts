import { graphql } from '../../../gql';

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

/** A page of the main list. */
export const NotesListDocument = graphql(`
  query NotesList($filter: NoteFilter, $first: Int, $after: String) {
    notes(filter: $filter, first: $first, after: $after) {
      ...NotePage
    }
  }
`);

/** A page of the archive. */
export const ArchivesListDocument = graphql(`
  query ArchivesList($filter: NoteFilter, $first: Int, $after: String) {
    archives(filter: $filter, first: $first, after: $after) {
      ...NotePage
    }
  }
`);

/** A page of the trash. */
export const TrashListDocument = graphql(`
  query TrashList($first: Int, $after: String) {
    trash(first: $first, after: $after) {
      ...NotePage
    }
  }
`);

/** Every label used in the notes and the archive. */
export const LabelsDocument = graphql(`
  query Labels {
    labels
  }
`);
