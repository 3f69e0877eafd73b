import type { ReactNode } from 'react';
import { act, renderHook } from '@testing-library/react';
import { MockedProvider } from '@apollo/client/testing/react';
import type { MockedResponse } from '@apollo/client/testing';
import { GraphQLError } from 'graphql';
import { toast } from '../../../lib/toast';
import { ArchiveNoteDocument, DeleteNoteDocument } from '../api/note-mutations';
import { useNoteActions } from './use-note-actions';

jest.mock('../../../lib/toast', () => ({
  toast: { success: jest.fn(), error: jest.fn(), info: jest.fn() },
}));

const note = {
  __typename: 'Note' as const,
  id: 'n1',
  title: 'T',
  content: '<p>x</p>',
  textContent: 'x',
  color: '',
  priority: null,
  tags: [],
  location: 'ARCHIVE' as const,
  createdAt: '2026-11-22T10:00:00.000Z',
  updatedAt: '2026-11-22T10:00:00.000Z',
};

function setup(mocks: MockedResponse[]) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MockedProvider mocks={mocks}>{children}</MockedProvider>
  );
  return renderHook(() => useNoteActions(), { wrapper }).result.current;
}

/** Runs an action inside act(), since it updates the mutation hooks' state. */
async function run(action: () => Promise<boolean>): Promise<boolean> {
  let ok = false;
  await act(async () => {
    ok = await action();
  });
  return ok;
}

beforeEach(() => jest.clearAllMocks());

describe('useNoteActions', () => {
  it('archives through the archiveNote mutation and says so', async () => {
    const actions = setup([
      {
        request: { query: ArchiveNoteDocument, variables: { id: 'n1' } },
        result: { data: { archiveNote: note } },
      },
    ]);
    expect(await run(() => actions.archive('n1'))).toBe(true);
    expect(toast.success).toHaveBeenCalledWith('Note Archived Successfully');
  });

  it('reports a refused permanent delete with its own message', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const actions = setup([
      {
        request: { query: DeleteNoteDocument, variables: { id: 'n1' } },
        result: {
          errors: [new GraphQLError('Note not found', { extensions: { code: 'NOT_FOUND' } })],
        },
      },
    ]);
    expect(await run(() => actions.deleteForever('n1'))).toBe(false);
    expect(toast.error).toHaveBeenCalledWith('Failed To Delete Note Permanently');
  });

  it('falls back to the generic message when the server cannot be reached', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const actions = setup([
      {
        request: { query: ArchiveNoteDocument, variables: { id: 'n1' } },
        error: new Error('offline'),
      },
    ]);
    expect(await run(() => actions.archive('n1'))).toBe(false);
    expect(toast.error).toHaveBeenCalledWith('Action Failed, See Log For Its Reason');
    expect(console.error).toHaveBeenCalled();
  });
});
