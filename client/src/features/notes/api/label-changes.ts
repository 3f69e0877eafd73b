import { useCallback } from 'react';
import type { ApolloCache } from '@apollo/client';
import { useApolloClient } from '@apollo/client/react';
import { placeInLists } from '../cache/note-cache';
import { cachedNote } from '../sync/note-events';
import { LabelsDocument } from './note-queries';
import { graphql } from '../../../gql';

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

/**
 * Changes the labels of every cached note, each label through `change` (null drops it), and puts
 * each changed note where it now belongs in the cached lists (a list of the new label gains it,
 * one of the old label loses it).
 */
function relabelCachedNotes(cache: ApolloCache, change: (label: string) => string | null): void {
  for (const id of Object.keys(cache.extract(true) as Record<string, unknown>)) {
    if (!id.startsWith('Note:')) continue;
    let changed = false;
    cache.modify({
      id,
      fields: {
        tags: (value) => {
          const tags = value as readonly string[];
          const next = [...new Set(tags.map(change).filter((tag): tag is string => tag !== null))];
          if (next.length === tags.length && next.every((tag, i) => tag === tags[i])) return tags;
          changed = true;
          return next;
        },
      },
    });
    const note = changed ? cachedNote(cache, id.slice('Note:'.length)) : null;
    if (note) placeInLists(cache, note);
  }
}

const renamed = (labels: readonly string[], from: string, to: string) =>
  [...new Set(labels.map((label) => (label === from ? to : label)))].sort();

/**
 * Renames a label on every note (notes, archive and trash): every card and the label list
 * change at once, and change back if the server refuses. Resolves to the labels after.
 */
export function useRenameLabel(): (from: string, to: string) => Promise<string[]> {
  const client = useApolloClient();
  return useCallback(
    async (from: string, to: string) => {
      const before = client.readQuery({ query: LabelsDocument })?.labels ?? [from];
      const { data } = await client.mutate({
        mutation: RenameLabelDocument,
        variables: { from, to },
        optimisticResponse: { __typename: 'Mutation', labels: renamed(before, from, to) },
        update: (cache, result) => {
          if (!result.data) return;
          relabelCachedNotes(cache, (label) => (label === from ? to : label));
          cache.writeQuery({
            query: LabelsDocument,
            data: { __typename: 'Query', labels: result.data.labels },
          });
        },
      });
      if (!data) throw new Error('the server answered without the labels');
      return data.labels;
    },
    [client],
  );
}

/** Removes a label from every note, at once, and puts it back if the server refuses. */
export function useDeleteLabel(): (name: string) => Promise<string[]> {
  const client = useApolloClient();
  return useCallback(
    async (name: string) => {
      const before = client.readQuery({ query: LabelsDocument })?.labels ?? [];
      const { data } = await client.mutate({
        mutation: DeleteLabelDocument,
        variables: { name },
        optimisticResponse: {
          __typename: 'Mutation',
          labels: before.filter((label) => label !== name),
        },
        update: (cache, result) => {
          if (!result.data) return;
          relabelCachedNotes(cache, (label) => (label === name ? null : label));
          cache.writeQuery({
            query: LabelsDocument,
            data: { __typename: 'Query', labels: result.data.labels },
          });
        },
      });
      if (!data) throw new Error('the server answered without the labels');
      return data.labels;
    },
    [client],
  );
}
