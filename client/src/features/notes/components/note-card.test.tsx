import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Note } from '../api/note-fields';
import { NotesUiProvider } from '../hooks/notes-ui-context';
import type { NoteActions } from '../hooks/use-note-actions';
import { NoteCard } from './note-card';

jest.mock('../../../components/rich-text', () => ({
  RichTextView: ({ html }: { html: string }) => <div data-testid="body">{html}</div>,
}));

const actions: jest.Mocked<NoteActions> = {
  addNote: jest.fn(),
  editNote: jest.fn(),
  updateFromCard: jest.fn(),
  archive: jest.fn(),
  unarchive: jest.fn(),
  trash: jest.fn(),
  restore: jest.fn(),
  deleteForever: jest.fn(),
};

jest.mock('../hooks/use-note-actions', () => ({
  useNoteActions: () => actions,
}));

const note: Note = {
  id: 'n1',
  title: 'Groceries',
  content: '<p>Milk</p>',
  textContent: 'Milk',
  color: '#F29191',
  priority: 'HIGH',
  tags: [' spaced label ', 'home'],
  location: 'NOTES',
  createdAt: '2026-11-22T10:00:00.000Z',
  updatedAt: '2026-11-22T10:00:00.000Z',
};

function renderCard(context: 'notes' | 'archive' | 'trash') {
  return render(
    <NotesUiProvider>
      <NoteCard note={note} context={context} />
    </NotesUiProvider>,
  );
}

beforeEach(() => {
  Object.values(actions).forEach((fn) => fn.mockReset().mockResolvedValue(true));
});

describe('NoteCard', () => {
  it('shows the title, body, priority chip, untrimmed labels and creation time', () => {
    renderCard('notes');
    expect(screen.getByRole('heading', { name: 'Groceries' })).toBeInTheDocument();
    expect(screen.getByTestId('body')).toHaveTextContent('Milk');
    expect(screen.getByText('High')).toBeInTheDocument();
    expect(screen.getByText((_, el) => el?.textContent === ' spaced label ')).toBeInTheDocument();
    expect(screen.getByText(/Created At/)).toBeInTheDocument();
  });

  it('in the notes list: archives and trashes', async () => {
    renderCard('notes');
    await userEvent.click(screen.getByRole('button', { name: 'Archive note' }));
    expect(actions.archive).toHaveBeenCalledWith('n1');
    await userEvent.click(screen.getByRole('button', { name: 'Move note to trash' }));
    expect(actions.trash).toHaveBeenCalledWith('n1', 'notes');
    expect(screen.queryByRole('button', { name: 'Restore note' })).not.toBeInTheDocument();
  });

  it('in the archive: restores by unarchiving and trashes from the archive', async () => {
    renderCard('archive');
    expect(screen.queryByRole('button', { name: 'Archive note' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Restore note' }));
    expect(actions.unarchive).toHaveBeenCalledWith('n1');
    await userEvent.click(screen.getByRole('button', { name: 'Move note to trash' }));
    expect(actions.trash).toHaveBeenCalledWith('n1', 'archive');
  });

  it('in the trash: only restore and delete forever', async () => {
    renderCard('trash');
    expect(screen.queryByRole('button', { name: 'Edit note' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Change colour' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Change labels' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Change priority' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Restore note' }));
    expect(actions.restore).toHaveBeenCalledWith('n1');
    await userEvent.click(screen.getByRole('button', { name: 'Delete note forever' }));
    expect(actions.deleteForever).toHaveBeenCalledWith('n1');
  });

  it('changes the colour and priority from the card, closing the menu', async () => {
    renderCard('notes');
    await userEvent.click(screen.getByRole('button', { name: 'Change colour' }));
    await userEvent.click(screen.getByRole('button', { name: 'Colour #3AB0FF' }));
    expect(actions.updateFromCard).toHaveBeenCalledWith('n1', { color: '#3AB0FF' }, 'color');
    expect(screen.queryByRole('group', { name: 'Note colour' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Change priority' }));
    await userEvent.click(screen.getByRole('radio', { name: 'None' }));
    expect(actions.updateFromCard).toHaveBeenCalledWith('n1', { priority: null }, 'priority');
  });

  it('shows a loader while an action is in flight', async () => {
    let finish: (ok: boolean) => void = () => undefined;
    actions.archive.mockReturnValue(new Promise((resolve) => (finish = resolve)));
    renderCard('notes');
    await userEvent.click(screen.getByRole('button', { name: 'Archive note' }));
    expect(screen.getByRole('status', { name: 'Saving' })).toBeInTheDocument();
    await act(() => Promise.resolve(finish(true)));
    await waitFor(() => expect(screen.getByRole('article')).toHaveAttribute('aria-busy', 'false'));
  });
});
