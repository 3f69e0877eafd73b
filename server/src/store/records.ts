/**
 * What the store hands out and takes in. Rows, columns and SQL stay inside store/; the layers
 * above see these records only.
 */

import type { NoteLocation, NoteRecord, PriorityName } from './note-shape';

export type {
  ClientField,
  NoteChanges,
  NoteField,
  NoteLocation,
  NoteMove,
  NoteRecord,
  PriorityName,
} from './note-shape';

/** An earlier text of a note: what its title and content were until `createdAt`. */
export interface NoteRevisionRecord {
  id: string;
  noteId: string;
  createdAt: string;
  title: string;
  content: string;
  textContent: string;
}

/** A trashed note past its retention: whose it is, for the owner's feed. */
export interface ExpiredNote {
  id: string;
  userId: string;
}

/**
 * What happened to a note: it is there (added, changed, moved), or it is gone for good, or the
 * user's reminder on it fired.
 */
export type NoteEventKind = 'UPSERTED' | 'DELETED' | 'REMINDED';

/** One change in a user's feed. */
export interface NoteEventRecord {
  /** The change's place in the user's order: 1, 2, 3… */
  seq: number;
  noteId: string;
  kind: NoteEventKind;
  createdAt: string;
}

/**
 * A change as its own transaction committed it: the note as it stood at that commit, or null
 * when the change deleted it.
 */
export interface CommittedNoteEvent {
  seq: number;
  noteId: string;
  kind: NoteEventKind;
  note: NoteRecord | null;
}

/** An account, password hash included: the store's callers decide what leaves the server. */
export interface UserRecord {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  passwordHash: string;
  /** Bumped on logout: tokens carry the version they were issued under. */
  tokenVersion: number;
  createdAt: string;
  updatedAt: string;
  /** The seq of the user's latest note event when the row was read (0 before any). */
  eventSeq: number;
  /** When an admin disabled the account; null while it is enabled. */
  disabledAt: string | null;
  /** When the account last signed in; null: never since Jotter recorded it. */
  lastSignInAt: string | null;
}

/** An account with what it holds, for the admin's list. */
export interface UserUsageRecord {
  user: UserRecord;
  /** How many notes the account has, wherever they are (archive and trash too). */
  notes: number;
  /** Bytes the account takes (see the store's `storageBytes`). */
  storage: number;
}

/** The instance's figures for the admin page. */
export interface InstanceStatsRecord {
  users: number;
  notes: number;
  /** The database's size in bytes, as the engine reports it. */
  databaseBytes: number;
}

/** An invitation to sign up: never its token, which only its link holds. */
export interface InviteRecord {
  id: string;
  createdBy: string | null;
  createdAt: string;
  expiresAt: string;
  usedAt: string | null;
  usedBy: string | null;
}

/** A sign-in: what the list of sessions shows of it. */
export interface SessionRecord {
  id: string;
  userId: string;
  createdAt: string;
  lastUsedAt: string;
  /** When its token expires (null: never). */
  expiresAt: string | null;
  userAgent: string | null;
}

/** An API token as stored: its hash, never the token. */
export interface ApiTokenRecord {
  id: string;
  userId: string;
  name: string;
  scope: 'read' | 'write';
  tokenHash: string;
  createdAt: string;
  expiresAt: string | null;
  lastUsedAt: string | null;
}

/** How a list is ordered: by date, or grouped by priority (no priority last) and newest first within. */
export type SortOrder =
  'DATE_LATEST' | 'DATE_OLDEST' | 'PRIORITY_LOW_TO_HIGH' | 'PRIORITY_HIGH_TO_LOW';

/** A note's position in an ordering: 1 pinned or 0 not, then its sort values, then its id. */
export type CursorKey = ReadonlyArray<string | number>;

/** Which of a user's notes in one place a list holds. */
export interface ListFilter {
  userId: string;
  location: NoteLocation;
  /** Already trimmed; empty means no search. A substring of title or plain text, any letter case. */
  search?: string;
  /** A note matches when it has any of these labels. */
  tags?: readonly string[];
  priority?: PriorityName;
}

/** One page of a filtered list. */
export interface ListQuery extends ListFilter {
  sort: SortOrder;
  limit: number;
  /** The key of the last note of the previous page. */
  after?: CursorKey;
}

export interface ListPage {
  notes: NoteRecord[];
  /** The cursor key of each note, in the same order. */
  keys: CursorKey[];
  /** How many notes the filter matches, when finding the page counted them anyway. */
  total?: number;
}

/** Where a walk over all of a user's notes (oldest first) stopped: the last note's creation time and id. */
export interface NoteWalkKey {
  createdAt: string;
  id: string;
}

/** A source note an import is about to add: its key (see the store's note_imports) and new id. */
export interface ImportClaim {
  key: string;
  noteId: string;
}

/** A user's TOTP secret (base32), pending until `enabledAt`. */
export interface TotpRecord {
  secret: string;
  enabledAt: string | null;
  /** The time step of the last code that was accepted. */
  lastStep: number | null;
}

/** A passkey (WebAuthn credential) of a user. */
export interface PasskeyRecord {
  id: string;
  userId: string;
  /** base64url, as WebAuthn names it. */
  credentialId: string;
  /** The COSE public key, base64url. */
  publicKey: string;
  counter: number;
  transports: string[];
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/** What a passkey challenge was issued for: adding one (by a user) or signing in (anyone). */
export type ChallengePurpose = 'register' | 'authenticate';
