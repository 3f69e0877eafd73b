import type { NotePage } from '../../services/notes';
import type { QueryResolvers } from '../generated/resolvers-types';
import { requireUser } from './guards';
import { toServiceFilter } from './mapping';

const connection = (page: NotePage) => ({
  nodes: page.nodes,
  totalCount: page.totalCount,
  pageInfo: { endCursor: page.endCursor, hasNextPage: page.hasNextPage },
});

export const Query: QueryResolvers = {
  me: (_parent, _args, ctx) => requireUser(ctx),

  notes: async (_parent, { filter, first, after }, ctx) =>
    connection(
      await ctx.services.notes.page(requireUser(ctx).id, 'notes', {
        filter: toServiceFilter(filter),
        first,
        after,
      }),
    ),

  archives: async (_parent, { filter, first, after }, ctx) =>
    connection(
      await ctx.services.notes.page(requireUser(ctx).id, 'archive', {
        filter: toServiceFilter(filter),
        first,
        after,
      }),
    ),

  trash: async (_parent, { first, after }, ctx) =>
    connection(await ctx.services.notes.page(requireUser(ctx).id, 'trash', { first, after })),

  labels: (_parent, _args, ctx) => ctx.services.notes.labels(requireUser(ctx).id),

  note: (_parent, { id }, ctx) => ctx.services.notes.get(requireUser(ctx).id, id),
};
