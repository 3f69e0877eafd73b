import { BroadcastChannel as NodeBroadcastChannel } from 'node:worker_threads';
import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { ApolloProvider } from '@apollo/client/react';
import { createApolloClient } from '../../../lib/apollo-client';
import { aNote, fakeServer, type FakeServer } from '../../../test-support/fake-server';
import { draftOf } from '../editor/draft';
import { draftsAwaitingChoice, loadDraft } from './local-drafts';
import { noteTypePolicies } from '../cache/note-cache';
import { CurrentNoteDocument } from '../api/note-queries';
import { NoteFieldsFragment, type Note } from '../api/note-fields';
import { memoryOutboxStorage } from '../../../test-support/outbox';
import { createOutbox, type Outbox, type OutboxChange } from './outbox';
import { OutboxProvider } from './outbox-context';
import { useAddNote } from '../api/add-note';
import { useDeleteNote } from '../api/delete-note';
import { useArchiveNote, useTrashNote } from '../api/move-note';
import { useUpdateNote } from '../api/update-note';

const USER = 'u1';
let online = true;

beforeEach(() => {
  online = true;
  jest.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  localStorage.clear();
});

afterEach(() => jest.restoreAllMocks());

/** The browser loses (or finds) its network: navigator.onLine and the server's answers. */
function setOnline(server: FakeServer, value: boolean) {
  online = value;
  server.cutNetwork(!value);
  if (value) window.dispatchEvent(new Event('online'));
}

/** The note hooks over one Apollo client and one outbox, as the app wires them. */
function setUp(
  server: FakeServer,
  storage = memoryOutboxStorage(),
  refused: Array<{ change: OutboxChange; error: unknown }> = [],
) {
  const client = createApolloClient(server.link, noteTypePolicies);
  const outbox = createOutbox(client, storage, {
    onRefused: (change, error) => refused.push({ change, error }),
  });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <ApolloProvider client={client}>
      <OutboxProvider value={outbox}>{children}</OutboxProvider>
    </ApolloProvider>
  );
  const { result, unmount } = renderHook(
    () => ({
      add: useAddNote(),
      update: useUpdateNote(),
      archive: useArchiveNote(),
      trash: useTrashNote(),
      remove: useDeleteNote(),
    }),
    { wrapper },
  );
  const stop = outbox.start(USER);
  return { client, outbox, storage, hooks: () => result.current, refused, stop, unmount };
}

/** The note as this client's cache holds it now. */
function cached(client: ReturnType<typeof setUp>['client'], id: string): Note | null {
  return client.cache.readFragment({
    id: client.cache.identify({ __typename: 'Note', id }),
    fragment: NoteFieldsFragment,
    fragmentName: 'NoteFields',
  });
}

async function settled(outbox: Outbox) {
  await waitFor(() => expect(outbox.getState().count).toBe(0));
}

it('queues changes made offline, shows them at once, and sends them in order when back', async () => {
  const server = fakeServer([aNote({ id: 'n1' }), aNote({ id: 'n2' })]);
  const { client, outbox, storage, hooks } = setUp(server);
  setOnline(server, false);

  let added!: Note;
  await act(async () => {
    added = await hooks().add({ title: 'Train', content: '<p>on the train</p>' }, 'NOTES');
  });
  expect(added.id).toMatch(/^pending-/);
  await act(async () => {
    const edited = await hooks().update(added, { content: '<p>on the late train</p>' }, 1);
    await hooks().archive(edited);
    await hooks().trash(aNote({ id: 'n1' }));
  });

  // Shown at once, marked as waiting, kept in storage; nothing reached the server.
  expect(cached(client, added.id)).toMatchObject({ location: 'ARCHIVE', title: 'Train' });
  expect(cached(client, 'n1')?.location).toBe('TRASH');
  expect(outbox.getState().count).toBe(4);
  expect([...outbox.getState().waiting].sort()).toEqual([added.id, 'n1'].sort());
  expect(storage.entries.size).toBe(4);
  expect(server.sent).toEqual([]);

  act(() => setOnline(server, true));
  await settled(outbox);
  expect(server.sent).toEqual(['AddNote', 'UpdateNote', 'ArchiveNote', 'TrashNote']);
  const made = server.notes.find((n) => n.title === 'Train');
  expect(made).toMatchObject({ location: 'ARCHIVE', content: '<p>on the late train</p>' });
  expect(server.notes.find((n) => n.id === 'n1')?.location).toBe('TRASH');
  expect(storage.entries.size).toBe(0);
  // The local stand-in is gone; the server's note is in its place.
  expect(cached(client, added.id)).toBeNull();
  expect(cached(client, made!.id)).toMatchObject({ location: 'ARCHIVE', version: made!.version });
});

