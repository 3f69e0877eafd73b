import type { FieldPolicy } from '@apollo/client';

interface Connection {
  nodes: unknown[];
  pageInfo: { endCursor: string | null; hasNextPage: boolean };
}

/**
 * Field policy for a `NoteConnection` list: one cache entry per filter, pages fetched with
 * `after` are appended, a fetch without `after` (first load or refetch) replaces the entry.
 */
export function paginatedField(keyArgs: string[] | false): FieldPolicy<Connection> {
  return {
    keyArgs,
    merge(existing, incoming, { args }) {
      if (!existing || !args?.after) return incoming;
      return { ...incoming, nodes: [...existing.nodes, ...incoming.nodes] };
    },
  };
}
