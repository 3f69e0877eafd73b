import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aNote, fakeServer, type FakeServer } from '../../test-support/fake-server';
import { renderApp } from '../../test-support/render-app';

/**
 * The notes pages as a user drives them: every card action shows at once, before the server has
 * answered, and a refused one puts the screen back the way it was with the spec's error toast.
 * "At once" is checked with the server held: Apollo hands a cache change to the screen in a
 * timer task of its own, so the check waits for it, not for the click's own task.
 */

const groceries = aNote({
  id: 'n1',
  title: 'Groceries',
  tags: ['home'],
  createdAt: '2026-11-20T10:00:00.000Z',
});
const plans = aNote({ id: 'n2', title: 'Plans', createdAt: '2026-11-21T10:00:00.000Z' });
const oldIdea = aNote({
  id: 'n3',
  title: 'Old idea',
  location: 'ARCHIVE',
  createdAt: '2026-11-19T10:00:00.000Z',
});
const binned = aNote({
  id: 'n4',
  title: 'Binned',
  location: 'TRASH',
  previousLocation: 'ARCHIVE',
  createdAt: '2026-11-18T10:00:00.000Z',
});

let server: FakeServer;

beforeEach(() => {
  localStorage.clear();
  server = fakeServer([groceries, plans, oldIdea, binned]);
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => jest.restoreAllMocks());

/** The titles of the cards on screen, in order. */
const cardTitles = () =>
  within(screen.getByRole('list', { name: 'Notes' }))
    .queryAllByRole('article')
    .map((card) => card.getAttribute('aria-label'));

const card = (title: string) => screen.getByRole('article', { name: title });

async function openHome() {
  renderApp('/home', server);
  await waitFor(() => expect(cardTitles()).toEqual(['Plans', 'Groceries']));
}

describe('/home', () => {
  it('archives a note at once, and says so when the server has it', async () => {
    const user = userEvent.setup();
    await openHome();
    const release = server.hold();
    await user.click(within(card('Groceries')).getByRole('button', { name: 'Archive note' }));
    await waitFor(() => expect(cardTitles()).toEqual(['Plans']));
    expect(screen.queryByText('Note Archived Successfully')).not.toBeInTheDocument();
    act(release);
    expect(await screen.findByText('Note Archived Successfully')).toBeInTheDocument();
    expect(cardTitles()).toEqual(['Plans']);
    expect(server.notes.find((n) => n.id === 'n1')?.location).toBe('ARCHIVE');
  });

  it('puts a card back when the server refuses to archive it', async () => {
    const user = userEvent.setup();
    await openHome();
    server.refuseNext('ArchiveNote');
    const release = server.hold();
    await user.click(within(card('Groceries')).getByRole('button', { name: 'Archive note' }));
    await waitFor(() => expect(cardTitles()).toEqual(['Plans']));
    act(release);
    expect(await screen.findByText('Failed To Add To Archive Note')).toBeInTheDocument();
    await waitFor(() => expect(cardTitles()).toEqual(['Plans', 'Groceries']));
  });

  it('moves a note to the trash at once, and back on a network failure', async () => {
    const user = userEvent.setup();
    await openHome();
    server.refuseNext('TrashNote', 'INTERNAL_SERVER_ERROR');
    await user.click(within(card('Plans')).getByRole('button', { name: 'Move note to trash' }));
    expect(await screen.findByText('Failed In Moving To Trash')).toBeInTheDocument();
    await waitFor(() => expect(cardTitles()).toEqual(['Plans', 'Groceries']));

    const release = server.hold();
    await user.click(within(card('Plans')).getByRole('button', { name: 'Move note to trash' }));
    await waitFor(() => expect(cardTitles()).toEqual(['Groceries']));
    act(release);
    expect(await screen.findByText('Note Moved To Trash')).toBeInTheDocument();
  });

  it('recolours a card at once and shows a spinner until the server answers', async () => {
    const user = userEvent.setup();
    await openHome();
    const release = server.hold();
    await user.click(within(card('Plans')).getByRole('button', { name: 'Change colour' }));
    await user.click(screen.getByRole('button', { name: 'Colour #3AB0FF' }));
    await waitFor(() => expect(card('Plans')).toHaveStyle({ background: 'var(--note-3AB0FF)' }));
    expect(within(card('Plans')).getByRole('status', { name: 'Saving' })).toBeInTheDocument();
    act(release);
    expect(await screen.findByText('Note color Updated')).toBeInTheDocument();
    await waitFor(() => expect(card('Plans')).toHaveAttribute('aria-busy', 'false'));
    expect(card('Plans')).toHaveStyle({ background: 'var(--note-3AB0FF)' });
  });

  it('puts the priority back when the server refuses the change', async () => {
    const user = userEvent.setup();
    await openHome();
    server.refuseNext('UpdateNote', 'BAD_USER_INPUT');
    const release = server.hold();
    await user.click(within(card('Plans')).getByRole('button', { name: 'Change priority' }));
    await user.click(screen.getByRole('radio', { name: 'High' }));
    expect(await within(card('Plans')).findByText('High')).toBeInTheDocument();
    act(release);
    expect(await screen.findByText('Failed To Update Note')).toBeInTheDocument();
    await waitFor(() => expect(within(card('Plans')).queryByText('High')).not.toBeInTheDocument());
  });

  it('adds a label from a card: the chip and the filter panel show it', async () => {
    const user = userEvent.setup();
    await openHome();
    await user.click(within(card('Plans')).getByRole('button', { name: 'Change labels' }));
    await user.type(screen.getByRole('textbox', { name: 'New label' }), 'trip');
    await user.click(screen.getByRole('button', { name: 'Add label' }));
    expect(await screen.findByText('New Label Added')).toBeInTheDocument();
    // Apollo hands a cache change to the screen in a timer task: wait for the chip.
    await waitFor(() =>
      expect(
        within(card('Plans')).getByRole('list', { name: 'Priority and labels' }),
      ).toHaveTextContent('trip'),
    );
    expect(await screen.findByText('Note tag Updated')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    const tags = screen.getByRole('group', { name: 'Filter By Tags' });
    expect(await within(tags).findByRole('checkbox', { name: 'trip' })).toBeInTheDocument();
    expect(within(tags).getByRole('checkbox', { name: 'home' })).toBeInTheDocument();
  });

  it('closes the Filters panel on Escape, keeps the search text, and gives focus back', async () => {
    const user = userEvent.setup();
    await openHome();
    const search = screen.getByRole('searchbox', { name: 'Search notes' });
    await user.type(search, 'Plan');
    const toggle = screen.getByRole('button', { name: 'Filters' });
    await user.click(toggle);
    await user.click(screen.getByRole('radio', { name: 'Oldest' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('group', { name: 'Filter By Tags' })).not.toBeInTheDocument();
    expect(toggle).toHaveFocus();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    // From the search box too, where a second Escape is the browser's own (it clears the box).
    await user.click(toggle);
    await user.click(search);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('group', { name: 'Filter By Tags' })).not.toBeInTheDocument();
    expect(search).toHaveValue('Plan');
  });

  it('saves an edit: the card changes at once and the modal closes when the server has it', async () => {
    const user = userEvent.setup();
    await openHome();
    await user.click(within(card('Plans')).getByRole('button', { name: 'Edit note' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit note' });
    const title = within(dialog).getByRole('textbox', { name: 'Title' });
    await user.clear(title);
    await user.type(title, 'Plans for Sunday');
    const release = server.hold();
    await user.click(within(dialog).getByRole('button', { name: 'Edit' }));
    await waitFor(() => expect(cardTitles()).toEqual(['Plans for Sunday', 'Groceries']));
    expect(screen.getByRole('dialog', { name: 'Edit note' })).toBeInTheDocument();
    act(release);
    expect(await screen.findByText('Note Edited')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Edit note' })).not.toBeInTheDocument();
  });

  it('keeps what was typed when the server refuses an edit', async () => {
    const user = userEvent.setup();
    await openHome();
    await user.click(within(card('Plans')).getByRole('button', { name: 'Edit note' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit note' });
    const title = within(dialog).getByRole('textbox', { name: 'Title' });
    await user.clear(title);
    await user.type(title, 'Never saved');
    server.refuseNext('UpdateNote');
    await user.click(within(dialog).getByRole('button', { name: 'Edit' }));
    expect(await screen.findByText('Failed To Edit Note')).toBeInTheDocument();
    await waitFor(() => expect(cardTitles()).toEqual(['Plans', 'Groceries']));
    expect(within(dialog).getByRole('textbox', { name: 'Title' })).toHaveValue('Never saved');
  });
});

describe('/archive and /trash', () => {
  it('unarchives from the archive: the card leaves at once', async () => {
    const user = userEvent.setup();
    renderApp('/archive', server);
    await waitFor(() => expect(cardTitles()).toEqual(['Old idea']));
    const release = server.hold();
    await user.click(within(card('Old idea')).getByRole('button', { name: 'Restore note' }));
    expect(await screen.findByText('No Archived Notes Available')).toBeInTheDocument();
    act(release);
    expect(await screen.findByText('Note Unarchived Successfully')).toBeInTheDocument();
  });

  it('restores from the trash to where the note came from', async () => {
    const user = userEvent.setup();
    renderApp('/trash', server);
    await waitFor(() => expect(cardTitles()).toEqual(['Binned']));
    expect(within(card('Binned')).queryByRole('button', { name: 'Edit note' })).toBeNull();
    await user.click(within(card('Binned')).getByRole('button', { name: 'Restore note' }));
    expect(await screen.findByText('No Notes In Trash')).toBeInTheDocument();
    expect(await screen.findByText('Note Restored')).toBeInTheDocument();
    expect(server.notes.find((n) => n.id === 'n4')?.location).toBe('ARCHIVE');
  });

  it('deletes forever at once, and brings the note back when refused', async () => {
    const user = userEvent.setup();
    renderApp('/trash', server);
    await waitFor(() => expect(cardTitles()).toEqual(['Binned']));
    server.refuseNext('DeleteNote');
    const release = server.hold();
    await user.click(within(card('Binned')).getByRole('button', { name: 'Delete note forever' }));
    // It cannot be undone, so it asks first; Cancel keeps the note.
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(cardTitles()).toEqual(['Binned']);
    await user.click(within(card('Binned')).getByRole('button', { name: 'Delete note forever' }));
    await user.click(screen.getByRole('button', { name: 'Delete Forever' }));
    expect(await screen.findByText('No Notes In Trash')).toBeInTheDocument();
    act(release);
    expect(await screen.findByText('Failed To Delete Note Permanently')).toBeInTheDocument();
    await waitFor(() => expect(cardTitles()).toEqual(['Binned']));

    await user.click(within(card('Binned')).getByRole('button', { name: 'Delete note forever' }));
    await user.click(screen.getByRole('button', { name: 'Delete Forever' }));
    expect(await screen.findByText('Note Permanently deleted')).toBeInTheDocument();
    expect(server.notes.some((n) => n.id === 'n4')).toBe(false);
  });
});
