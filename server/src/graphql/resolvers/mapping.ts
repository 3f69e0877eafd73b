import {
  noteFields,
  type NoteField,
  type NoteFilter as ServiceFilter,
  type NoteLocation as LocationName,
  type NoteRecord,
  type PriorityName,
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
 * The fields GraphQL shows otherwise than as the record holds them (its enums); every other
 * field of `Note` is the record's own. The `Note` resolvers and {@link toGraphQLNote} use these.
 */
export const asGraphQL = {
  priority: (note) => toPriorityEnum(note.priority),
  location: (note) => toLocationEnum(note.location),
  previousLocation: (note) =>
    note.previousLocation ? toLocationEnum(note.previousLocation) : null,
} satisfies { [K in NoteField]?: (note: NoteRecord) => Note[K] };

/** Every field of a note as GraphQL shows it. */
type GraphQLFields = Omit<NoteRecord, keyof typeof asGraphQL> & {
  [K in keyof typeof asGraphQL]: ReturnType<(typeof asGraphQL)[K]>;
};

/**
 * The fields of `Note` read on demand, not held by the record: its revisions, and the member's
 * own reminder.
 */
type OnDemand = 'revisions' | 'reminder';

/**
 * True only when the declared fields and `Note`'s own (but those read on demand) are the same
 * fields of the same types: a field declared in store/note-shape.ts but missing from
 * schema.graphql, or the other way round, fails to compile here.
 */
type SameFields = [keyof GraphQLFields] extends [keyof Omit<Note, OnDemand | '__typename'>]
  ? [keyof Omit<Note, OnDemand | '__typename'>] extends [keyof GraphQLFields]
    ? GraphQLFields extends Required<Omit<Note, OnDemand | '__typename'>>
      ? true
      : false
    : false
  : false;

type Holds<T extends true> = T;

/** Compiles only while {@link SameFields} holds. */
export type NoteFieldsMatchTheSchema = Holds<SameFields>;

/**
 * A note exactly as a query selecting every field of `Note` would show it, for answers built
 * outside execution (a conflict's `extensions.current`), but for its revisions (read on demand).
 * `__typename` lets a client write it straight into its cache.
 */
export function toGraphQLNote(
  note: NoteRecord,
): Required<Omit<Note, OnDemand>> & { __typename: 'Note' } {
  const shown: Record<string, unknown> = { __typename: 'Note' };
  for (const field of noteFields) {
    const show = (asGraphQL as Partial<Record<NoteField, (n: NoteRecord) => unknown>>)[field];
    shown[field] = show ? show(note) : note[field];
  }
  return shown as GraphQLFields & { __typename: 'Note' };
}
