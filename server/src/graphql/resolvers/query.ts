import type { NoteLocation } from '../../services/notes';
import type { GraphQLContext } from '../context';
import type { NoteFilter, QueryResolvers } from '../generated/resolvers-types';
import { requireUser } from './guards';
import { toServiceFilter } from './mapping';

interface ListArgs {
  filter?: NoteFilter | null;
  first?: number | null;
  after?: string | null;
}

/** A resolver for one of the three lists: a page of the caller's notes in that place. */
const listOf =
  (location: NoteLocation) =>
  async (_parent: unknown, { filter, first, after }: ListArgs, ctx: GraphQLContext) =>
    ctx.services.notes.page(requireUser(ctx).id, location, {
      filter: toServiceFilter(filter),
      first,
      after,
    });

export const Query: QueryResolvers = {
  me: (_parent, _args, ctx) => requireUser(ctx),
  notes: listOf('notes'),
  archives: listOf('archive'),
  trash: listOf('trash'),
  reminders: (_parent, { first, after }, ctx) =>
    ctx.services.reminders.page(requireUser(ctx).id, { first, after }),
  labels: (_parent, _args, ctx) => ctx.services.labels.list(requireUser(ctx).id),
  note: (_parent, { id }, ctx) => ctx.services.notes.get(requireUser(ctx).id, id),
  noteEventsCursor: (_parent, _args, ctx) => ctx.services.noteEvents.cursor(requireUser(ctx).id),
  settings: (_parent, _args, ctx) => ({
    trashRetentionDays: ctx.services.retention.trashDays,
    revisionRetentionDays: ctx.services.retention.revisionDays,
  }),
};
