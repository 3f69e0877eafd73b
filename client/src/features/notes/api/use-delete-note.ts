import { useCallback } from 'react';
import { useApolloClient } from '@apollo/client/react';
import type { Note } from './note-fields';
import { forgetNote } from './note-cache';
import { DeleteNoteDocument } from './note-mutations';

/**
 * Deletes a trashed note forever: it leaves the trash at once, and comes back if the server
 * refuses.
 */
export function useDeleteNote(): (note: Note) => Promise<void> {
  const client = useApolloClient();
  return useCallback(
    async (note: Note) => {
      await client.mutate({
        mutation: DeleteNoteDocument,
        variables: { id: note.id },
        optimisticResponse: { __typename: 'Mutation', deleteNote: note.id },
        update: (cache) => forgetNote(cache, note.id),
      });
    },
    [client],
  );
}