it('sends what waits when the server answers though the browser says it is offline (Jotter on the same machine)', async () => {
  const server = fakeServer([aNote({ id: 'n1' })]);
  const { outbox, hooks } = setUp(server);
  // No network for the browser, but the server on this machine still answers, and the browser
  // never fires 'online'.
  online = false;
  await act(async () => {
    await hooks().update(aNote({ id: 'n1' }), { title: 'Written on the train' }, 1);
    await hooks().update(aNote({ id: 'n1', title: 'Written on the train', version: 2 }), {
      priority: 'HIGH',
    });
  });
  // Kept to send, whatever the browser says: tried at once, then after 1, 2, 4… seconds.
  await waitFor(() => expect(outbox.getState().count).toBe(0), { timeout: 2500 });
  expect(server.sent).toEqual(['UpdateNote', 'UpdateNote']);
  expect(server.notes[0]).toMatchObject({ title: 'Written on the train', priority: 'HIGH' });
});

it('does not push the next try further away with each change made while it waits', async () => {
  const server = fakeServer([aNote({ id: 'n1' })]);
  const { outbox, hooks } = setUp(server);
  setOnline(server, false);
  await act(async () => {
    for (let version = 1; version <= 6; version += 1) {
      await hooks().update(aNote({ id: 'n1', version }), { title: `Edit ${version}` }, version);
    }
  });
  expect(outbox.getState().count).toBe(6);
  // The server can be reached again; the browser has not said so.
  server.cutNetwork(false);
  await waitFor(() => expect(outbox.getState().count).toBe(0), { timeout: 3500 });
  expect(server.notes[0]?.title).toBe('Edit 6');
});

it('keeps queueing while earlier changes wait, so the order holds even once online', async () => {
  const server = fakeServer([aNote({ id: 'n1' })]);
  const { client, outbox, hooks } = setUp(server);
  setOnline(server, false);
  await act(async () => {
    await hooks().update(cached(client, 'n1') ?? aNote({ id: 'n1' }), { color: '#ffcc00' });
  });
  // The network is back but nobody has told the outbox yet: the next change still queues.
  online = true;
  server.cutNetwork(false);
  await act(async () => {
    await hooks().update(aNote({ id: 'n1', color: '#ffcc00', version: 2 }), { priority: 'HIGH' });
  });
  expect(outbox.getState().count).toBe(2);
  await act(() => outbox.flush());
  await settled(outbox);
  expect(server.sent).toEqual(['UpdateNote', 'UpdateNote']);
  expect(server.notes[0]).toMatchObject({ color: '#ffcc00', priority: 'HIGH', version: 3 });
});

it('queues a change whose request found no network, and retries it until it goes through', async () => {
  const server = fakeServer([aNote({ id: 'n1' })]);
  const { outbox, hooks } = setUp(server);
  // The browser believes it is online, but the server cannot be reached.
  server.cutNetwork(true);
  let result!: Note;
  await act(async () => {
    result = await hooks().update(aNote({ id: 'n1' }), { title: 'Kept' });
  });
  expect(result.title).toBe('Kept');
  expect(outbox.getState().count).toBe(1);

  await act(() => outbox.flush());
  expect(outbox.getState().count).toBe(1);
  expect(server.sent).toEqual([]);

  server.cutNetwork(false);
  await act(() => outbox.flush());
  await settled(outbox);
  expect(server.sent).toEqual(['UpdateNote']);
  expect(server.notes[0]).toMatchObject({ title: 'Kept', version: 2 });
});

it('adds a note once when the answer to its add was lost: sent again with the same key', async () => {
  const server = fakeServer([]);
  const { client, outbox, hooks } = setUp(server);
  server.loseNextAnswer('AddNote');
  let added!: Note;
  await act(async () => {
    added = await hooks().add({ title: 'Once', content: '<p>x</p>' }, 'NOTES');
  });
  // The server made the note, but its answer never came back: the add waits to be sent again.
  expect(server.notes.filter((n) => n.title === 'Once')).toHaveLength(1);
  expect(outbox.getState().count).toBe(1);

  await act(() => outbox.flush());
  await settled(outbox);
  expect(server.sent.filter((name) => name === 'AddNote')).toHaveLength(2);
  expect(server.notes.filter((n) => n.title === 'Once')).toHaveLength(1);
  const made = server.notes.find((n) => n.title === 'Once')!;
  expect(cached(client, made.id)).toMatchObject({ title: 'Once' });
  expect(cached(client, added.id)).toBeNull();
});

