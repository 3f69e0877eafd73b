import { emptyNote } from '../api/empty-note';
import { withChanges } from './note-changes';

/** withChanges merges a change into a note as the server will, for the optimistic answer. */
const note = {
  ...emptyNote('n1', 'NOTES', '2026-01-01T00:00:00.000Z'),
  title: 'Plans',
  content: '<p>old</p>',
  textContent: 'old',
  color: '#F29191',
  priority: 'HIGH' as const,
  tags: ['home'],
  pinned: true,
  version: 3,
};

it('takes every field given, trims the title and derives the plain text', () => {
  const next = withChanges(note, {
    title: '  Trip  ',
    content: '<p>pack <b>bags</b></p>',
    color: '#FFF475',
    priority: 'LOW',
    tags: ['travel'],
    pinned: false,
  });
  expect(next).toMatchObject({
    title: 'Trip',
    content: '<p>pack <b>bags</b></p>',
    textContent: 'pack bags',
    color: '#FFF475',
    priority: 'LOW',
    tags: ['travel'],
    pinned: false,
    version: 4,
  });
});

it('keeps the fields not given, and null gives a field its new-note value', () => {
  const next = withChanges(note, { color: null, priority: null });
  expect(next).toMatchObject({ color: '', priority: null, title: 'Plans', tags: ['home'] });
  expect(next.textContent).toBe('old');
  expect(next.pinned).toBe(true);
});
