import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aNote, fakeServer, type FakeServer } from '../../test-support/fake-server';
import { renderApp } from '../../test-support/render-app';
import { TrashListDocument } from '../../features/notes/api/note-queries';
import { PAGE_SIZE } from '../../features/notes/cache/prefetch';
import { FIRST_BATCH } from '../../features/notes/list/use-revealed-count';

/**
 * Issue 13 as a Keep user drives it: pins and the Pinned/Others groups, Undo on every reversible
 * toast and Ctrl/⌘+Z, Keep's keyboard shortcuts, labels in the sidebar, "Edit labels" and
 * "Empty trash".
 */

const groceries = aNote({
  id: 'n1',
  title: 'Groceries',
  tags: ['home'],
  createdAt: '2026-11-20T10:00:00.000Z',
});
const plans = aNote({
  id: 'n2',
  title: 'Plans',
  tags: ['work'],
  createdAt: '2026-11-21T10:00:00.000Z',
});
const recipes = aNote({ id: 'n5', title: 'Recipes', createdAt: '2026-11-19T12:00:00.000Z' });
const oldIdea = aNote({
  id: 'n3',
  title: 'Old idea',
  tags: ['home'],
  location: 'ARCHIVE',
  createdAt: '2026-11-19T10:00:00.000Z',
});
const binned = aNote({
  id: 'n4',
  title: 'Binned',
  tags: ['home'],
  location: 'TRASH',
  previousLocation: 'NOTES',
  createdAt: '2026-11-18T10:00:00.000Z',
});

let server: FakeServer;

