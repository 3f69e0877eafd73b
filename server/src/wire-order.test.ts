import { toGraphQLNote } from './graphql/resolvers/mapping';
import { presentNote } from './rest/present';
import { exportedFields } from './services/files/jotter-export';
import { emptyNote, type NoteRecord } from './store';

/**
 * The order of a note's keys where clients and files see them, as it was before the fields were
 * declared in one place (store/note-shape.ts): answers stay the same byte for byte.
 */
const note: NoteRecord = {
  ...emptyNote({ id: 'n1', location: 'trash', createdAt: '2026-01-01', updatedAt: '2026-01-02' }),
  previousLocation: 'archive',
  trashedAt: '2026-01-03',
};

it('REST: the spec’s keys first, then Jotter’s', () => {
  expect(JSON.stringify(presentNote(note))).toBe(
    JSON.stringify({
      _id: 'n1',
      title: '',
      content: '',
      textContent: '',
      color: '',
      priority: '',
      tags: [],
      createdAt: '2026-01-01',
      updatedAt: '2026-01-02',
      isArchive: true,
      location: 'trash',
      version: 1,
      isPinned: false,
      trashedAt: '2026-01-03',
    }),
  );
});

it('a JSON export', () => {
  expect(Object.keys(exportedFields(note))).toEqual([
    'id',
    'title',
    'content',
    'textContent',
    'color',
    'priority',
    'tags',
    'pinned',
    'location',
    'previousLocation',
    'trashedAt',
    'createdAt',
    'updatedAt',
    'version',
  ]);
});

it('GraphQL’s extensions.current', () => {
  expect(toGraphQLNote(note)).toEqual({
    __typename: 'Note',
    id: 'n1',
    title: '',
    content: '',
    textContent: '',
    color: '',
    priority: null,
    tags: [],
    location: 'TRASH',
    previousLocation: 'ARCHIVE',
    createdAt: '2026-01-01',
    updatedAt: '2026-01-02',
    version: 1,
    pinned: false,
    trashedAt: '2026-01-03',
  });
  expect(Object.keys(toGraphQLNote(note))).toEqual([
    '__typename',
    'id',
    'title',
    'content',
    'textContent',
    'color',
    'priority',
    'tags',
    'location',
    'previousLocation',
    'createdAt',
    'updatedAt',
    'version',
    'pinned',
    'trashedAt',
  ]);
});
