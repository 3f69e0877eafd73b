import type { NoteFilter as ServiceFilter, PriorityName } from '../../services/notes';
import type { NoteFilter, NoteInput, Priority } from '../generated/resolvers-types';

const toPriorityName = (p: Priority | null | undefined): PriorityName | null | undefined =>
  p == null ? p : (p.toLowerCase() as PriorityName);

export const toPriorityEnum = (p: PriorityName | null): Priority | null =>
  p ? (p.toUpperCase() as Priority) : null;

export function toServiceFilter(filter: NoteFilter | null | undefined): ServiceFilter | null {
  if (!filter) return null;
  return { ...filter, priority: toPriorityName(filter.priority) };
}

/** GraphQL's NoteInput as service fields: only the fields the client gave. */
export function toNoteFields(input: NoteInput) {
  const { priority, ...rest } = input;
  return priority === undefined ? rest : { ...rest, priority: toPriorityName(priority) };
}
