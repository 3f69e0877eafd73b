import type { NoteRecord } from '../services/notes';
import type { PublicUser } from '../services/users';

/** A note on the REST wire, as clients written for the spec read it (plus Jotter's fields). */
export function presentNote(note: NoteRecord) {
  return {
    _id: note.id,
    title: note.title,
    content: note.content,
    textContent: note.textContent,
    color: note.color,
    priority: note.priority ?? '',
    tags: note.tags,
    createdAt: note.createdAt,
    updatedAt: note.updatedAt,
    isArchive: note.location === 'archive' || note.previousLocation === 'archive',
    location: note.location,
    version: note.version,
    isPinned: note.pinned,
  };
}

export const presentNotes = (notes: NoteRecord[]) => notes.map(presentNote);

/** A user on the REST wire, with their three lists (spec clients load them from login). */
export function presentUser(
  user: PublicUser,
  lists: { notes: NoteRecord[]; archives: NoteRecord[]; trash: NoteRecord[] },
) {
  return {
    _id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    createdAt: user.createdAt,
    updatedAt: user.updatedAt,
    notes: presentNotes(lists.notes),
    archives: presentNotes(lists.archives),
    trash: presentNotes(lists.trash),
  };
}
