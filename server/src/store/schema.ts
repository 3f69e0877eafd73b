import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

import type { NoteLocation } from './records';

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
}

/** One row per label of a note: serves the tag filter and the label list. */
interface NoteTagsTable {
  note_id: string;
  user_id: string;
  tag: string;
}

/** Every table, as Kysely sees them. */
export interface Database {
  users: UsersTable;
  notes: NotesTable;
  note_tags: NoteTagsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NoteRow = Selectable<NotesTable>;
export type NewNoteRow = Insertable<NotesTable>;
export type NoteRowUpdate = Updateable<NotesTable>;
