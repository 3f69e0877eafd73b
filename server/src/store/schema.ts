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
  /** When an admin disabled the account (its sign-in and every token refused); null: enabled. */
  disabled_at: string | null;
  /** When the account last signed in (any way); null: never since this was recorded. */
  last_sign_in_at: string | null;
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

/** A single sign-on provider's user (issuer, subject) and the account it signs in to. */
interface UserIdentitiesTable {
  issuer: string;
  subject: string;
  user_id: string;
  created_at: string;
}

/** A user's TOTP secret: pending (enabled_at null) from setup until a code confirms it. */
interface UserTotpTable {
  user_id: string;
  secret: string;
  enabled_at: string | null;
  /** The last time step whose code signed in: a code works once. */
  last_step: number | string | null;
  created_at: string;
}

/** Recovery codes, as sha256 hashes; a used one keeps its row with `used_at`. */
interface UserRecoveryCodesTable {
  user_id: string;
  code_hash: string;
  used_at: string | null;
}

/** WebAuthn credentials; the id, key and transports as base64url and JSON text. */
interface PasskeysTable {
  id: string;
  user_id: string;
  credential_id: string;
  public_key: string;
  /** bigint: PostgreSQL's driver reads it as a string. */
  counter: number | string;
  transports: string;
  name: string;
  created_at: string;
  last_used_at: string | null;
}

/** Challenges of passkey ceremonies under way: each is used once, before it expires. */
interface WebauthnChallengesTable {
  challenge: string;
  purpose: string;
  user_id: string | null;
  expires_at: string;
}

/** One row per sign-in: its token names the row (`sid`); deleting the row ends the token. */
interface UserSessionsTable {
  id: string;
  user_id: string;
  created_at: string;
  /** Written at most about once a minute per session. */
  last_used_at: string;
  /** When the sign-in's token expires (null: never). */
  expires_at: string | null;
  user_agent: string | null;
}

/** A personal access token: only its sha256 is kept. Deleting the row revokes it. */
interface ApiTokensTable {
  id: string;
  user_id: string;
  name: string;
  scope: 'read' | 'write';
  /** sha256 of the token, hex. */
  token_hash: string;
  created_at: string;
  expires_at: string | null;
  last_used_at: string | null;
}

/**
 * An invitation to sign up while signup is off: only the sha256 of its token is kept. Pending
 * while unused and unexpired; revoking one deletes its row.
 */
interface InvitesTable {
  id: string;
  token_hash: string;
  /** The admin who made it (null once their account is gone). */
  created_by: string | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  /** The account created with it (null once that account is gone). */
  used_by: string | null;
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

/** Attachments (migration 0017): see store/attachments.ts. */
interface AttachmentsTable {
  id: string;
  user_id: string;
  name: string;
  content_type: string;
  size: number;
  width: number | null;
  height: number | null;
  sha256: string;
  /** The bytes, unless they are on disk (`path`). */
  bytes: Buffer | null;
  /** The WebP thumbnail of an image; null for a PDF. */
  thumb: Buffer | null;
  /** The file's name inside ATTACHMENT_DIR, when the bytes are kept there. */
  path: string | null;
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
  user_identities: UserIdentitiesTable;
  user_totp: UserTotpTable;
  user_recovery_codes: UserRecoveryCodesTable;
  passkeys: PasskeysTable;
  webauthn_challenges: WebauthnChallengesTable;
  user_sessions: UserSessionsTable;
  api_tokens: ApiTokensTable;
  invites: InvitesTable;
  reminders: RemindersTable;
  push_subscriptions: PushSubscriptionsTable;
  reminder_settings: ReminderSettingsTable;
  attachments: AttachmentsTable;
}

export type UserRow = Selectable<UsersTable>;
export type InviteRow = Selectable<InvitesTable>;
export type NoteRow = Selectable<NotesTable>;
export type UserSessionRow = Selectable<UserSessionsTable>;
export type ApiTokenRow = Selectable<ApiTokensTable>;
/** A note's row as the store reads it: its fields (and owner), not the folded search columns. */
export type NoteFieldsRow = Omit<NoteRow, keyof SearchColumns>;
export type NoteEventRow = Selectable<NoteEventsTable>;
export type NoteRevisionRow = Selectable<NoteRevisionsTable>;
export type NewNoteRow = Insertable<NotesTable>;
export type NoteRowUpdate = Updateable<NotesTable>;
