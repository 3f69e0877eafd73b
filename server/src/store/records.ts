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
