import { toGraphQLNote } from './graphql/resolvers/mapping';
import { presentNote } from './rest/present';
import { exportedFields } from './services/files/jotter-export';
import { emptyNote, type NoteRecord } from './store';

/**
 * Where clients and files see a note, its keys come in the order they had before the fields were
 * declared in one place (store/note-shape.ts), with the same values: answers stay the same byte for
 * byte. Fields declared since may only follow them.
 */
const note: NoteRecord = {
  ...emptyNote({ id: 'n1', location: 'trash', createdAt: '2026-01-01', updatedAt: '2026-01-02' }),
  previousLocation: 'archive',
  trashedAt: '2026-01-03',
};

/** The first keys of `value`, as many as `expected` has, with their values. */
const leading = (value: object, expected: object) =>
  Object.fromEntries(Object.entries(value).slice(0, Object.keys(expected).length));

it('REST: the spec’s keys first, then Jotter’s', () => {
  const expected = {
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
  };
  expect(JSON.stringify(leading(presentNote(note), expected))).toBe(JSON.stringify(expected));
});

it('a JSON export', () => {
  const expected = {
    id: 'n1',
    title: '',
    content: '',
    textContent: '',
    color: '',
    priority: null,
    tags: [],
    pinned: false,
    location: 'trash',
    previousLocation: 'archive',
    trashedAt: '2026-01-03',
    createdAt: '2026-01-01',
    updatedAt: '2026-01-02',
    version: 1,
  };
  expect(JSON.stringify(leading(exportedFields(note), expected))).toBe(JSON.stringify(expected));
});

it('GraphQL’s extensions.current', () => {
  const expected = {
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
  };
  expect(JSON.stringify(leading(toGraphQLNote(note), expected))).toBe(JSON.stringify(expected));
});
