import { useCallback } from 'react';
import { useApolloClient } from '@apollo/client/react';
import { graphql } from '../../../gql';
import type { NoteHistoryQuery } from '../../../gql/graphql';
import type { Note } from './note-fields';
import { applyNoteChange } from '../cache/note-changes';

/** An earlier title and content of a note. */
export type Revision = NoteHistoryQuery['note']['revisions'][number];

/** A note's earlier texts, newest first. */
export const NoteHistoryDocument = graphql(`
  query NoteHistory($id: ID!) {
    note(id: $id) {
      id
      revisions {
        id
        createdAt
        title
        content
        textContent
      }
    }
  }
`);

/** Gives a note an earlier text: a new version, with the text before it kept as a revision. */
export const RestoreRevisionDocument = graphql(`
  mutation RestoreRevision($noteId: ID!, $revisionId: ID!) {
    note: restoreRevision(noteId: $noteId, revisionId: $revisionId) {
      ...NoteFields
      revisions {
        id
        createdAt
        title
        content
        textContent
      }
    }
  }
`);

/** The revision a restore made of the text it replaced: restoring it undoes the restore. */
export const revisionBefore = (restored: { revisions: Revision[] }): Revision | undefined =>
  restored.revisions[0];

/**
 * Restores one of a note's revisions. The note shows the earlier text at once (cards, lists, an
 * open editor that has nothing unsaved) and goes back if the server refuses. Resolves to the note
 * as the server has it, with its history, or rejects with the server's error.
 */
export function useRestoreRevision(): (
  note: Note,
  revision: Revision,
) => Promise<Note & { revisions: Revision[] }> {
  const client = useApolloClient();
  return useCallback(
    async (note: Note, revision: Revision) => {
      const { data } = await client.mutate({
        mutation: RestoreRevisionDocument,
        variables: { noteId: note.id, revisionId: revision.id },
        optimisticResponse: {
          __typename: 'Mutation',
          note: {
            ...note,
            title: revision.title,
            content: revision.content,
            textContent: revision.textContent,
            version: note.version + 1,
            updatedAt: new Date().toISOString(),
            revisions: [
              {
                __typename: 'NoteRevision',
                id: `optimistic-${revision.id}`,
                createdAt: new Date().toISOString(),
                title: note.title,
                content: note.content,
                textContent: note.textContent,
              },
            ],
          },
        },
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
