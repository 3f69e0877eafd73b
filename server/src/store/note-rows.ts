import type { Dialect } from './database';
import type { NoteChanges, NoteRecord, PriorityName } from './records';
import type { NewNoteRow, NoteRow, NoteRowUpdate } from './schema';

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

export function toNoteRecord(row: NoteRow): NoteRecord {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    textContent: row.text_content,
    color: row.color,
    priority: nameOf[row.priority] ?? null,
    tags: JSON.parse(row.tags) as string[],
    location: row.location,
    previousLocation: row.previous_location,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    version: row.version,
    pinned: Boolean(row.pinned),
  };
}

export function toNoteRow(userId: string, note: NoteRecord, dialect: Dialect): NewNoteRow {
  return {
    id: note.id,
    user_id: userId,
    title: note.title,
    content: note.content,
    text_content: note.textContent,
    color: note.color,
    priority: priorityRank(note.priority),
    tags: JSON.stringify(note.tags),
    location: note.location,
    previous_location: note.previousLocation,
    created_at: note.createdAt,
    updated_at: note.updatedAt,
    version: note.version,
    pinned: storedFlag(dialect, note.pinned),
  };
}

/** The columns `changes` sets; a field left out sets nothing. */
export function toRowUpdate(changes: NoteChanges, dialect: Dialect): NoteRowUpdate {
  const update: NoteRowUpdate = {};
  if (changes.title !== undefined) update.title = changes.title;
  if (changes.content !== undefined) update.content = changes.content;
  if (changes.textContent !== undefined) update.text_content = changes.textContent;
  if (changes.color !== undefined) update.color = changes.color;
  if (changes.priority !== undefined) update.priority = priorityRank(changes.priority);
  if (changes.tags !== undefined) update.tags = JSON.stringify(changes.tags);
  if (changes.pinned !== undefined) update.pinned = storedFlag(dialect, changes.pinned);
  if (changes.updatedAt !== undefined) update.updated_at = changes.updatedAt;
  return update;
}
