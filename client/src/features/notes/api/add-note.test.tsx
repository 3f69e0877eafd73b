import type { ReactNode } from 'react';
import { act, renderHook } from '@testing-library/react';
import { ApolloProvider } from '@apollo/client/react';
import { createApolloClient } from '../../../lib/apollo-client';
import { aNote, fakeServer, type FakeServer } from '../../../test-support/fake-server';
import { memoryOutboxStorage } from '../../../test-support/outbox';
import { cachedMatches, noteTypePolicies } from '../cache/note-cache';
import { createOutbox } from '../sync/outbox';
import { OutboxProvider } from '../sync/outbox-context';
import { useAddNote } from './add-note';

/** useAddNote over one Apollo client and one outbox serving a signed-in user, as the app wires them. */
function setUp(server: FakeServer) {
  const client = createApolloClient(server.link, noteTypePolicies);
  const outbox = createOutbox(client, memoryOutboxStorage());
  const wrapper = ({ children }: { children: ReactNode }) => (
    <ApolloProvider client={client}>
      <OutboxProvider value={outbox}>{children}</OutboxProvider>
    </ApolloProvider>
  );
  const { result } = renderHook(() => useAddNote(), { wrapper });
  const stop = outbox.start('u1');
  return { client, add: () => result.current, stop };
}

it('adds a note from the archive in one request, straight into the archive', async () => {
  const server = fakeServer([aNote({ id: 'n1', location: 'ARCHIVE' })]);
  const { client, add, stop } = setUp(server);
  const note = await act(() => add()({ title: 'Filed away' }, 'ARCHIVE'));
  expect(server.sent.filter((name) => name.endsWith('Note'))).toEqual(['AddNote']);
  expect(note).toMatchObject({ title: 'Filed away', location: 'ARCHIVE' });
  expect(server.notes.find((n) => n.id === note.id)?.location).toBe('ARCHIVE');
  expect(cachedMatches(client.cache, 'ARCHIVE', {}).map((n) => n.title)).toContain('Filed away');
  stop();
});

it('adds a note to the main list as before', async () => {
  const server = fakeServer([]);
  const { add, stop } = setUp(server);
  const note = await act(() => add()({ title: 'Shopping' }, 'NOTES'));
  expect(server.sent.filter((name) => name.endsWith('Note'))).toEqual(['AddNote']);
  expect(server.notes.find((n) => n.id === note.id)?.location).toBe('NOTES');
  stop();
});
