import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aNote, fakeServer, type FakeServer } from '../../test-support/fake-server';
import { renderApp } from '../../test-support/render-app';

/**
 * Issue 41 in the app: the bell's quick picks and its date-and-time form, the chip (overdue
 * marked; a click opens the menu), optimistic set and its rollback, the Reminders place, and a
 * reminder firing in an open tab (a toast with Done and Snooze 1 hour).
 */

const HOUR = 60 * 60 * 1000;
const future = new Date(Date.now() + 30 * HOUR).toISOString();
const past = new Date(Date.now() - 2 * HOUR).toISOString();

let server: FakeServer;

// The machine running the suite is shared and slow: every wait here is for a condition.
configure({ asyncUtilTimeout: 5000 });

beforeEach(() => {
  localStorage.clear();
  server = fakeServer([
    aNote({ id: 'n1', title: 'Plans', createdAt: '2026-11-21T10:00:00.000Z' }),
    aNote({
      id: 'n2',
      title: 'Dentist',
      createdAt: '2026-11-20T10:00:00.000Z',
      reminder: { __typename: 'Reminder', at: past, repeat: 'NONE', firedAt: past },
    }),
    aNote({
      id: 'n3',
      title: 'Gym',
      createdAt: '2026-11-19T10:00:00.000Z',
      reminder: { __typename: 'Reminder', at: future, repeat: 'WEEKLY', firedAt: null },
    }),
  ]);
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => jest.restoreAllMocks());

const card = (title: string) => screen.getByRole('article', { name: title });
const chip = (title: string) => within(card(title)).queryByRole('button', { name: /^Reminder: / });

async function openHome() {
  const app = renderApp('/home', server);
  await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(3), { timeout: 5000 });
  return app;
}

