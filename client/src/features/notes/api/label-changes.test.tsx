import type { ReactNode } from 'react';
import { act, renderHook } from '@testing-library/react';
import { ApolloProvider } from '@apollo/client/react';
import { createApolloClient } from '../../../lib/apollo-client';
import { aNote, fakeServer } from '../../../test-support/fake-server';
import { noteTypePolicies } from '../cache/note-cache';
import { NotesListDocument } from './note-queries';
import { useRenameLabel } from './label-changes';

const groceries = aNote({ id: 'n1', title: 'Groceries', tags: ['home'] });
const plans = aNote({ id: 'n2', title: 'Plans', tags: ['work'] });

it('a renamed label moves its notes out of the old label’s cached list and into the new one’s', async () => {
  const server = fakeServer([groceries, plans]);
  const client = createApolloClient(server.link, noteTypePolicies);
  const listed = (tags: string[]) =>
    client
      .readQuery({ query: NotesListDocument, variables: { filter: { tags }, first: 30 } })
      ?.list.nodes.map((note) => note.id);
  // Both labels' lists are in the cache, the new name's empty (asked for before it was in use).
  for (const tags of [['home'], ['house']]) {
    await client.query({ query: NotesListDocument, variables: { filter: { tags }, first: 30 } });
  }
  expect(listed(['home'])).toEqual(['n1']);
  expect(listed(['house'])).toEqual([]);

  const wrapper = ({ children }: { children: ReactNode }) => (
    <ApolloProvider client={client}>{children}</ApolloProvider>
  );
  const { result } = renderHook(() => useRenameLabel(), { wrapper });
  await act(() => result.current('home', 'house'));

  expect(listed(['house'])).toEqual(['n1']);
  expect(listed(['home'])).toEqual([]);
  expect(server.notes.find((note) => note.id === 'n1')?.tags).toEqual(['house']);
});
