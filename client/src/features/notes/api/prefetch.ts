import type { ApolloClient, TypedDocumentNode } from '@apollo/client';
import type { NoteLocation, NotesListQuery } from '../../../gql/graphql';
import { LabelsDocument, LIST_DOCUMENT } from './note-queries';

/** Notes fetched per page as the user scrolls. */
export const PAGE_SIZE = 30;

/** What a list asks for on arrival: no search, no filter, the first page. */
export const firstPageVariables = (location: NoteLocation) =>
  location === 'TRASH' ? { first: PAGE_SIZE } : { filter: {}, first: PAGE_SIZE };

/**
 * Asks the server for a list's first page and the labels (Apollo's prefetching: `client.query`),
 * from a route loader, before the page's code has loaded. The answers land in the cache, where
 * the page's own queries find them; a failure is left to those queries to report.
 */
export function prefetchFirstPage(client: ApolloClient, location: NoteLocation): void {
  const list = LIST_DOCUMENT[location] as TypedDocumentNode<NotesListQuery, object>;
  const ignore = () => undefined;
  client
    .query({ query: list, variables: firstPageVariables(location), fetchPolicy: 'network-only' })
    .catch(ignore);
  if (location !== 'TRASH') {
    client.query({ query: LabelsDocument, fetchPolicy: 'network-only' }).catch(ignore);
  }
}
