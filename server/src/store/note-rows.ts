import type { Dialect } from './database';
import {
  columnOf,
  fieldsSetBy,
  noteFields,
  noteShape,
  type NoteChanges,
  type NoteField,
  type NoteRecord,
  type PriorityName,
  type Storage,
  type StorageKind,
} from './note-shape';
import type { NewNoteRow, NoteFieldsRow, NoteRowUpdate } from './schema';
import { foldCase } from './search-text';

/** Priority as stored: 0 none, 1 low, 2 medium, 3 high, so SQL can order by it. */
const rankOf: Record<PriorityName, number> = { low: 1, medium: 2, high: 3 };
const nameOf: ReadonlyArray<PriorityName | null> = [null, 'low', 'medium', 'high'];

/** The stored rank of a priority (0 for none). */
export const priorityRank = (priority: PriorityName | null): number =>
  priority ? rankOf[priority] : 0;

/**
 * A flag as each engine stores it: PostgreSQL a boolean, SQLite 0 or 1 (better-sqlite3 binds no
 * booleans). Read back with `Boolean()`.
 */
export const storedFlag = (dialect: Dialect, flag: boolean): boolean | number =>
  dialect === 'postgres' ? flag : flag ? 1 : 0;

interface Codec<K extends StorageKind> {
  read(stored: Storage[K]['stored']): Storage[K]['value'];
  write(value: Storage[K]['value'], dialect: Dialect): Storage[K]['stored'];
}

/** A kind whose column holds the value itself. */
const asIs = { read: <T>(stored: T): T => stored, write: <T>(value: T): T => value };

/** How each kind of field goes into its column and back. */
const codecs: { [K in StorageKind]: Codec<K> } = {
  text: asIs,
  optionalText: asIs,
  count: asIs,
  location: asIs,
  optionalLocation: asIs,
  textList: { read: (s) => JSON.parse(s) as string[], write: (list) => JSON.stringify(list) },
  flag: { read: (s) => Boolean(s), write: (flag, dialect) => storedFlag(dialect, flag) },
  priority: { read: (rank) => nameOf[rank] ?? null, write: (p) => priorityRank(p) },
};

/**
 * One field's column and, unless it is kept as is, its codec: looked up once, since these run for
 * every row read (a list of thousands of notes), and values kept as is skip the call.
 */
interface Mapping {
  field: NoteField;
  column: string;
  codec?: Codec<StorageKind>;
}

const mappingOf = (field: NoteField): Mapping => {
  // Typed for every kind at once: each field's codec is only ever given that field's values.
  const codec: Codec<StorageKind> = codecs[noteShape[field].storage];
  return { field, column: columnOf(field), codec: codec === asIs ? undefined : codec };
};

const everyField = noteFields.map(mappingOf);
const changeable = fieldsSetBy('client', 'derived', 'edit').map(mappingOf);

type Loose = Record<string, unknown>;

/**
 * The columns a read selects: the owner and every field's, never the folded search columns
 * (search-text.ts), which only the database reads; `notes.`-qualified, for queries with joins.
 */
export const readColumns = ['user_id', ...everyField.map((m) => m.column)].map(
  (column) => `notes.${column}`,
) as ReadonlyArray<`notes.${keyof NoteFieldsRow}`>;

export function toNoteRecord(row: NoteFieldsRow): NoteRecord {
  const stored = row as unknown as Loose;
  const note: Loose = {};
  for (let i = 0; i < everyField.length; i += 1) {
    const { field, column, codec } = everyField[i]!;
    note[field] = codec ? codec.read(stored[column] as never) : stored[column];
  }
  return note as NoteRecord;
}

export function toNoteRow(userId: string, note: NoteRecord, dialect: Dialect): NewNoteRow {
  // The owner's column after the id, as in the table (and in the insert's SQL as it always was).
  const row: Loose = { id: note.id, user_id: userId };
  for (const { field, column, codec } of everyField) {
    row[column] = codec ? codec.write(note[field], dialect) : note[field];
  }
  row.search_title = foldCase(note.title);
  row.search_text = foldCase(note.textContent);
  return row as unknown as NewNoteRow;
}

/** The columns `changes` sets; a field left out sets nothing. */
export function toRowUpdate(changes: NoteChanges, dialect: Dialect): NoteRowUpdate {
  const update: Loose = {};
  for (const { field, column, codec } of changeable) {
    const value = (changes as Loose)[field];
    if (value !== undefined) update[column] = codec ? codec.write(value as never, dialect) : value;
  }
  if (changes.title !== undefined) update.search_title = foldCase(changes.title);
  if (changes.textContent !== undefined) update.search_text = foldCase(changes.textContent);
  return update;
}
