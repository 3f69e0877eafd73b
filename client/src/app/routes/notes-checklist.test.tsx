import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aNote, fakeServer, type FakeServer } from '../../test-support/fake-server';
import { renderApp } from '../../test-support/render-app';
import { toast } from '../../lib/toast';

/**
 * Issue 13's checklists on a card: an item is ticked with one press, without opening the editor;
 * the card shows it at once, the server's refusal puts it back, and Ctrl+Z unticks it. A tick says
 * nothing when it works (issue 38: Keep's way, no snackbar per tick).
 */

const shopping =
  '<ul data-checklist><li data-checked="true">Milk</li><li data-checked="false">Eggs</li>' +
  '<li data-checked="false">Tea</li></ul>';

let server: FakeServer;

beforeEach(() => {
  localStorage.clear();
  server = fakeServer([
    aNote({ id: 'n1', title: 'Shopping', content: shopping, textContent: 'Milk\nEggs\nTea' }),
    aNote({ id: 'n2', title: 'Binned list', content: shopping, location: 'TRASH' }),
  ]);
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => jest.restoreAllMocks());

const card = () => screen.getByRole('article', { name: 'Shopping' });
const box = (name: string) => within(card()).getByRole('checkbox', { name });
/** The card's items in the order it shows them, ticked ones marked with an x. */
const shown = () =>
  within(card())
    .getAllByRole('checkbox')
    .map(
      (item) =>
        `${(item as HTMLInputElement).checked ? 'x' : ' '} ${item.closest('li')?.textContent}`,
    );
const stored = () => server.notes.find((note) => note.id === 'n1')?.content;

async function openHome() {
  renderApp('/home', server);
  // The first render loads the whole app: give it the time a loaded machine needs.
  await waitFor(() => expect(shown()).toEqual(['  Eggs', '  Tea', 'x Milk']), { timeout: 5000 });
}

describe('a checklist on a card', () => {
  it('ticks an item at once, without opening the editor, and saves it', async () => {
    const user = userEvent.setup();
    await openHome();
    const release = server.hold();
    const said = jest.spyOn(toast, 'success');
    await user.click(box('Eggs'));
    // The server is held: the card changes in the click's own render.
    expect(shown()).toEqual(['  Tea']);
    expect(within(card()).getByRole('button', { name: '2 ticked items' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await within(card()).findByRole('status', { name: 'Saving' })).toBeInTheDocument();
    act(release);
    await waitFor(() => expect(stored()).toBe(shopping.replace('"false">Eggs', '"true">Eggs')));
    await waitFor(() =>
      expect(within(card()).queryByRole('status', { name: 'Saving' })).not.toBeInTheDocument(),
    );
    // Answered (the card no longer says Saving once the action is done), and nothing said: the
    // tick itself shows it.
    expect(said).not.toHaveBeenCalled();
    await user.click(within(card()).getByRole('button', { name: '2 ticked items' }));
    expect(shown()).toEqual(['  Tea', 'x Milk', 'x Eggs']);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('unticks with the keyboard too (Space on the focused box)', async () => {
    const user = userEvent.setup();
    await openHome();
    box('Milk').focus();
    await user.keyboard(' ');
    await waitFor(() => expect(shown()).toEqual(['  Milk', '  Eggs', '  Tea']));
    await waitFor(() => expect(stored()).toBe(shopping.replace('"true">Milk', '"false">Milk')));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('puts the item back with the spec’s failure toast when the server refuses', async () => {
    const user = userEvent.setup();
    await openHome();
    server.refuseNext('UpdateNote', 'BAD_USER_INPUT');
    const release = server.hold();
    await user.click(box('Tea'));
    expect(shown()).toEqual(['  Eggs']);
    act(release);
    expect(await screen.findByText('Failed To Update Note')).toBeInTheDocument();
    await waitFor(() => expect(shown()).toEqual(['  Eggs', '  Tea', 'x Milk']));
    expect(stored()).toBe(shopping);
  });

  it('unticks again with Ctrl+Z, on the card and on the server, still saying nothing', async () => {
    const user = userEvent.setup();
    await openHome();
    const said = jest.spyOn(toast, 'success');
    await user.click(box('Eggs'));
    await waitFor(() => expect(stored()).toContain('"true">Eggs'));
    act(() => card().focus());
    await user.keyboard('{Control>}z{/Control}');
    await waitFor(() => expect(shown()).toEqual(['  Eggs', '  Tea', 'x Milk']));
    await waitFor(() => expect(stored()).toBe(shopping));
    await waitFor(() =>
      expect(within(card()).queryByRole('status', { name: 'Saving' })).not.toBeInTheDocument(),
    );
    expect(said).not.toHaveBeenCalled();
  });

  it('refuses to tick over a change made elsewhere meanwhile, and shows the note as it is', async () => {
    const user = userEvent.setup();
    await openHome();
    // The server has moved on (another device) before this card heard of it.
    server.notes[0]!.version += 1;
    server.notes[0]!.content = shopping.replace('Tea', 'Green tea');
    await user.click(box('Eggs'));
    expect(await screen.findByText('Failed To Update Note')).toBeInTheDocument();
    expect(stored()).toBe(shopping.replace('Tea', 'Green tea'));
  });

  it('shows the boxes of a note in the trash without letting them change', async () => {
    renderApp('/trash', server);
    const binned = await screen.findByRole('article', { name: 'Binned list' });
    expect(within(binned).getByRole('checkbox', { name: 'Eggs' })).toBeDisabled();
  });
});
