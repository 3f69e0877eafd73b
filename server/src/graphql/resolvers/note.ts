import type { NoteConnectionResolvers, NoteResolvers } from '../generated/resolvers-types';
import { asGraphQL } from './mapping';
import { reminderOf } from './reminders';
import { revisionsOf } from './revisions';

export const Note: NoteResolvers = {
  ...asGraphQL,
  revisions: (note, _args, ctx) => revisionsOf(ctx, note.id),
  reminder: (note, _args, ctx) => reminderOf(ctx, note.id),
};

/** A page of a list; its count is run only when the query selects `totalCount`. */
export const NoteConnection: NoteConnectionResolvers = {
  totalCount: (page) => page.totalCount(),
  pageInfo: (page) => ({ endCursor: page.endCursor, hasNextPage: page.hasNextPage }),
};
