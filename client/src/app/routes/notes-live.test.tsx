import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aNote, fakeServer, type FakeServer } from '../../test-support/fake-server';
import { renderApp } from '../../test-support/render-app';

/**
 * Issue 12 on the client: a change made in another tab or on another device shows here with no
 * reload, and an open editor never loses what the user typed to a change made elsewhere.
 */

let server: FakeServer;

beforeEach(() => {
  localStorage.clear();
  server = fakeServer([
    aNote({ id: 'n1', title: 'Groceries', content: '<p>Milk</p>', textContent: 'Milk' }),
    aNote({ id: 'n2', title: 'Plans', createdAt: '2026-11-21T10:00:00.000Z' }),
  ]);
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => jest.restoreAllMocks());

const cardTitles = () =>
  within(screen.getByRole('list', { name: 'Notes' }))
    .queryAllByRole('article')
    .map((card) => card.getAttribute('aria-label'));

const card = (title: string) => screen.getByRole('article', { name: title });

/** /home, with the live feed running. */
async function openHome() {
  renderApp('/home', server);
  await waitFor(() => expect(cardTitles()).toEqual(['Plans', 'Groceries']));
  await waitFor(() => expect(server.sent).toContain('NoteEvents'));
}

describe('changes made elsewhere', () => {
  it('show on /home with no reload: added, edited, archived and trashed notes', async () => {
    await openHome();
    act(() =>
      server.addElsewhere(
        aNote({ id: 'n3', title: 'From the phone', createdAt: '2026-11-22T10:00:00.000Z' }),
      ),
    );
    await waitFor(() => expect(cardTitles()).toEqual(['From the phone', 'Plans', 'Groceries']));
    act(() => server.changeElsewhere('n1', { title: 'Groceries for Sunday' }));
    await waitFor(() =>
      expect(cardTitles()).toEqual(['From the phone', 'Plans', 'Groceries for Sunday']),
    );
    act(() => server.changeElsewhere('n2', { location: 'ARCHIVE' }));
    act(() => server.changeElsewhere('n3', { location: 'TRASH', previousLocation: 'NOTES' }));
    await waitFor(() => expect(cardTitles()).toEqual(['Groceries for Sunday']));
  });

  it('catch up after a dropped connection, from where the feed had got to', async () => {
    await openHome();
    const subscriptions = server.sent.filter((name) => name === 'NoteEvents').length;
    act(() => server.dropConnections());
    act(() => server.changeElsewhere('n1', { title: 'Changed while away' }));
    await waitFor(
      () =>
        expect(server.sent.filter((name) => name === 'NoteEvents').length).toBe(subscriptions + 1),
      { timeout: 3000 },
    );
    await waitFor(() => expect(cardTitles()).toEqual(['Plans', 'Changed while away']));
  });
});

describe('an open editor and a change made elsewhere', () => {
  async function openEditor(title: string) {
    const user = userEvent.setup();
    await openHome();
    await user.click(within(card(title)).getByRole('button', { name: 'Edit note' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit note' });
    return { user, dialog, titleBox: within(dialog).getByRole('textbox', { name: 'Title' }) };
  }

  it('shows the new text in place when the user has changed nothing', async () => {
    const { titleBox } = await openEditor('Groceries');
    act(() => server.changeElsewhere('n1', { title: 'Groceries, edited on the phone' }));
    await waitFor(() => expect(titleBox).toHaveValue('Groceries, edited on the phone'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('merges a change to another field silently, and saves on top of it', async () => {
    const { user, dialog, titleBox } = await openEditor('Groceries');
    await user.clear(titleBox);
    await user.type(titleBox, 'My title');
    act(() => server.changeElsewhere('n1', { color: '#3AB0FF' }));
    await waitFor(() =>
      expect(dialog.querySelector('.note-editor')).toHaveStyle({
        background: 'var(--note-3AB0FF)',
      }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Edit' }));
    expect(await screen.findByText('Note Edited')).toBeInTheDocument();
    expect(server.notes.find((n) => n.id === 'n1')).toMatchObject({
      title: 'My title',
      color: '#3AB0FF',
    });
  });

  it.each([
    ['Keep Mine', 'Mine', 'Mine'],
    ['Take Theirs', 'Theirs', 'Theirs'],
  ])('lets the user choose when both changed the title: %s', async (choice, shown, saved) => {
    const { user, dialog, titleBox } = await openEditor('Groceries');
    await user.clear(titleBox);
    await user.type(titleBox, 'Mine');
    act(() => server.changeElsewhere('n1', { title: 'Theirs' }));
    const banner = await within(dialog).findByRole('alert');
    expect(banner).toHaveTextContent('changed on another device or in another tab');
    // The other version's text shows, to choose by.
    expect(within(banner).getByRole('figure')).toHaveTextContent('The other version');
    expect(within(banner).getByRole('figure')).toHaveTextContent('Theirs');
    expect(within(dialog).getByRole('button', { name: 'Edit' })).toBeDisabled();
    await user.click(within(banner).getByRole('button', { name: choice }));
    expect(titleBox).toHaveValue(shown);
    await user.click(within(dialog).getByRole('button', { name: 'Edit' }));
    expect(await screen.findByText('Note Edited')).toBeInTheDocument();
    expect(server.notes.find((n) => n.id === 'n1')?.title).toBe(saved);
  });

  it('keeps both: mine saved as a new note, theirs in the editor', async () => {
    const { user, dialog, titleBox } = await openEditor('Groceries');
    await user.clear(titleBox);
    await user.type(titleBox, 'Mine');
    act(() => server.changeElsewhere('n1', { title: 'Theirs' }));
    const banner = await within(dialog).findByRole('alert');
    await user.click(within(banner).getByRole('button', { name: 'Keep Both' }));
    expect(await screen.findByText('Note Added')).toBeInTheDocument();
    await waitFor(() => expect(titleBox).toHaveValue('Theirs'));
    expect(server.notes.map((n) => n.title).sort()).toEqual(['Mine', 'Plans', 'Theirs']);
  });

  it('never saves over a change it has not seen: a stale save brings up the choice', async () => {
    const { user, dialog, titleBox } = await openEditor('Groceries');
    await user.clear(titleBox);
    await user.type(titleBox, 'Mine');
    // The feed is down, so the change reaches this tab only through the refused save.
    act(() => server.dropConnections({ reconnect: false }));
    act(() => server.changeElsewhere('n1', { title: 'Theirs' }));
    await user.click(within(dialog).getByRole('button', { name: 'Edit' }));
    const banner = await within(dialog).findByRole('alert');
    expect(banner).toHaveTextContent('(title)');
    expect(server.notes.find((n) => n.id === 'n1')?.title).toBe('Theirs');
    expect(titleBox).toHaveValue('Mine');
  });

  it('offers to save mine as a new note when the note was trashed elsewhere', async () => {
    const { user, dialog, titleBox } = await openEditor('Groceries');
    await user.clear(titleBox);
    await user.type(titleBox, 'Still mine');
    act(() => server.changeElsewhere('n1', { location: 'TRASH', previousLocation: 'NOTES' }));
    const banner = await within(dialog).findByRole('alert');
    expect(banner).toHaveTextContent('moved to the trash on another device');
    await user.click(within(banner).getByRole('button', { name: 'Save Mine As A New Note' }));
    expect(await screen.findByText('Note Added')).toBeInTheDocument();
    await waitFor(() => expect(cardTitles()).toEqual(['Still mine', 'Plans']));
  });
});
