import type { ReminderView } from '../../services/reminders';
import type { GraphQLContext } from '../context';
import type { Reminder, ReminderRepeat } from '../generated/resolvers-types';
import { requireUser } from './guards';

interface Batch {
  noteIds: string[];
  reminders: Promise<Map<string, ReminderView>>;
}

/** The batch each request (or subscription event) is collecting, until it is sent. */
const collecting = new WeakMap<GraphQLContext, Batch>();

/** After every resolver of the current pass has run: graphql-js resolves a list's items in one pass. */
const afterThisPass = () =>
  Promise.resolve().then(() => new Promise<void>((resolve) => process.nextTick(resolve)));

export const toGraphQLReminder = (r: ReminderView): Reminder => ({
  at: r.at,
  repeat: r.repeat.toUpperCase() as ReminderRepeat,
  firedAt: r.firedAt,
});

/**
 * The caller's own reminder on a note, read for every note of the answer in one query (as
 * revisions are): a page of 50 notes selecting `reminder` costs one query, one not selecting it
 * none.
 */
export async function reminderOf(ctx: GraphQLContext, noteId: string): Promise<Reminder | null> {
  const userId = requireUser(ctx).id;
  let batch = collecting.get(ctx);
  if (!batch) {
    const noteIds: string[] = [];
    const reminders = afterThisPass().then(() => {
      collecting.delete(ctx);
      return ctx.services.reminders.forNotes(userId, noteIds);
    });
    batch = { noteIds, reminders };
    collecting.set(ctx, batch);
  }
  batch.noteIds.push(noteId);
  const found = (await batch.reminders).get(noteId);
  return found ? toGraphQLReminder(found) : null;
}
