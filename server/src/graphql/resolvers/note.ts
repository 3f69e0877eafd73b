import type { NoteResolvers } from '../generated/resolvers-types';
import { toPriorityEnum } from './mapping';

const locations = { notes: 'NOTES', archive: 'ARCHIVE', trash: 'TRASH' } as const;

export const Note: NoteResolvers = {
  priority: (note) => toPriorityEnum(note.priority),
  location: (note) => locations[note.location],
};