beforeEach(() => {
  localStorage.clear();
  server = fakeServer([groceries, plans, recipes, oldIdea, binned]);
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => jest.restoreAllMocks());

const titlesIn = (list: string) =>
  within(screen.getByRole('list', { name: list }))
    .queryAllByRole('article')
    .map((card) => card.getAttribute('aria-label'));

const card = (title: string) => screen.getByRole('article', { name: title });
const serverNote = (id: string) => server.notes.find((n) => n.id === id);

async function openHome() {
  renderApp('/home', server);
  await waitFor(() => expect(titlesIn('Notes')).toEqual(['Plans', 'Groceries', 'Recipes']));
}

describe('pins', () => {
  it('pins from the card: a Pinned group above Others at once, and Undo unpins', async () => {
    const user = userEvent.setup();
    await openHome();
    expect(screen.queryByRole('heading', { name: 'Pinned' })).not.toBeInTheDocument();
    const release = server.hold();
    await user.click(within(card('Groceries')).getByRole('button', { name: 'Pin note' }));
    expect(await screen.findByRole('heading', { name: 'Pinned' })).toBeInTheDocument();
    expect(titlesIn('Pinned notes')).toEqual(['Groceries']);
    expect(titlesIn('Other notes')).toEqual(['Plans', 'Recipes']);
    act(release);
    const toast = (await screen.findByText('Note Pinned')).closest('.undo-toast') as HTMLElement;
    expect(serverNote('n1')?.pinned).toBe(true);

    await user.click(within(toast).getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(titlesIn('Notes')).toEqual(['Plans', 'Groceries', 'Recipes']));
    expect(await screen.findByText('Note Unpinned')).toBeInTheDocument();
    expect(serverNote('n1')?.pinned).toBe(false);
  });

  it('unpins again when the server refuses the pin', async () => {
    const user = userEvent.setup();
    await openHome();
    server.refuseNext('UpdateNote');
    await user.click(within(card('Recipes')).getByRole('button', { name: 'Pin note' }));
    expect(await screen.findByText('Failed To Update Note')).toBeInTheDocument();
    await waitFor(() => expect(titlesIn('Notes')).toEqual(['Plans', 'Groceries', 'Recipes']));
  });

  it('keeps the groups, each in the chosen order, under a search', async () => {
    server = fakeServer([
      groceries,
      { ...plans, pinned: true },
      { ...recipes, pinned: true, textContent: 'Body of n1' },
    ]);
    const user = userEvent.setup();
    renderApp('/home', server);
    await waitFor(() => expect(titlesIn('Pinned notes')).toEqual(['Plans', 'Recipes']));
    await user.type(screen.getByRole('searchbox', { name: 'Search notes' }), 'n1');
    await waitFor(() => expect(titlesIn('Pinned notes')).toEqual(['Recipes']));
    expect(titlesIn('Other notes')).toEqual(['Groceries']);
  });
});

describe('undo', () => {
  it('Undo on the archive toast brings the note back', async () => {
    const user = userEvent.setup();
    await openHome();
    await user.click(within(card('Plans')).getByRole('button', { name: 'Archive note' }));
    const toast = (await screen.findByText('Note Archived Successfully')).closest(
      '.undo-toast',
    ) as HTMLElement;
    await user.click(within(toast).getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(titlesIn('Notes')).toEqual(['Plans', 'Groceries', 'Recipes']));
    expect(await screen.findByText('Note Unarchived Successfully')).toBeInTheDocument();
    expect(serverNote('n2')?.location).toBe('NOTES');
  });

  it('Ctrl+Z outside a text field undoes the last action; inside one it does not', async () => {
    const user = userEvent.setup();
    await openHome();
    await user.click(within(card('Plans')).getByRole('button', { name: 'Move note to trash' }));
    await screen.findByText('Note Moved To Trash');
    expect(serverNote('n2')?.location).toBe('TRASH');

    await user.click(screen.getByRole('searchbox', { name: 'Search notes' }));
    await user.keyboard('{Control>}z{/Control}');
    expect(serverNote('n2')?.location).toBe('TRASH');

    act(() => (document.activeElement as HTMLElement).blur());
    await user.keyboard('{Control>}z{/Control}');
    expect(await screen.findByText('Note Restored')).toBeInTheDocument();
    await waitFor(() => expect(titlesIn('Notes')).toEqual(['Plans', 'Groceries', 'Recipes']));
    expect(serverNote('n2')?.location).toBe('NOTES');
  });

  it('Ctrl+Z pressed before the server answers undoes that action, not the one before', async () => {
    const user = userEvent.setup();
    await openHome();
    await user.click(within(card('Recipes')).getByRole('button', { name: 'Pin note' }));
    await screen.findByText('Note Pinned');
    // The cards have moved into their groups (a slow render must not swallow the next click).
    await waitFor(() => expect(titlesIn('Pinned notes')).toEqual(['Recipes']));
    const release = server.hold();
    await user.click(within(card('Plans')).getByRole('button', { name: 'Archive note' }));
    act(() => (document.activeElement as HTMLElement).blur());
    await user.keyboard('{Control>}z{/Control}');
    act(release);
    expect(await screen.findByText('Note Unarchived Successfully')).toBeInTheDocument();
    expect(serverNote('n2')?.location).toBe('NOTES');
    expect(serverNote('n5')?.pinned).toBe(true);
  });

  it('Undo after saving an edit brings back the text before the save', async () => {
    const user = userEvent.setup();
    await openHome();
    await user.click(within(card('Plans')).getByRole('button', { name: 'Edit note' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit note' });
    const title = within(dialog).getByRole('textbox', { name: 'Title' });
    await user.clear(title);
    await user.type(title, 'Better plans');
    await user.keyboard('{Control>}{Enter}{/Control}');
    const toast = (await screen.findByText('Note Edited')).closest('.undo-toast') as HTMLElement;
    expect(serverNote('n2')?.title).toBe('Better plans');
    await user.click(within(toast).getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(serverNote('n2')?.title).toBe('Plans'));
    await waitFor(() => expect(card('Plans')).toBeInTheDocument());
  });
});

describe('keyboard', () => {
  it('j and k move between cards; e, f and # act on the focused card; Enter opens it', async () => {
    const user = userEvent.setup();
    await openHome();
    await user.keyboard('j');
    expect(card('Plans')).toHaveFocus();
    await user.keyboard('jj');
    expect(card('Recipes')).toHaveFocus();
    await user.keyboard('k');
    expect(card('Groceries')).toHaveFocus();

    await user.keyboard('f');
    await waitFor(() => expect(titlesIn('Pinned notes')).toEqual(['Groceries']));
    await waitFor(() => expect(serverNote('n1')?.pinned).toBe(true));

    card('Recipes').focus();
    await user.keyboard('e');
    await waitFor(() => expect(serverNote('n5')?.location).toBe('ARCHIVE'));

    card('Plans').focus();
    await user.keyboard('#');
    await waitFor(() => expect(serverNote('n2')?.location).toBe('TRASH'));

    card('Groceries').focus();
    await user.keyboard('{Enter}');
    const dialog = screen.getByRole('dialog', { name: 'Edit note' });
    expect(within(dialog).getByRole('textbox', { name: 'Title' })).toHaveValue('Groceries');
    // Esc closes the editor; what was typed is kept as a draft and offered back.
    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), ' and more');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Edit note' })).not.toBeInTheDocument();
    await user.click(within(card('Groceries')).getByRole('button', { name: 'Edit note' }));
    const reopened = screen.getByRole('dialog', { name: 'Edit note' });
    expect(within(reopened).getByRole('textbox', { name: 'Title' })).toHaveValue(
      'Groceries and more',
    );
  });

  it('c starts a new note, / goes to search, ? lists the shortcuts; none fires while typing', async () => {
    const user = userEvent.setup();
    await openHome();
    await user.keyboard('/');
    const search = screen.getByRole('searchbox', { name: 'Search notes' });
    expect(search).toHaveFocus();
    await user.keyboard('c?j');
    expect(search).toHaveValue('c?j');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    act(() => search.blur());
    await user.keyboard('c');
    const newNote = screen.getByRole('region', { name: 'New note' });
    expect(within(newNote).getByRole('textbox', { name: 'Title' })).toHaveFocus();

    act(() => (document.activeElement as HTMLElement).blur());
    await user.keyboard('?');
    const help = screen.getByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(within(help).getByText('Pin or unpin the focused note')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('labels', () => {
  it('a label in the sidebar shows its notes', async () => {
    const user = userEvent.setup();
    await openHome();
    const sidebar = screen.getByRole('navigation', { name: 'Main' });
    await user.click(await within(sidebar).findByRole('link', { name: 'work' }));
    await waitFor(() => expect(titlesIn('Notes')).toEqual(['Plans']));
  });

  it('Edit labels renames a label on every note, refusing empty and duplicate names', async () => {
    const user = userEvent.setup();
    await openHome();
    const sidebar = screen.getByRole('navigation', { name: 'Main' });
    await user.click(within(sidebar).getByRole('link', { name: 'Edit labels' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit labels' });
    const home = within(dialog).getByRole('textbox', { name: 'Label name: home' });

    await user.clear(home);
    await user.type(home, '   {Enter}');
    expect(await screen.findByText("Label Name Can't Be Empty")).toBeInTheDocument();
    expect(home).toHaveValue('home');

    await user.clear(home);
    await user.type(home, 'work{Enter}');
    expect(await screen.findByText('work Already Exists')).toBeInTheDocument();
    expect(home).toHaveValue('home');

    await user.clear(home);
    await user.type(home, 'house{Enter}');
    expect(await screen.findByText('Label Renamed')).toBeInTheDocument();
    for (const id of ['n1', 'n3', 'n4']) expect(serverNote(id)?.tags).toEqual(['house']);
    expect(await within(card('Groceries')).findByText('house')).toBeInTheDocument();
  });

  it('Edit labels creates a label and deletes one from every note, after asking', async () => {
    const user = userEvent.setup();
    await openHome();
    const sidebar = screen.getByRole('navigation', { name: 'Main' });
    await user.click(within(sidebar).getByRole('link', { name: 'Edit labels' }));
    let dialog = await screen.findByRole('dialog', { name: 'Edit labels' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Create new label' }), 'ideas');
    await user.click(within(dialog).getByRole('button', { name: 'Create label' }));
    expect(await screen.findByText('New Label Added')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Label name: ideas' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Delete label home' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Label Deleted')).toBeInTheDocument();
    for (const id of ['n1', 'n3', 'n4']) expect(serverNote(id)?.tags).toEqual([]);
    // Apollo hands a cache change to the screen in a timer task: wait for the card to redraw.
    await waitFor(() =>
      expect(within(card('Groceries')).queryByText('home')).not.toBeInTheDocument(),
    );
    dialog = screen.getByRole('dialog', { name: 'Edit labels' });
    expect(within(dialog).queryByRole('textbox', { name: 'Label name: home' })).toBeNull();
  });
});

/** Confirms "Empty trash" with the server's answer held: the trash is empty before it answers. */
async function confirmEmptyTrashBeforeTheServerAnswers() {
  const release = server.hold();
  fireEvent.click(
    within(screen.getByRole('dialog', { name: 'Empty trash?' })).getByRole('button', {
      name: 'Empty trash',
    }),
  );
  expect(await screen.findByText('No Notes In Trash')).toBeInTheDocument();
  act(release);
  expect(await screen.findByText('Trash Emptied')).toBeInTheDocument();
}

describe('Empty trash', () => {
  it('asks, then empties the trash at once', async () => {
    const user = userEvent.setup();
    renderApp('/trash', server);
    await waitFor(() => expect(titlesIn('Notes')).toEqual(['Binned']));
    await user.click(screen.getByRole('button', { name: 'Empty trash' }));
    const confirm = screen.getByRole('dialog', { name: 'Empty trash?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(titlesIn('Notes')).toEqual(['Binned']);

    await user.click(screen.getByRole('button', { name: 'Empty trash' }));
    await confirmEmptyTrashBeforeTheServerAnswers();
    expect(server.notes.some((n) => n.location === 'TRASH')).toBe(false);
  });

  it('takes out at once every trashed note the cache holds, not only the cards drawn so far', async () => {
    const many = Array.from({ length: PAGE_SIZE + 5 }, (_, i) =>
      aNote({
        id: `t${i}`,
        title: `Trashed ${i}`,
        location: 'TRASH',
        previousLocation: 'NOTES',
        createdAt: new Date(Date.UTC(2026, 10, 1, 0, i)).toISOString(),
      }),
    );
    server = fakeServer(many);
    const { client } = renderApp('/trash', server);
    await waitFor(() => expect(titlesIn('Notes')).toHaveLength(FIRST_BATCH));
    // The whole trash in the cache, as after scrolling it or restoring a saved cache.
    await client.query({
      query: TrashListDocument,
      variables: { first: PAGE_SIZE * 2 },
      fetchPolicy: 'network-only',
    });
    expect(titlesIn('Notes')).toHaveLength(FIRST_BATCH);

    fireEvent.click(screen.getByRole('button', { name: 'Empty trash' }));
    await confirmEmptyTrashBeforeTheServerAnswers();
    expect(server.notes).toHaveLength(0);
  });
});
