import { GraphQLError } from 'graphql';

import type { DeliveredNoteEvent } from '../../services/note-events';
import type { SubscriptionResolvers } from '../generated/resolvers-types';
import { requireUser } from './guards';

/**
 * Over HTTP a subscription would run once, as a query, with no event: `resolve` then refuses it
 * with a 400 that says where subscriptions are served. (A check here costs nothing per request;
 * an Apollo plugin looking at every operation cost GraphQL reads about a tenth of their speed.)
 */
const overHttp = () =>
  new GraphQLError(
    'Subscriptions are served over WebSocket at /graphql (the graphql-transport-ws protocol of graphql-ws), not over HTTP.',
    { extensions: { code: 'BAD_REQUEST', http: { status: 400 } } },
  );

/** Served over WebSocket (ws.ts); the user comes from the socket's connectionParams. */
export const Subscription: SubscriptionResolvers = {
  noteEvents: {
    subscribe: (_parent, { since }, ctx) =>
      ctx.services.noteEvents.subscribe(requireUser(ctx).id, since),
    resolve: (event: DeliveredNoteEvent | undefined) => {
      if (!event) throw overHttp();
      return event;
    },
  },
};
