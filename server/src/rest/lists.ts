import type { Services } from '../services';
import type { NoteLocation } from '../services/notes';
import { presentNotes } from './present';

/** A whole list on the REST wire, as the spec's responses carry it. */
export function listLoader(services: Services) {
  return (userId: string, location: NoteLocation) =>
    services.notes.all(userId, location).then(presentNotes);
}
