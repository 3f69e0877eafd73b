import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

import type { NoteEventKind, NoteLocation } from './records';

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

interface NotesTable {
  id: string;
  user_id: string;
  title: string;
  content: string;
  text_content: string;
  color: string;
  /** 0 none, 1 low, 2 medium, 3 high (see note-rows.ts). */
  priority: number;
  /** JSON array of labels, in the order the user gave them. */
  tags: string;
  location: NoteLocation;
  /** Where a trashed note came from, so restore can put it back. */
  previous_location: NoteLocation | null;
  created_at: string;
  updated_at: string;
  /** 1 when added, one more with every change. */
  version: Generated<number>;
  /** PostgreSQL keeps a boolean, SQLite 0 or 1 (see `storedFlag` in note-rows.ts). */
  pinned: Generated<boolean | number>;
  /** When the note went to the trash (null outside it): the retention job counts from it. */
  trashed_at: string | null;
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

/** Every table, as Kysely sees them. */
export interface Database {
  users: UsersTable;
  notes: NotesTable;
  note_tags: NoteTagsTable;
  note_events: NoteEventsTable;
  note_revisions: NoteRevisionsTable;
  note_imports: NoteImportsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NoteRow = Selectable<NotesTable>;
export type NoteEventRow = Selectable<NoteEventsTable>;
export type NoteRevisionRow = Selectable<NoteRevisionsTable>;
export type NewNoteRow = Insertable<NotesTable>;
export type NoteRowUpdate = Updateable<NotesTable>;
