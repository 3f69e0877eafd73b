import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aNote, fakeServer, type FakeServer } from '../../test-support/fake-server';
import { renderApp } from '../../test-support/render-app';

/**
 * Version history in the editor (the list, a read-only preview, Restore with Undo) and the
 * trash's retention (the page's line, each card's countdown), driven as a user would.
 */

const plan = aNote({
  id: 'n1',
  title: 'Plan',
  content: '<p>Third draft</p>',
  textContent: 'Third draft',
  version: 3,
});

let server: FakeServer;

afterEach(() => jest.restoreAllMocks());

beforeEach(() => {
  localStorage.clear();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

const card = (title: string) => screen.getByRole('article', { name: title });

/** Opens the editor of the note, then its history. */
async function openHistory(title: string) {
  const user = userEvent.setup();
  renderApp('/home', server);
  await user.click(
    within(await screen.findByRole('article', { name: title })).getByRole('button', {
      name: 'Edit note',
    }),
  );
  const editor = screen.getByRole('dialog', { name: 'Edit note' });
  await user.click(within(editor).getByRole('button', { name: 'Version history' }));
  return { user, dialog: await screen.findByRole('dialog', { name: 'Version history' }) };
}

describe('version history', () => {
  beforeEach(() => {
    server = fakeServer([plan]);
    server.revisions.set('n1', [
      {
        id: 'r2',
        createdAt: '2026-11-21T09:30:00.000Z',
        title: 'Plan',
        content: '<p>Second draft</p>',
        textContent: 'Second draft',
      },
      {
        id: 'r1',
        createdAt: '2026-11-20T08:00:00.000Z',
        title: 'Plan (old)',
        content: '<p>First <strong>draft</strong></p>',
        textContent: 'First draft',
      },
    ]);
  });

  it('lists the earlier versions newest first and previews the chosen one read-only', async () => {
    const { user, dialog } = await openHistory('Plan');
    const list = within(dialog).getByRole('list', { name: 'Earlier versions' });
    const items = await within(list).findAllByRole('button');
    expect(items.map((item) => item.querySelector('time')?.getAttribute('dateTime'))).toEqual([
      '2026-11-21T09:30:00.000Z',
      '2026-11-20T08:00:00.000Z',
    ]);
    const preview = within(dialog).getByRole('article', { name: 'Preview of the chosen version' });
    expect(preview).toHaveTextContent('Second draft');
    expect(items[0]).toHaveAttribute('aria-pressed', 'true');

    await user.click(items[1]!);
    expect(preview).toHaveTextContent('Plan (old)');
    expect(within(preview).getByText('draft').tagName).toBe('STRONG');
    expect(preview.querySelector('[contenteditable="true"]')).toBeNull();
  });

  it('restores a version at once, says so, and Undo brings back the text from before', async () => {
    const { user, dialog } = await openHistory('Plan');
    const items = await within(
      within(dialog).getByRole('list', { name: 'Earlier versions' }),
    ).findAllByRole('button');
    await user.click(items[1]!);
    const release = server.hold();
    await user.click(within(dialog).getByRole('button', { name: 'Restore' }));
    // The note shows the old text before the server has answered.
    await waitFor(() => expect(card('Plan (old)')).toHaveTextContent('First draft'));
    act(release);
    expect(await screen.findByText('Earlier Version Restored')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Version history' })).not.toBeInTheDocument();
    expect(server.notes[0]).toMatchObject({ title: 'Plan (old)', textContent: 'First draft' });
    // The open editor follows the restored text (it had nothing unsaved).
    const editor = screen.getByRole('dialog', { name: 'Edit note' });
    await waitFor(() => expect(within(editor).getByLabelText('Title')).toHaveValue('Plan (old)'));

    const toast = screen.getByText('Earlier Version Restored').parentElement!;
    await user.click(within(toast).getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Restore Undone')).toBeInTheDocument();
    expect(server.notes[0]).toMatchObject({ title: 'Plan', textContent: 'Third draft' });
    await waitFor(() => expect(card('Plan')).toHaveTextContent('Third draft'));
  });

  it('puts the note back and says so when the server refuses the restore', async () => {
    const { user, dialog } = await openHistory('Plan');
    await within(dialog).findAllByRole('button', { pressed: true });
    server.refuseNext('RestoreRevision');
    await user.click(within(dialog).getByRole('button', { name: 'Restore' }));
    expect(await screen.findByText('Failed To Restore Version')).toBeInTheDocument();
    expect(card('Plan')).toHaveTextContent('Third draft');
    expect(server.notes[0]).toMatchObject({ textContent: 'Third draft', version: 3 });
  });

  it('says when a note has no earlier versions yet', async () => {
    server = fakeServer([aNote({ id: 'n9', title: 'Fresh' })]);
    const { dialog } = await openHistory('Fresh');
    expect(await within(dialog).findByText(/No earlier versions yet/)).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Restore' })).toBeNull();
  });
});

describe('trash retention', () => {
  const day = 86_400_000;
  const trashedDaysAgo = (days: number) => new Date(Date.now() - days * day).toISOString();

  it('the trash page says how long notes stay, each card how long it has left', async () => {
    server = fakeServer([
      aNote({ id: 't1', title: 'Old', location: 'TRASH', trashedAt: trashedDaysAgo(29.5) }),
      aNote({ id: 't2', title: 'New', location: 'TRASH', trashedAt: trashedDaysAgo(0) }),
    ]);
    renderApp('/trash', server);
    expect(
      await screen.findByText('Notes in the trash are deleted after 30 days.'),
    ).toBeInTheDocument();
    expect(await within(card('Old')).findByText('Deleted in 1 day')).toBeInTheDocument();
    expect(within(card('New')).getByText('Deleted in 30 days')).toBeInTheDocument();
  });

  it('says nothing of deletion when the server keeps the trash forever', async () => {
    server = fakeServer(
      [aNote({ id: 't1', title: 'Kept', location: 'TRASH', trashedAt: trashedDaysAgo(100) })],
      { trashRetentionDays: 0 },
    );
    renderApp('/trash', server);
    await screen.findByRole('article', { name: 'Kept' });
    await waitFor(() => expect(server.sent).toContain('Settings'));
    expect(screen.queryByText(/deleted after/)).toBeNull();
    expect(screen.queryByText(/Deleted in/)).toBeNull();
  });
});
