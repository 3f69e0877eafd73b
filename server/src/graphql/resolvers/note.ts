import type { NoteConnectionResolvers, NoteResolvers } from '../generated/resolvers-types';
import { toLocationEnum, toPriorityEnum } from './mapping';

export const Note: NoteResolvers = {
  priority: (note) => toPriorityEnum(note.priority),
  location: (note) => toLocationEnum(note.location),
  previousLocation: (note) =>
    note.previousLocation ? toLocationEnum(note.previousLocation) : null,
};

/** A page of a list; its count is run only when the query selects `totalCount`. */
export const NoteConnection: NoteConnectionResolvers = {
  totalCount: (page) => page.totalCount(),
  pageInfo: (page) => ({ endCursor: page.endCursor, hasNextPage: page.hasNextPage }),
};
