import { act, screen, waitFor, within } from '@testing-library/react';
import { aNote, fakeServer, type FakeServer } from '../../../test-support/fake-server';
import { renderApp } from '../../../test-support/render-app';
import type { Note } from '../api/note-fields';
import { mayDropLabel, type NoteEvent } from './note-events';

let server: FakeServer;

beforeEach(() => {
  localStorage.clear();
  server = fakeServer([
    aNote({ id: 'n1', title: 'Groceries', tags: ['home', 'shop'] }),
    aNote({ id: 'n2', title: 'Plans', tags: ['home'], createdAt: '2026-11-21T10:00:00.000Z' }),
  ]);
});

const labelRequests = () => server.sent.filter((name) => name === 'Labels').length;
const cardTitles = () =>
  within(screen.getByRole('list', { name: 'Notes' }))
    .queryAllByRole('article')
    .map((card) => card.getAttribute('aria-label'));
/** Longer than the pause after which the label list would be asked for. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 500)));

it('asks for the labels again only after a change that may have taken one out of use', async () => {
  renderApp('/home', server);
  await waitFor(() => expect(cardTitles()).toEqual(['Plans', 'Groceries']));
  await waitFor(() => expect(server.sent).toContain('NoteEvents'));
  await settle();
  const before = labelRequests();

  act(() => server.changeElsewhere('n1', { title: 'Groceries for Sunday' }));
  await waitFor(() => expect(cardTitles()).toEqual(['Plans', 'Groceries for Sunday']));
  await settle();
  expect(labelRequests()).toBe(before);

  act(() => server.changeElsewhere('n1', { tags: ['home'] }));
  await waitFor(() => expect(labelRequests()).toBe(before + 1));
  await settle();
  expect(labelRequests()).toBe(before + 1);
});

describe('mayDropLabel', () => {
  const note = (fields: Partial<Note>) => aNote({ id: 'n1', version: 2, tags: ['a'], ...fields });
  const upserted = (fields: Partial<Note>): NoteEvent => ({
    __typename: 'NoteEvent',
    cursor: '1',
    kind: 'UPSERTED',
    noteId: 'n1',
    note: note({ version: 3, ...fields }),
  });
  const deleted: NoteEvent = {
    __typename: 'NoteEvent',
    cursor: '1',
    kind: 'DELETED',
    noteId: 'n1',
    note: null,
  };

  it('is false for a change that keeps every label', () => {
    expect(mayDropLabel(note({}), upserted({ title: 'New title', tags: ['a', 'b'] }))).toBe(false);
    expect(mayDropLabel(note({ location: 'NOTES' }), upserted({ location: 'ARCHIVE' }))).toBe(
      false,
    );
    expect(mayDropLabel(null, upserted({ version: 1 }))).toBe(false);
  });

  it('is true when a label left the note, or the note left for the trash or for good with one', () => {
    expect(mayDropLabel(note({}), upserted({ tags: [] }))).toBe(true);
    expect(mayDropLabel(note({}), upserted({ location: 'TRASH' }))).toBe(true);
    expect(mayDropLabel(note({ tags: [] }), upserted({ location: 'TRASH', tags: [] }))).toBe(false);
    expect(mayDropLabel(note({}), deleted)).toBe(true);
    expect(mayDropLabel(note({ location: 'TRASH' }), deleted)).toBe(false);
  });

  it('is true when the cache holds nothing older to compare with', () => {
    expect(mayDropLabel(null, upserted({}))).toBe(true);
    expect(mayDropLabel(note({ version: 3 }), upserted({}))).toBe(true);
    expect(mayDropLabel(null, deleted)).toBe(true);
  });
});
