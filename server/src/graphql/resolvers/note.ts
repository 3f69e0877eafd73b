import type { NoteConnectionResolvers, NoteResolvers } from '../generated/resolvers-types';
import { toPriorityEnum } from './mapping';

const locations = { notes: 'NOTES', archive: 'ARCHIVE', trash: 'TRASH' } as const;

export const Note: NoteResolvers = {
  priority: (note) => toPriorityEnum(note.priority),
  location: (note) => locations[note.location],
  previousLocation: (note) => (note.previousLocation ? locations[note.previousLocation] : null),
};

/** A page of a list; its count is run only when the query selects `totalCount`. */
export const NoteConnection: NoteConnectionResolvers = {
  totalCount: (page) => page.totalCount(),
  pageInfo: (page) => ({ endCursor: page.endCursor, hasNextPage: page.hasNextPage }),
};