describe('the bell', () => {
  it("offers Keep's quick picks and sets Tomorrow 08:00 at once, then on the server", async () => {
    const user = userEvent.setup();
    await openHome();
    expect(chip('Plans')).toBeNull();
    await user.click(within(card('Plans')).getByRole('button', { name: 'Remind me' }));
    const menu = screen.getByRole('menu', { name: 'Remind me' });
    const items = within(menu)
      .getAllByRole('menuitem')
      .map((item) => item.textContent);
    expect(items.some((text) => text?.startsWith('Tomorrow'))).toBe(true);
    expect(items.some((text) => text?.startsWith('Next week'))).toBe(true);
    expect(items).toContain('Pick date and time');
    expect(items).not.toContain('Remove reminder');

    await user.click(within(menu).getByRole('menuitem', { name: /^Tomorrow/ }));
    // The list hands its cards a changed note in a transition: a frame or so later.
    await waitFor(() => expect(chip('Plans')).toHaveAccessibleName(/^Reminder: Tomorrow, /));
    expect(await screen.findByText('Reminder Set')).toBeInTheDocument();
    const set = server.notes.find((n) => n.id === 'n1')!.reminder!;
    expect(new Date(set.at).getHours()).toBe(8);
    expect(set.repeat).toBe('NONE');
  });

  it('puts the card back as it was when the server refuses, and says so', async () => {
    const user = userEvent.setup();
    await openHome();
    server.refuseNext('SetReminder');
    const release = server.hold();
    await user.click(within(card('Plans')).getByRole('button', { name: 'Remind me' }));
    await user.click(screen.getByRole('menuitem', { name: /^Tomorrow/ }));
    // Optimistic: the chip shows before the server answers.
    await waitFor(() => expect(chip('Plans')).not.toBeNull());
    act(release);
    expect(await screen.findByText('Failed To Set Reminder')).toBeInTheDocument();
    await waitFor(() => expect(chip('Plans')).toBeNull());
    expect(server.notes.find((n) => n.id === 'n1')!.reminder).toBeNull();
  });

  it('sets a date, a time and a repeat from "Pick date and time"', async () => {
    const user = userEvent.setup();
    await openHome();
    await user.click(within(card('Plans')).getByRole('button', { name: 'Remind me' }));
    await user.click(screen.getByRole('menuitem', { name: 'Pick date and time' }));
    const form = screen.getByRole('form', { name: 'Pick date and time' });
    const date = within(form).getByLabelText('Date');
    await user.clear(date);
    await user.type(date, '2031-05-06');
    const time = within(form).getByLabelText('Time');
    await user.clear(time);
    await user.type(time, '07:45');
    await user.selectOptions(within(form).getByLabelText('Repeat'), 'Weekly');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(server.notes.find((n) => n.id === 'n1')!.reminder).toMatchObject({
        repeat: 'WEEKLY',
        at: new Date(2031, 4, 6, 7, 45).toISOString(),
      }),
    );
    await waitFor(() => expect(chip('Plans')).toHaveAccessibleName(/repeats weekly/));
  });

  it('refuses an empty date in the form, saying why', async () => {
    const user = userEvent.setup();
    await openHome();
    await user.click(within(card('Plans')).getByRole('button', { name: 'Remind me' }));
    await user.click(screen.getByRole('menuitem', { name: 'Pick date and time' }));
    await user.clear(screen.getByLabelText('Date'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose a date and a time.');
    expect(server.sent).not.toContain('SetReminder');
  });
});

describe('the chip', () => {
  it('marks an overdue reminder in words, and a repeating one', async () => {
    await openHome();
    expect(chip('Dentist')).toHaveAccessibleName(/overdue/);
    expect(within(chip('Dentist')!).getByText('Overdue')).toBeInTheDocument();
    expect(chip('Gym')).toHaveAccessibleName(/repeats weekly/);
    expect(chip('Gym')).not.toHaveAccessibleName(/overdue/);
  });

  it('opens the menu, whose "Remove reminder" takes it away', async () => {
    const user = userEvent.setup();
    await openHome();
    await user.click(chip('Dentist')!);
    await user.click(screen.getByRole('menuitem', { name: 'Remove reminder' }));
    // Gone from the card at once (optimistically); on a busy machine React may paint it a turn
    // after the click's promise settles.
    await waitFor(() => expect(chip('Dentist')).toBeNull());
    expect(await screen.findByText('Reminder Removed')).toBeInTheDocument();
    expect(server.notes.find((n) => n.id === 'n2')!.reminder).toBeNull();
  });
});

describe('the Reminders place', () => {
  it('lists overdue and upcoming reminders apart, soonest first', async () => {
    renderApp('/reminders', server);
    const overdue = await screen.findByRole(
      'list',
      { name: 'Overdue reminders' },
      { timeout: 5000 },
    );
    expect(
      within(overdue)
        .getAllByRole('article')
        .map((a) => a.getAttribute('aria-label')),
    ).toEqual(['Dentist']);
    const upcoming = screen.getByRole('list', { name: 'Upcoming reminders' });
    expect(
      within(upcoming)
        .getAllByRole('article')
        .map((a) => a.getAttribute('aria-label')),
    ).toEqual(['Gym']);
    expect(screen.queryByRole('article', { name: 'Plans' })).toBeNull();
  });
});

describe('a reminder firing in an open tab', () => {
  it('shows "Reminder: {title}" with Done, which clears it', async () => {
    const user = userEvent.setup();
    await openHome();
    await waitFor(() => expect(server.sent).toContain('NoteEvents'), { timeout: 5000 });
    act(() => server.fireReminder('n3'));
    expect(await screen.findByText('Reminder: Gym')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(server.notes.find((n) => n.id === 'n3')!.reminder).toBeNull());
    await waitFor(() => expect(chip('Gym')).toBeNull());
  });

  it('snoozes it an hour, keeping its repeat', async () => {
    const user = userEvent.setup();
    await openHome();
    await waitFor(() => expect(server.sent).toContain('NoteEvents'), { timeout: 5000 });
    act(() => server.fireReminder('n3'));
    await user.click(await screen.findByRole('button', { name: 'Snooze 1 hour' }));
    await waitFor(() =>
      expect(server.notes.find((n) => n.id === 'n3')!.reminder?.firedAt).toBeNull(),
    );
    const snoozed = server.notes.find((n) => n.id === 'n3')!.reminder!;
    expect(snoozed.repeat).toBe('WEEKLY');
    expect(Math.abs(Date.parse(snoozed.at) - (Date.now() + HOUR))).toBeLessThan(60_000);
  });
});
