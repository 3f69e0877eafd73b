import type { ApolloCache, Reference } from '@apollo/client';
import type { Modifier } from '@apollo/client/cache';

/** The three list fields of `Query`. */
export type ListField = 'notes' | 'archives' | 'trash';

interface CachedConnection {
  nodes: readonly Reference[];
}

/**
 * Removes a note from every cached page of a list (each filter's entry), so the screen
 * updates at once without a request.
 */
export function removeFromList(cache: ApolloCache, field: ListField, id: string): void {
  // Every entry of a list field is a NoteConnection, whatever its filter arguments.
  const without: Modifier<unknown> = (value, { readField }) => {
    const existing = value as CachedConnection;
    return { ...existing, nodes: existing.nodes.filter((ref) => readField('id', ref) !== id) };
  };
  cache.modify({ id: 'ROOT_QUERY', fields: { [field]: without } });
}

/** Drops every cached entry of a list; it is fetched again the next time it is shown. */
export function evictList(cache: ApolloCache, field: ListField): void {
  cache.evict({ id: 'ROOT_QUERY', fieldName: field });
  cache.gc();
}

/** Drops a note that no longer exists (deleted forever). */
export function evictNote(cache: ApolloCache, id: string): void {
  cache.evict({ id: cache.identify({ __typename: 'Note', id }) });
  cache.gc();
}
