import type { MutationResolvers } from '../generated/resolvers-types';
import { requireSignedInPerson } from '../../services/caller';
import { requireAuth, requireUser } from './guards';
import { toLocationName, toNoteFields } from './mapping';

export const Mutation: MutationResolvers = {
  signup: (_parent, { input }, ctx) =>
    ctx.authLimiter.attempt(ctx.ip, input.email, () =>
      ctx.services.users.signup(input, { userAgent: ctx.userAgent }),
    ),

  login: (_parent, { email, password, code }, ctx) =>
    ctx.authLimiter.attempt(ctx.ip, email, () =>
      ctx.services.users.login(email, password, { userAgent: ctx.userAgent }, code ?? undefined),
    ),

  logout: async (_parent, _args, ctx) => {
    const auth = requireAuth(ctx);
    requireSignedInPerson(auth);
    await ctx.services.users.logout(auth);
    ctx.clearAttachmentCookie?.();
    return true;
  },

  addNote: (_parent, { input, clientKey, location }, ctx) =>
    ctx.services.notes.add(requireUser(ctx).id, toNoteFields(input), {
      clientKey,
      location: location ? toLocationName(location) : undefined,
    }),

  setReminder: (_parent, { noteId, at, repeat, timeZone }, ctx) =>
    ctx.services.reminders.set(requireUser(ctx).id, noteId, { at, repeat, timeZone }),

  clearReminder: (_parent, { noteId }, ctx) =>
    ctx.services.reminders.clear(requireUser(ctx).id, noteId),

  updateNote: (_parent, { id, input, baseVersion }, ctx) =>
    ctx.services.notes.update(requireUser(ctx).id, id, toNoteFields(input), { baseVersion }),

  restoreRevision: (_parent, { noteId, revisionId }, ctx) =>
    ctx.services.notes.restoreRevision(requireUser(ctx).id, noteId, revisionId),

  archiveNote: (_parent, { id }, ctx) => ctx.services.notes.archive(requireUser(ctx).id, id),

  unarchiveNote: (_parent, { id }, ctx) => ctx.services.notes.unarchive(requireUser(ctx).id, id),

  trashNote: (_parent, { id }, ctx) => ctx.services.notes.trash(requireUser(ctx).id, id),

  restoreNote: (_parent, { id }, ctx) => ctx.services.notes.restore(requireUser(ctx).id, id),

  deleteNote: async (_parent, { id }, ctx) => {
    await ctx.services.notes.deleteForever(requireUser(ctx).id, id);
    return id;
  },

  emptyTrash: (_parent, _args, ctx) => ctx.services.notes.emptyTrash(requireUser(ctx).id),

  renameLabel: (_parent, { from, to }, ctx) =>
    ctx.services.labels.rename(requireUser(ctx).id, from, to),

  deleteLabel: (_parent, { name }, ctx) => ctx.services.labels.delete(requireUser(ctx).id, name),
};
