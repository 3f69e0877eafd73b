import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aNote, fakeServer, type FakeServer } from '../../test-support/fake-server';
import { renderApp } from '../../test-support/render-app';
import { setConnectionStatus } from '../../lib/connection-status';

/**
 * Issue 38's cards, keys, label pages and filters: a click anywhere on a card opens it (its
 * controls keep their clicks), `e` and `#` hand the focus to the next card, a label is a page
 * (/label/{name}), and the Filters panel keeps the sort apart from the filters and says which.
 */

const plans = aNote({
  id: 'n1',
  title: 'Plans',
  content: '<p>See <a href="https://example.com/">the site</a></p>',
  tags: ['work/2026'],
  createdAt: '2026-11-21T10:00:00.000Z',
});
const shopping = aNote({
  id: 'n2',
  title: 'Shopping',
  content: '<ul data-checklist><li data-checked="false">Eggs</li></ul>',
  tags: ['home'],
  priority: 'HIGH',
  createdAt: '2026-11-20T10:00:00.000Z',
});
const recipes = aNote({
  id: 'n3',
  title: 'Recipes',
  priority: 'LOW',
  createdAt: '2026-11-19T10:00:00.000Z',
});

let server: FakeServer;

beforeEach(() => {
  localStorage.clear();
  server = fakeServer([plans, shopping, recipes]);
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => jest.restoreAllMocks());

const card = (title: string) => screen.getByRole('article', { name: title });
const titles = () =>
  screen.queryAllByRole('article').map((item) => item.getAttribute('aria-label'));
const editor = () => screen.queryByRole('dialog', { name: 'Edit note' });

async function open(path: string, shown: string[]) {
  const app = renderApp(path, server);
  await waitFor(() => expect(titles()).toEqual(shown), { timeout: 5000 });
  return app;
}

describe('a card', () => {
  it('opens on a click on its text, not on its link, checkbox or buttons', async () => {
    const user = userEvent.setup();
    await open('/home', ['Plans', 'Shopping', 'Recipes']);
    // A link on the card is followed, not the card opened (jsdom does not navigate).
    await user.click(within(card('Plans')).getByRole('link', { name: 'the site' }));
    expect(editor()).not.toBeInTheDocument();
    await user.click(within(card('Shopping')).getByRole('checkbox', { name: 'Eggs' }));
    expect(editor()).not.toBeInTheDocument();
    await user.click(within(card('Shopping')).getByRole('button', { name: 'Change colour' }));
    expect(editor()).not.toBeInTheDocument();

    await user.click(within(card('Recipes')).getByRole('heading', { name: 'Recipes' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit note' });
    expect(within(dialog).getByRole('textbox', { name: 'Title' })).toHaveValue('Recipes');
  });

  it('e and # hand the focus to the next card, or the previous one after the last', async () => {
    const user = userEvent.setup();
    await open('/home', ['Plans', 'Shopping', 'Recipes']);
    card('Plans').focus();
    await user.keyboard('e');
    expect(card('Shopping')).toHaveFocus();
    await waitFor(() => expect(titles()).toEqual(['Shopping', 'Recipes']));
    expect(card('Shopping')).toHaveFocus();

    card('Recipes').focus();
    await user.keyboard('#');
    await waitFor(() => expect(titles()).toEqual(['Shopping']));
    expect(card('Shopping')).toHaveFocus();
  });

  it('f hands the focus on too, even when pinning draws the list anew in groups', async () => {
    const user = userEvent.setup();
    await open('/home', ['Plans', 'Shopping', 'Recipes']);
    card('Shopping').focus();
    await user.keyboard('f');
    await screen.findByRole('heading', { name: 'Pinned' });
    await waitFor(() => expect(card('Recipes')).toHaveFocus());
  });
});

describe('a label', () => {
  it('is a page: its heading, its address, marked current in the sidebar', async () => {
    const user = userEvent.setup();
    await open('/home', ['Plans', 'Shopping', 'Recipes']);
    const sidebar = screen.getByRole('navigation', { name: 'Main' });
    const link = await within(sidebar).findByRole('link', { name: 'work/2026' });
    expect(link).toHaveAttribute('href', '/label/work%2F2026');
    await user.click(link);
    expect(await screen.findByRole('heading', { level: 1, name: 'work/2026' })).toBeVisible();
    await waitFor(() => expect(titles()).toEqual(['Plans']));
    expect(link).toHaveAttribute('aria-current', 'page');
    expect(within(sidebar).getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
  });

  it('opens from its address, and an old /home?label= address goes to it', async () => {
    await open('/home?label=home', ['Shopping']);
    expect(screen.getByRole('heading', { level: 1, name: 'home' })).toBeInTheDocument();
  });
});

describe('a label offline', () => {
  afterEach(() => act(() => setConnectionStatus('online')));

  it('shows its notes from what the browser holds, as /home does', async () => {
    let online = true;
    jest.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const user = userEvent.setup();
    await open('/home', ['Plans', 'Shopping', 'Recipes']);
    await waitFor(() => expect(server.sent).toContain('NoteEvents'));
    act(() => {
      online = false;
      server.cutNetwork(true);
      window.dispatchEvent(new Event('offline'));
    });
    const sidebar = screen.getByRole('navigation', { name: 'Main' });
    await user.click(within(sidebar).getByRole('link', { name: 'home' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'home' })).toBeInTheDocument();
    await waitFor(() => expect(titles()).toEqual(['Shopping']));
    expect(screen.queryByText(/could not be loaded/)).not.toBeInTheDocument();
  });
});

describe('the Filters panel', () => {
  it('groups the sorts apart from the filters and shows the sort chosen', async () => {
    const user = userEvent.setup();
    await open('/home', ['Plans', 'Shopping', 'Recipes']);
    expect(screen.getByText('Sorted by Latest')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    const sortBy = screen.getByRole('group', { name: 'Sort by' });
    const filterBy = screen.getByRole('group', { name: 'Filter by' });
    expect(within(sortBy).getByRole('group', { name: 'Sort By Date' })).toBeInTheDocument();
    expect(within(filterBy).getByRole('group', { name: 'Filter By Tags' })).toBeInTheDocument();
    expect(within(sortBy).getByRole('radio', { name: 'Latest' })).toBeChecked();

    await user.click(within(sortBy).getByRole('radio', { name: 'Low To High' }));
    await waitFor(() => expect(titles()).toEqual(['Recipes', 'Shopping', 'Plans']));
    expect(within(sortBy).getByRole('radio', { name: 'Latest' })).not.toBeChecked();
    expect(screen.getByText('Sorted by Priority, Low To High')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Filters' })).toHaveAccessibleDescription(
      'Sorted by Priority, Low To High',
    );

    // A priority filter leaves the sort as it is.
    await user.click(within(filterBy).getByRole('radio', { name: 'High' }));
    await waitFor(() => expect(titles()).toEqual(['Shopping']));
    expect(within(sortBy).getByRole('radio', { name: 'Low To High' })).toBeChecked();
  });
});
