import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setConnectionStatus } from '../../lib/connection-status';
import { aNote, fakeServer, type FakeServer } from '../../test-support/fake-server';
import { renderApp } from '../../test-support/render-app';

/**
 * Issue 15 on the client: with no network, the notes pages still search and filter what this
 * browser holds, changes show at once and say they are not saved yet, and when the network
 * returns they reach the server; a change that meets another one made elsewhere is offered as a
 * choice, not lost.
 */

jest.setTimeout(20_000);

let server: FakeServer;
let online = true;

beforeEach(() => {
  localStorage.clear();
  online = true;
  jest.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  server = fakeServer([
    aNote({
      id: 'n1',
      title: 'Groceries',
      content: '<p>Milk and eggs</p>',
      textContent: 'Milk and eggs',
      tags: ['home'],
    }),
    aNote({
      id: 'n2',
      title: 'Plans',
      content: '<p>Milk the idea</p>',
      textContent: 'Milk the idea',
      priority: 'HIGH',
      createdAt: '2026-11-21T10:00:00.000Z',
    }),
    aNote({ id: 'n3', title: 'Books', createdAt: '2026-11-19T10:00:00.000Z', tags: ['home'] }),
  ]);
});

afterEach(() => {
  act(() => setConnectionStatus('online'));
  jest.restoreAllMocks();
});

const cardTitles = () =>
  within(screen.getByRole('list', { name: 'Notes' }))
    .queryAllByRole('article')
    .map((card) => card.getAttribute('aria-label'));

const card = (title: string) => screen.getByRole('article', { name: title });

async function openHome() {
  const rendered = renderApp('/home', server);
  await waitFor(() => expect(cardTitles()).toEqual(['Plans', 'Groceries', 'Books']));
  await waitFor(() => expect(server.sent).toContain('NoteEvents'));
  return rendered;
}

/** Opens a card's editor, retitles the note and saves. */
async function retitle(user: ReturnType<typeof userEvent.setup>, from: string, to: string) {
  await user.click(within(card(from)).getByRole('button', { name: 'Edit note' }));
  const dialog = screen.getByRole('dialog', { name: 'Edit note' });
  const titleBox = within(dialog).getByRole('textbox', { name: 'Title' });
  await user.clear(titleBox);
  await user.type(titleBox, to);
  await user.click(within(dialog).getByRole('button', { name: 'Edit' }));
}

/** The network goes: the browser says so, and nothing reaches the server. */
function goOffline() {
  act(() => {
    online = false;
    server.cutNetwork(true);
    window.dispatchEvent(new Event('offline'));
  });
}

/** The network is back, and the live socket connects again. */
function goOnline() {
  act(() => {
    online = true;
    server.cutNetwork(false);
    window.dispatchEvent(new Event('online'));
    setConnectionStatus('online');
  });
}

it('searches and filters the cached notes offline with the server rules, then asks the server', async () => {
  const user = userEvent.setup();
  await openHome();
  goOffline();
  await user.type(screen.getByRole('searchbox', { name: /search/i }), 'milk');
  // Any letter case, in the title or the text, newest first: as the server would answer.
  await waitFor(() => expect(cardTitles()).toEqual(['Plans', 'Groceries']));
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();

  await user.clear(screen.getByRole('searchbox', { name: /search/i }));
  await user.type(screen.getByRole('searchbox', { name: /search/i }), 'GROCERIES');
  await waitFor(() => expect(cardTitles()).toEqual(['Groceries']));

  await user.clear(screen.getByRole('searchbox', { name: /search/i }));
  await user.type(screen.getByRole('searchbox', { name: /search/i }), 'milky');
  await waitFor(() => expect(screen.queryAllByRole('article')).toHaveLength(0));

  // Back online, the stand-in list is dropped and the server asked for the same search.
  const asked = server.sent.filter((name) => name === 'NotesList').length;
  goOnline();
  await waitFor(() =>
    expect(server.sent.filter((name) => name === 'NotesList').length).toBeGreaterThan(asked),
  );
});

