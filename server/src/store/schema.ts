import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/** Where a note lives. */
export type Location = 'notes' | 'archive' | 'trash';

/** Priority as stored: 0 none, 1 low, 2 medium, 3 high (so SQL can order by it). */
export type PriorityRank = 0 | 1 | 2 | 3;

export interface UsersTable {
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

export interface NotesTable {
  id: string;
  user_id: string;
  title: string;
  content: string;
  text_content: string;
  color: string;
  priority: number;
  /** JSON array of labels, in the order the user gave them. */
  tags: string;
  location: Location;
  /** Where a trashed note came from, so restore can put it back. */
  previous_location: Location | null;
  created_at: string;
  updated_at: string;
}

/** One row per label of a note: serves the tag filter and the label list. */
export interface NoteTagsTable {
  note_id: string;
  user_id: string;
  tag: string;
}

export interface Database {
  users: UsersTable;
  notes: NotesTable;
  note_tags: NoteTagsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type NoteRow = Selectable<NotesTable>;
export type NewNoteRow = Insertable<NotesTable>;
export type NoteRowUpdate = Updateable<NotesTable>;
