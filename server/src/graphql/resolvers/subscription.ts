import type { DeliveredNoteEvent } from '../../services/note-events';
import type { SubscriptionResolvers } from '../generated/resolvers-types';
import { requireUser } from './guards';

/** Served over WebSocket only (ws.ts); the user comes from the socket's connectionParams. */
export const Subscription: SubscriptionResolvers = {
  noteEvents: {
    subscribe: (_parent, { since }, ctx) =>
      ctx.services.noteEvents.subscribe(requireUser(ctx).id, since),
    resolve: (event: DeliveredNoteEvent) => event,
  },
};