it('sends two offline edits of one note on the versions the server gave, without a conflict', async () => {
  const server = fakeServer([aNote({ id: 'n1', version: 4 })]);
  const { outbox, hooks } = setUp(server);
  setOnline(server, false);
  await act(async () => {
    const first = await hooks().update(aNote({ id: 'n1', version: 4 }), { title: 'One' }, 4);
    expect(first.version).toBe(5);
    await hooks().update(first, { title: 'Two' }, first.version);
  });
  act(() => setOnline(server, true));
  await settled(outbox);
  expect(server.notes[0]).toMatchObject({ title: 'Two', version: 6 });
  expect(draftsAwaitingChoice(USER)).toEqual([]);
});

it('merges an offline edit with a change made elsewhere to other fields', async () => {
  const server = fakeServer([aNote({ id: 'n1', title: 'Groceries' })]);
  const { outbox, hooks } = setUp(server);
  setOnline(server, false);
  await act(async () => {
    await hooks().update(aNote({ id: 'n1', title: 'Groceries' }), { title: 'Shopping' }, 1);
  });
  server.changeElsewhere('n1', { content: '<p>eggs</p>', textContent: 'eggs' });

  act(() => setOnline(server, true));
  await settled(outbox);
  expect(server.notes[0]).toMatchObject({ title: 'Shopping', content: '<p>eggs</p>' });
  expect(draftsAwaitingChoice(USER)).toEqual([]);
});

it('hands an offline edit that meets another edit of the same text to the user, losing nothing', async () => {
  const base = aNote({ id: 'n1', content: '<p>milk</p>', textContent: 'milk' });
  const server = fakeServer([base]);
  const { client, outbox, hooks } = setUp(server);
  setOnline(server, false);
  await act(async () => {
    const mine = await hooks().update(base, { content: '<p>milk, bread</p>' }, 1);
    // A second edit made offline joins the first in the draft rather than being sent.
    await hooks().update(mine, { content: '<p>milk, bread, tea</p>' }, mine.version);
  });
  server.changeElsewhere('n1', { content: '<p>oat milk</p>', textContent: 'oat milk' });

  act(() => setOnline(server, true));
  await settled(outbox);
  // Theirs stays on the server and in the cache; mine waits as a draft, on a version older
  // than theirs, so the editor offers the choice.
  expect(server.notes[0]?.content).toBe('<p>oat milk</p>');
  expect(server.sent.filter((name) => name === 'UpdateNote')).toHaveLength(1);
  expect(cached(client, 'n1')?.content).toBe('<p>oat milk</p>');
  const kept = loadDraft(USER, 'n1');
  expect(kept?.awaitsChoice).toBe(true);
  expect(kept?.draft.content).toBe('<p>milk, bread, tea</p>');
  expect(draftOf(kept?.base).content).toBe('<p>milk</p>');
  expect(kept?.base?.version).toBeLessThan(server.notes[0]!.version);
});

it('drops a change the server refuses, says so, and shows the note as the server has it', async () => {
  const server = fakeServer([aNote({ id: 'n1' }), aNote({ id: 'n2' })]);
  const refused: Array<{ change: OutboxChange; error: unknown }> = [];
  const { client, outbox, hooks } = setUp(server, memoryOutboxStorage(), refused);
  await act(() => client.query({ query: CurrentNoteDocument, variables: { id: 'n1' } }));
  setOnline(server, false);
  await act(async () => {
    await hooks().archive(cached(client, 'n1')!);
    await hooks().trash(aNote({ id: 'n2' }));
  });
  // Meanwhile n1 went to the trash on another device: it can no longer be archived.
  server.changeElsewhere('n1', { location: 'TRASH', previousLocation: 'NOTES' });

  act(() => setOnline(server, true));
  await settled(outbox);
  expect(refused.map(({ change }) => change)).toEqual([{ kind: 'archive', id: 'n1' }]);
  expect(cached(client, 'n1')?.location).toBe('TRASH');
  // The refusal did not stop the changes after it.
  expect(server.notes.find((n) => n.id === 'n2')?.location).toBe('TRASH');
});