it('edits and trashes offline: shown at once, marked unsaved, sent when back', async () => {
  const user = userEvent.setup();
  await openHome();
  goOffline();
  expect(await screen.findByText('Offline')).toBeInTheDocument();

  // Edit (adding through the new-note panel is in the browser test, e2e/offline.e2e.ts)
  await retitle(user, 'Groceries', 'On the train');
  await waitFor(() => expect(cardTitles()).toContain('On the train'));
  expect(within(card('On the train')).getByText('Not saved to the server yet')).toBeInTheDocument();

  // Trash
  await user.click(within(card('Books')).getByRole('button', { name: /trash/i }));
  await waitFor(() => expect(cardTitles()).not.toContain('Books'));
  expect(screen.getByText(/Offline · 2 unsaved/)).toBeInTheDocument();
  expect(server.notes.find((n) => n.id === 'n1')?.title).toBe('Groceries');

  goOnline();
  await waitFor(() => expect(screen.queryByText(/not saved/)).not.toBeInTheDocument());
  expect(server.notes.find((n) => n.id === 'n1')?.title).toBe('On the train');
  expect(server.notes.find((n) => n.id === 'n3')?.location).toBe('TRASH');
});

it('offers the choice when an edit made offline meets another edit of the same note', async () => {
  const user = userEvent.setup();
  await openHome();
  goOffline();
  await retitle(user, 'Groceries', 'Mine, offline');
  await waitFor(() => expect(cardTitles()).toContain('Mine, offline'));

  // Meanwhile the phone renamed it too.
  server.changeElsewhere('n1', { title: 'Theirs, on the phone' });
  goOnline();
  const notice = await screen.findByRole('region', { name: 'Changes to review' });
  expect(notice).toHaveTextContent('A note you changed offline was also changed on another device');
  expect(notice).toHaveTextContent('Mine, offline');
  expect(server.notes.find((n) => n.id === 'n1')?.title).toBe('Theirs, on the phone');

  await user.click(within(notice).getByRole('button', { name: 'Choose' }));
  const editor = screen.getByRole('dialog', { name: 'Edit note' });
  const banner = await within(editor).findByRole('alert');
  await user.click(within(banner).getByRole('button', { name: 'Keep Mine' }));
  expect(within(editor).getByRole('textbox', { name: 'Title' })).toHaveValue('Mine, offline');
  await user.click(within(editor).getByRole('button', { name: 'Edit' }));
  await waitFor(() => expect(server.notes.find((n) => n.id === 'n1')?.title).toBe('Mine, offline'));
  await waitFor(() =>
    expect(screen.queryByRole('region', { name: 'Changes to review' })).not.toBeInTheDocument(),
  );
});

it('sends what waits as soon as the live connection is back, not at its next retry', async () => {
  const user = userEvent.setup();
  const { outbox } = await openHome();
  // The browser still believes it is online, but the server cannot be reached.
  act(() => {
    server.cutNetwork(true);
    setConnectionStatus('connecting');
  });
  await retitle(user, 'Groceries', 'Sent on reconnect');
  await waitFor(() => expect(cardTitles()).toContain('Sent on reconnect'));
  expect(
    within(card('Sent on reconnect')).getByText('Not saved to the server yet'),
  ).toBeInTheDocument();
  // More attempts find no network: each doubles the wait before the next, now 30 s away.
  for (let i = 0; i < 5; i += 1) await act(() => outbox.flush());
  expect(server.notes.find((n) => n.id === 'n1')?.title).toBe('Groceries');

  act(() => {
    server.cutNetwork(false);
    setConnectionStatus('online');
  });
  await waitFor(() =>
    expect(server.notes.find((n) => n.id === 'n1')?.title).toBe('Sent on reconnect'),
  );
  await waitFor(() => expect(screen.queryByText(/not saved/)).not.toBeInTheDocument());
});
