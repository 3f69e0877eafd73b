import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

import type { NoteColumns } from './note-shape';
import type { NoteEventKind } from './records';
import type { SearchColumns } from './search-text';

interface UsersTable {
  id: string;
  email: string;
  /** Lower-cased email: the unique key, so emails are unique ignoring case. */
  email_key: string;
  first_name: string;
  last_name: string;
  password_hash: string;
  /** Bumped on logout: tokens carry the version they were issued under. */
  token_version: Generated<number>;
  /** The seq of the user's latest note event (0 before any): the next one takes this plus one. */
  event_seq: Generated<number>;
  created_at: string;
  updated_at: string;
}

/**
 * A note's row: its owner, a column per field of `noteShape` (note-shape.ts), and the folded
 * texts search reads (search-text.ts).
 */
interface NotesTable extends NoteColumns, SearchColumns {
  user_id: string;
}

/** Earlier texts of a note, kept when it changes (coalesced); deleted with the note. */
interface NoteRevisionsTable {
  id: string;
  note_id: string;
  user_id: string;
  /** When this text was replaced. */
  created_at: string;
  title: string;
  content: string;
  text_content: string;
}

/** One row per label of a note: serves the tag filter and the label list. */
interface NoteTagsTable {
  note_id: string;
  user_id: string;
  tag: string;
}

/**
 * Each user's note changes, in order: one row per change, written in the change's transaction.
 * No snapshot of the note: an event is delivered with the note as it is when delivered.
 */
interface NoteEventsTable {
  user_id: string;
  /** 1, 2, 3… per user, in commit order. */
  seq: number;
  note_id: string;
  kind: NoteEventKind;
  created_at: string;
}

/**
 * One row per note a user imported: the key names the source note (its file and text), so a
 * second import of the same file finds every key taken and adds nothing. The note may since have
 * been deleted; the key stays, so a re-import does not bring it back.
 */
interface NoteImportsTable {
  user_id: string;
  import_key: string;
  note_id: string;
  created_at: string;
}

/** Reminders (migration 0016): see store/reminders.ts. */
interface RemindersTable {
  user_id: string;
  note_id: string;
  at: string;
  next_at: string | null;
  repeat: string;
  time_zone: string;
  anchor: string;
  fired_at: string | null;
  created_at: string;
  updated_at: string;
}

interface PushSubscriptionsTable {
  id: string;
  user_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  user_agent: string;
  created_at: string;
}

interface ReminderSettingsTable {
  user_id: string;
  /** 1 on, 0 off. */
  email: number;
  time_zone: string | null;
  updated_at: string;
}

/** Every table, as Kysely sees them. */
export interface Database {
  users: UsersTable;
  notes: NotesTable;
  note_tags: NoteTagsTable;
  note_events: NoteEventsTable;
  note_revisions: NoteRevisionsTable;
  note_imports: NoteImportsTable;
  reminders: RemindersTable;
  push_subscriptions: PushSubscriptionsTable;
  reminder_settings: ReminderSettingsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NoteRow = Selectable<NotesTable>;
/** A note's row as the store reads it: its fields (and owner), not the folded search columns. */
export type NoteFieldsRow = Omit<NoteRow, keyof SearchColumns>;
export type NoteEventRow = Selectable<NoteEventsTable>;
export type NoteRevisionRow = Selectable<NoteRevisionsTable>;
export type NewNoteRow = Insertable<NotesTable>;
export type NoteRowUpdate = Updateable<NotesTable>;