it('keeps the queue through a reload: the next visit shows the changes and sends them', async () => {
  const server = fakeServer([aNote({ id: 'n1' })]);
  const storage = memoryOutboxStorage();
  const first = setUp(server, storage);
  setOnline(server, false);
  await act(async () => {
    await first.hooks().add({ title: 'Draft on a plane', content: '<p>fly</p>' }, 'NOTES');
    await first.hooks().update(aNote({ id: 'n1' }), { title: 'Renamed offline' }, 1);
  });
  first.stop();
  first.unmount();

  // A new page: a new cache, the same storage, still offline.
  const second = setUp(server, storage);
  await waitFor(() => expect(second.outbox.getState().count).toBe(2));
  expect(cached(second.client, 'n1')?.title).toBe('Renamed offline');
  expect(server.sent).toEqual([]);

  act(() => setOnline(server, true));
  await settled(second.outbox);
  expect(server.notes.map((n) => n.title).sort()).toEqual(['Draft on a plane', 'Renamed offline']);
});

it('deletes forever offline, and sends the deletion when back', async () => {
  const server = fakeServer([aNote({ id: 'n1', location: 'TRASH' })]);
  const { client, outbox, hooks } = setUp(server);
  setOnline(server, false);
  await act(() => hooks().remove(aNote({ id: 'n1', location: 'TRASH' })));
  expect(cached(client, 'n1')).toBeNull();
  act(() => setOnline(server, true));
  await settled(outbox);
  expect(server.notes).toEqual([]);
});

it('sends at once, and fails at once, for a sign-in it cannot keep changes for (no user id)', async () => {
  const server = fakeServer([aNote({ id: 'n1' })]);
  const { outbox, hooks, stop } = setUp(server);
  stop();
  await act(async () => {
    await hooks().update(aNote({ id: 'n1' }), { title: 'Sent' });
  });
  expect(server.notes[0]?.title).toBe('Sent');
  server.cutNetwork(true);
  await expect(hooks().update(aNote({ id: 'n1' }), { title: 'Lost?' })).rejects.toThrow(
    'Failed to fetch',
  );
  expect(outbox.getState().count).toBe(0);
});

it('tells no one when nothing changes: starting with nothing waiting re-renders nothing', async () => {
  const server = fakeServer([aNote({ id: 'n1' })]);
  const storage = memoryOutboxStorage();
  const client = createApolloClient(server.link, noteTypePolicies);
  const outbox = createOutbox(client, storage);
  const told = jest.fn();
  outbox.subscribe(told);
  const before = outbox.getState();
  const stop = outbox.start(USER);
  // Starting reads the stored entries (none) and sends what waits (nothing).
  await act(() => outbox.flush());
  await waitFor(() => expect(storage.entries.size).toBe(0));
  expect(told).not.toHaveBeenCalled();
  expect(outbox.getState()).toBe(before);
  stop();
});

describe('two tabs of one browser', () => {
  // jsdom has no BroadcastChannel: Node's stands in (unref'd, so it never holds the test open).
  class TabChannel extends NodeBroadcastChannel {
    constructor(name: string) {
      super(name);
      this.unref();
    }
  }
  beforeAll(() => Object.assign(globalThis, { BroadcastChannel: TabChannel }));
  afterAll(() => Reflect.deleteProperty(globalThis, 'BroadcastChannel'));

  it("shows the other tab's offline changes, and drops a new note's stand-in once sent", async () => {
    const server = fakeServer([aNote({ id: 'n1', title: 'Shared' })]);
    const storage = memoryOutboxStorage();
    const first = setUp(server, storage);
    const second = setUp(server, storage);
    setOnline(server, false);

    let added!: Note;
    await act(async () => {
      added = await first
        .hooks()
        .add({ title: 'From the first tab', content: '<p>x</p>' }, 'NOTES');
      await second.hooks().update(aNote({ id: 'n1', title: 'Shared' }), {
        title: 'From the second tab',
      });
    });
    // Each tab shows both changes, and counts both as waiting.
    await waitFor(() => expect(cached(second.client, added.id)?.title).toBe('From the first tab'));
    await waitFor(() => expect(cached(first.client, 'n1')?.title).toBe('From the second tab'));
    await waitFor(() => expect(second.outbox.getState().count).toBe(2));
    expect(first.outbox.getState().count).toBe(2);

    // Back online, the first tab sends both (in the browser a Web Lock lets one tab send).
    online = true;
    server.cutNetwork(false);
    await act(() => first.outbox.flush());
    await settled(first.outbox);
    await settled(second.outbox);
    const made = server.notes.filter((n) => n.title === 'From the first tab');
    expect(made).toHaveLength(1);
    expect(server.notes.find((n) => n.id === 'n1')?.title).toBe('From the second tab');
    // The second tab's stand-in is gone (the live feed brings the server's copy).
    expect(cached(second.client, added.id)).toBeNull();
  });
});
