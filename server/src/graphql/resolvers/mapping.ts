import type {
  NoteFilter as ServiceFilter,
  NoteLocation as LocationName,
  NoteRecord,
  PriorityName,
} from '../../services/notes';
import type {
  Note,
  NoteFilter,
  NoteInput,
  NoteLocation,
  Priority,
} from '../generated/resolvers-types';

const toPriorityName = (p: Priority | null | undefined): PriorityName | null | undefined =>
  p == null ? p : (p.toLowerCase() as PriorityName);

export const toPriorityEnum = (p: PriorityName | null): Priority | null =>
  p ? (p.toUpperCase() as Priority) : null;

const locations: Record<LocationName, NoteLocation> = {
  notes: 'NOTES',
  archive: 'ARCHIVE',
  trash: 'TRASH',
};

export const toLocationEnum = (location: LocationName): NoteLocation => locations[location];

export const toLocationName = (location: NoteLocation): LocationName =>
  location.toLowerCase() as LocationName;

export function toServiceFilter(filter: NoteFilter | null | undefined): ServiceFilter | null {
  if (!filter) return null;
  return { ...filter, priority: toPriorityName(filter.priority) };
}

/** GraphQL's NoteInput as service fields: only the fields the client gave. */
export function toNoteFields(input: NoteInput) {
  const { priority, ...rest } = input;
  return priority === undefined ? rest : { ...rest, priority: toPriorityName(priority) };
}

/**
 * A note exactly as a query selecting every field of `Note` would show it, for answers built
 * outside execution (a conflict's `extensions.current`), but for its revisions (read on demand). `__typename` lets a client write it
 * straight into its cache.
 */
export function toGraphQLNote(
  note: NoteRecord,
): Required<Omit<Note, 'revisions'>> & { __typename: 'Note' } {
  return {
    __typename: 'Note',
    id: note.id,
    title: note.title,
    content: note.content,
    textContent: note.textContent,
    color: note.color,
    priority: toPriorityEnum(note.priority),
    tags: note.tags,
    location: toLocationEnum(note.location),
    previousLocation: note.previousLocation ? toLocationEnum(note.previousLocation) : null,
    createdAt: note.createdAt,
    updatedAt: note.updatedAt,
    version: note.version,
    pinned: note.pinned,
    trashedAt: note.trashedAt,
  };
}
