import { useCallback } from 'react';
import { useApolloClient } from '@apollo/client/react';
import type { Note } from './note-fields';
import { cachedMatches, forgetNote } from '../cache/note-cache';
import { useOutbox } from '../sync/outbox-context';
import { graphql } from '../../../gql';

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

/**
 * Deletes a trashed note forever: it leaves the trash at once, and comes back if the server
 * refuses.
 */
export function useDeleteNote(): (note: Note) => Promise<void> {
  const outbox = useOutbox();
  return useCallback(
    async (note: Note) => {
      await outbox.submit({ kind: 'delete', id: note.id }, null);
    },
    [outbox],
  );
}

/**
 * Deletes every note in the trash forever: every trashed note the cache holds leaves at once
 * (not only the cards drawn so far), and the trash fills again if the server refuses. Resolves
 * to the ids deleted.
 */
export function useEmptyTrash(): () => Promise<string[]> {
  const client = useApolloClient();
  return useCallback(async () => {
    const trashed = cachedMatches(client.cache, 'TRASH', {}).map((note) => note.id);
    const { data } = await client.mutate({
      mutation: EmptyTrashDocument,
      optimisticResponse: { __typename: 'Mutation', emptyTrash: trashed },
      update: (cache, result) => result.data?.emptyTrash.forEach((id) => forgetNote(cache, id)),
    });
    if (!data) throw new Error('the server answered without the ids');
    return data.emptyTrash;
  }, [client]);
}
