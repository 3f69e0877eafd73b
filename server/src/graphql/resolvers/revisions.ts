import type { NoteRevisionRecord } from '../../services/notes';
import type { GraphQLContext } from '../context';
import { requireUser } from './guards';

interface Batch {
  noteIds: string[];
  revisions: Promise<Map<string, NoteRevisionRecord[]>>;
}

/** The batch each request (or subscription event) is collecting, until it is sent. */
const collecting = new WeakMap<GraphQLContext, Batch>();

/** After every resolver of the current pass has run: graphql-js resolves a list's items in one pass. */
const afterThisPass = () =>
  Promise.resolve().then(() => new Promise<void>((resolve) => process.nextTick(resolve)));

/**
 * A note's revisions, fetched for every note of the answer in one query: a list of 50 notes
 * selecting `revisions` costs one query, and a list not selecting it costs none. Nothing is
 * cached past the batch, so each event of a subscription reads afresh.
 */
export async function revisionsOf(
  ctx: GraphQLContext,
  noteId: string,
): Promise<NoteRevisionRecord[]> {
  const userId = requireUser(ctx).id;
  let batch = collecting.get(ctx);
  if (!batch) {
    const noteIds: string[] = [];
    const revisions = afterThisPass().then(() => {
      collecting.delete(ctx);
      return ctx.services.notes.revisions(userId, noteIds);
    });
    batch = { noteIds, revisions };
    collecting.set(ctx, batch);
  }
  batch.noteIds.push(noteId);
  return (await batch.revisions).get(noteId) ?? [];
}
