import type { Services } from '../services';
import type { NoteLocation, NoteRecord } from '../services/notes';
import { presentNotes } from './present';

/** A whole list on the REST wire, as the spec's responses carry it. */
export function listLoader(services: Services) {
  return async (userId: string, location: NoteLocation) => {
    const notes = await services.notes.all(userId, location);
    return presentNotes(notes, await remindersOf(services, userId, notes));
  };
}

/** The user's reminders on `notes`, in one query, for {@link presentNotes}. */
export const remindersOf = (services: Services, userId: string, notes: readonly NoteRecord[]) =>
  services.reminders.forNotes(
    userId,
    notes.map((n) => n.id),
  );
