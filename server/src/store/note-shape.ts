/**
 * The note's fields, declared once on the server. The record the layers above see
 * (`NoteRecord`), the `notes` table's row type, the row <-> record mappers (`note-rows.ts`), a
 * new note (`emptyNote`), the fields a client may set and an update may change are all derived
 * from `noteShape`; the doors' presenters and the files' mappers walk it too. Adding a plain
 * field: docs/note-fields.md.
 */

/** Where a note lives: its `location` column, GraphQL's `NoteLocation`, the client's lists. */
export type NoteLocation = 'notes' | 'archive' | 'trash';

export type PriorityName = 'low' | 'medium' | 'high';

/**
 * How a field is kept: the value in the record, the value in its column. `note-rows.ts` reads
 * and writes each kind; a new kind is added there and here.
 */
export interface Storage {
  text: { value: string; stored: string };
  optionalText: { value: string | null; stored: string | null };
  count: { value: number; stored: number };
  location: { value: NoteLocation; stored: NoteLocation };
  optionalLocation: { value: NoteLocation | null; stored: NoteLocation | null };
  /** A JSON array of texts, in the order given. */
  textList: { value: string[]; stored: string };
  /** PostgreSQL keeps a boolean, SQLite 0 or 1 (see `storedFlag` in note-rows.ts). */
  flag: { value: boolean; stored: boolean | number };
  /** 0 none, 1 low, 2 medium, 3 high, so SQL can order by it. */
  priority: { value: PriorityName | null; stored: number };
}

export type StorageKind = keyof Storage;

/**
 * Who sets a field:
 * - `client`: a client, through either API (validated in services/note-fields.ts); an update
 *   merges it; imports carry it;
 * - `derived`: the notes service, from a client field (the plain text, from `content`);
 * - `edit`: the notes service, at every edit (`updatedAt`);
 * - `move`: the moves between notes, archive and trash;
 * - `server`: the server, once when the note is added (or the store, as `version`).
 */
export type Setter = 'client' | 'derived' | 'edit' | 'move' | 'server';

interface FieldOf<K extends StorageKind> {
  storage: K;
  set: Setter;
  /** Its value in a new note; absent for the few that `emptyNote`'s caller gives. */
  initial?: Storage[K]['value'];
}

type AnyField = { [K in StorageKind]: FieldOf<K> }[StorageKind];

/**
 * Every field of a note, in the order of the `notes` table's columns (each column is its
 * field's name in snake_case: `textContent` is `text_content`). A new field goes last: the REST
 * wire, the JSON export and GraphQL's `extensions.current` list the fields declared since their
 * first version after their own, in this order.
 */
export const noteShape = {
  id: { storage: 'text', set: 'server' },
  title: { storage: 'text', set: 'client', initial: '' },
  content: { storage: 'text', set: 'client', initial: '' },
  /** The content's plain text: what search reads. */
  textContent: { storage: 'text', set: 'derived', initial: '' },
  color: { storage: 'text', set: 'client', initial: '' },
  priority: { storage: 'priority', set: 'client', initial: null },
  /** Labels, in the order the user gave them. */
  tags: { storage: 'textList', set: 'client', initial: [] },
  location: { storage: 'location', set: 'move' },
  /** For a trashed note: where it was before, so restore can put it back. */
  previousLocation: { storage: 'optionalLocation', set: 'move', initial: null },
  createdAt: { storage: 'text', set: 'server' },
  updatedAt: { storage: 'text', set: 'edit' },
  /** 1 when added, one more with every change (edit or move). */
  version: { storage: 'count', set: 'server', initial: 1 },
  /** Pinned notes lead the GraphQL lists. */
  pinned: { storage: 'flag', set: 'client', initial: false },
  /** When the note went to the trash (null outside it): the retention job counts from it. */
  trashedAt: { storage: 'optionalText', set: 'move', initial: null },
} satisfies Record<string, AnyField>;

type Shape = typeof noteShape;

/** A field's name. */
export type NoteField = keyof Shape;

/** A note, as read from the store. */
export type NoteRecord = { [K in NoteField]: Storage[Shape[K]['storage']]['value'] };

/** The fields whose setter is one of `S`. */
export type FieldsSetBy<S extends Setter> = {
  [K in NoteField]: Shape[K]['set'] extends S ? K : never;
}[NoteField];

/** The fields a client may set. */
export type ClientField = FieldsSetBy<'client'>;

/** The fields an update may change; the ones left out keep their value. */
export type NoteChanges = Partial<Pick<NoteRecord, FieldsSetBy<'client' | 'derived' | 'edit'>>>;

/** Where a move puts a note, where it came from and when (kept for a note going to the trash). */
export type NoteMove = Pick<NoteRecord, FieldsSetBy<'move'>>;

/** The fields a new note takes from `emptyNote`'s caller: those declared without `initial`. */
export type GivenField = {
  [K in NoteField]: Shape[K] extends { initial: unknown } ? never : K;
}[NoteField];

type SnakeCase<S extends string> = S extends `${infer C}${infer Rest}`
  ? `${C extends Lowercase<C> ? C : `_${Lowercase<C>}`}${SnakeCase<Rest>}`
  : S;

/** A field's column. */
export type ColumnOf<K extends NoteField> = SnakeCase<K>;

/** The note's columns, as each engine hands them back (the owner's column aside). */
export type NoteColumns = {
  [K in NoteField as ColumnOf<K>]: Storage[Shape[K]['storage']]['stored'];
};

/** A field's column: its name in snake_case. */
export const columnOf = <K extends NoteField>(field: K): ColumnOf<K> =>
  field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`) as ColumnOf<K>;

/** Every field, in declaration order. */
export const noteFields = Object.keys(noteShape) as NoteField[];

/** The fields set by one of `setters`, in declaration order. */
export const fieldsSetBy = <S extends Setter>(...setters: S[]): Array<FieldsSetBy<S>> =>
  noteFields.filter((f) => (setters as Setter[]).includes(noteShape[f].set)) as Array<
    FieldsSetBy<S>
  >;

/** The fields a client may set, in declaration order. */
export const clientFields: readonly ClientField[] = fieldsSetBy('client');

/** A field's value in a new note (a fresh copy of a list). */
export function initialValue<K extends Exclude<NoteField, GivenField>>(field: K): NoteRecord[K] {
  const initial = (noteShape[field] as { initial: unknown }).initial;
  return (Array.isArray(initial) ? [...(initial as unknown[])] : initial) as NoteRecord[K];
}

/**
 * A new note: every field as a new note has it, but those the caller gives (its id, place and
 * times). The notes service's add and the imports spread the cleaned client fields over it.
 */
export function emptyNote(given: Pick<NoteRecord, GivenField>): NoteRecord {
  const note: Partial<Record<NoteField, unknown>> = {};
  for (const field of noteFields) {
    note[field] =
      'initial' in noteShape[field] ? initialValue(field as never) : given[field as GivenField];
  }
  return note as NoteRecord;
}
