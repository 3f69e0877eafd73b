import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aNote, fakeServer, type FakeServer } from '../../test-support/fake-server';
import { renderApp } from '../../test-support/render-app';

/**
 * Issue 38's new-note area, Keep's way: one line ("Take a note…") until opened; a click or
 * typing opens it; Enter in the title goes on to the body; Esc or a press outside saves (an empty
 * note just closes); a title alone is a note; after Add the bar is back.
 */

let server: FakeServer;

beforeEach(() => {
  localStorage.clear();
  server = fakeServer([aNote({ id: 'n1', title: 'Groceries' })]);
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => jest.restoreAllMocks());

const bar = () => screen.getByRole('textbox', { name: 'Take a note…' });
const editor = () => screen.getByRole('region', { name: 'New note' });
const cardTitles = () =>
  within(screen.getByRole('list', { name: 'Notes' }))
    .queryAllByRole('article')
    .map((card) => card.getAttribute('aria-label'));

async function openHome(path = '/home') {
  renderApp(path, server);
  await waitFor(() => expect(cardTitles()).toEqual(['Groceries']));
}

/** Opens the area with a click on the bar; resolves once the body is there. */
async function openByClick(user: ReturnType<typeof userEvent.setup>) {
  await user.click(bar());
  return within(await screen.findByRole('region', { name: 'New note' })).findByRole('textbox', {
    name: 'Note body',
  });
}

describe('the new-note area', () => {
  it('rests as one line, "Take a note…", on /home', async () => {
    await openHome();
    expect(bar()).toHaveAttribute('placeholder', 'Take a note…');
    expect(screen.queryByRole('region', { name: 'New note' })).not.toBeInTheDocument();
    expect(screen.queryByPlaceholderText('Enter Title Here')).not.toBeInTheDocument();
  });

  it('rests as one line on /archive too', async () => {
    renderApp('/archive', server);
    expect(await screen.findByRole('textbox', { name: 'Take a note…' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'New note' })).not.toBeInTheDocument();
  });

  it('opens on a click into the title and the body, and Cancel puts the bar back', async () => {
    const user = userEvent.setup();
    await openHome();
    await openByClick(user);
    expect(within(editor()).getByPlaceholderText('Enter Title Here')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Take a note…' })).not.toBeInTheDocument();
    await user.click(within(editor()).getByRole('button', { name: 'Cancel' }));
    expect(bar()).toBeInTheDocument();
  });

  it('puts what is typed into the bar into the body', async () => {
    await openHome();
    fireEvent.change(bar(), { target: { value: 'Buy <milk> & eggs' } });
    const body = await within(await screen.findByRole('region', { name: 'New note' })).findByRole(
      'textbox',
      { name: 'Note body' },
    );
    expect(body).toHaveTextContent('Buy <milk> & eggs');
  });

  it('adds a note with only a title, then rests as one line again, ready for the next', async () => {
    const user = userEvent.setup();
    await openHome();
    await openByClick(user);
    await user.type(within(editor()).getByRole('textbox', { name: 'Title' }), 'Just a title');
    await user.click(within(editor()).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Note Added')).toBeInTheDocument();
    await waitFor(() => expect(cardTitles()).toEqual(['Just a title', 'Groceries']));
    expect(server.notes.find((n) => n.title === 'Just a title')).toBeDefined();
    expect(screen.queryByRole('region', { name: 'New note' })).not.toBeInTheDocument();
    await openByClick(user);
    expect(within(editor()).getByRole('textbox', { name: 'Title' })).toHaveValue('');
  });

  it('says "Please Add Something In The Note" only for a note with neither title nor body', async () => {
    const user = userEvent.setup();
    await openHome();
    await openByClick(user);
    await user.click(within(editor()).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Please Add Something In The Note')).toBeInTheDocument();
    expect(editor()).toBeInTheDocument();
    expect(server.notes).toHaveLength(1);
  });

  it('goes from the title to the body on Enter, without adding a line to the title', async () => {
    const user = userEvent.setup();
    await openHome();
    await openByClick(user);
    const title = within(editor()).getByRole('textbox', { name: 'Title' });
    await user.type(title, 'Plans{Enter}');
    expect(title).toHaveValue('Plans');
    // Enter did not save.
    expect(editor()).toBeInTheDocument();
    expect(server.notes).toHaveLength(1);
  });

  it('saves on Esc as Add would, and closes', async () => {
    const user = userEvent.setup();
    await openHome();
    await openByClick(user);
    const title = within(editor()).getByRole('textbox', { name: 'Title' });
    await user.type(title, 'Saved by Esc');
    await user.keyboard('{Escape}');
    expect(await screen.findByText('Note Added')).toBeInTheDocument();
    await waitFor(() => expect(cardTitles()).toEqual(['Saved by Esc', 'Groceries']));
    expect(screen.queryByRole('region', { name: 'New note' })).not.toBeInTheDocument();
    expect(bar()).toHaveFocus();
  });

  it('saves on a press outside, and closes', async () => {
    const user = userEvent.setup();
    await openHome();
    await openByClick(user);
    await user.type(within(editor()).getByRole('textbox', { name: 'Title' }), 'Saved outside');
    await user.click(screen.getByRole('heading', { name: 'Groceries' }));
    expect(await screen.findByText('Note Added')).toBeInTheDocument();
    await waitFor(() => expect(cardTitles()).toEqual(['Saved outside', 'Groceries']));
    expect(screen.queryByRole('region', { name: 'New note' })).not.toBeInTheDocument();
  });

  it('just closes on Esc when nothing was typed: no toast, no note', async () => {
    const user = userEvent.setup();
    await openHome();
    await openByClick(user);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'New note' })).not.toBeInTheDocument();
    expect(bar()).toBeInTheDocument();
    expect(screen.queryByText('Please Add Something In The Note')).not.toBeInTheDocument();
    expect(screen.queryByText('Note Added')).not.toBeInTheDocument();
    expect(server.notes).toHaveLength(1);
  });

  it('comes back open with what was typed after a reload', async () => {
    const user = userEvent.setup();
    const { unmount } = renderApp('/home', server);
    await waitFor(() => expect(cardTitles()).toEqual(['Groceries']));
    await openByClick(user);
    await user.type(within(editor()).getByRole('textbox', { name: 'Title' }), 'Half written');
    unmount();
    await openHome();
    expect(within(editor()).getByRole('textbox', { name: 'Title' })).toHaveValue('Half written');
    expect(screen.getByText('Your unsaved changes are back.')).toBeInTheDocument();
  });
});

describe("a label's page", () => {
  it('opens its own new-note area, and a note added there starts with that label', async () => {
    const user = userEvent.setup();
    server = fakeServer([aNote({ id: 'n1', title: 'Groceries', tags: ['shopping'] })]);
    renderApp('/label/shopping', server);
    await waitFor(() => expect(cardTitles()).toEqual(['Groceries']));
    await openByClick(user);
    await user.type(within(editor()).getByRole('textbox', { name: 'Title' }), 'Bread');
    await user.click(within(editor()).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Note Added')).toBeInTheDocument();
    await waitFor(() => expect(cardTitles()).toEqual(['Bread', 'Groceries']));
    expect(server.notes.find((n) => n.title === 'Bread')?.tags).toEqual(['shopping']);
  });
});
