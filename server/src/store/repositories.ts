import type {
  ExpiredNote,
  CommittedNoteEvent,
  ImportClaim,
  ListFilter,
  ListPage,
  ListQuery,
  NoteChanges,
  NoteEventKind,
  NoteEventRecord,
  NoteLocation,
  NoteMove,
  NoteRecord,
  NoteRevisionRecord,
  NoteWalkKey,
  UserRecord,
} from './records';
import type { ReminderRepository } from './reminders';

/** Accounts. Single-row writes, so they need no transaction. */
export interface UserRepository {
  findById(id: string): Promise<UserRecord | undefined>;
  /** Emails are unique ignoring case. */
  findByEmail(email: string): Promise<UserRecord | undefined>;
  /** Fails on an email taken (ignoring case) by another account. */
  insert(user: UserRecord): Promise<void>;
  /** Revokes every token issued so far. */
  bumpTokenVersion(id: string, at: string): Promise<void>;
  /**
   * Deletes the account and, through the foreign keys' ON DELETE CASCADE, everything that is
   * the user's: notes, labels, revisions, events, imports (and every table added since that
   * references users.id with ON DELETE CASCADE).
   */
  delete(id: string): Promise<void>;
}

/** Reading notes. Every method is scoped by owner: none reads another user's note. */
export interface NoteReader {
  /** One page of a list, in order. Throws a RangeError when `after` does not fit the ordering. */
  page(query: ListQuery): Promise<ListPage>;
  count(filter: ListFilter): Promise<number>;
  /** Every note in one place, oldest first (the order the spec's REST lists come in). */
  all(userId: string, location: NoteLocation): Promise<NoteRecord[]>;
  find(userId: string, id: string): Promise<NoteRecord | undefined>;
  /** The user's notes among `ids` that exist, in no particular order. */
  findMany(userId: string, ids: readonly string[]): Promise<NoteRecord[]>;
  /** Distinct labels of notes in the main list and the archive, sorted. */
  labels(userId: string): Promise<string[]>;
  /**
   * The next `limit` of all the user's notes, wherever they are, oldest first, after `after`:
   * a walk in bounded steps (export) that a concurrent add or delete cannot make repeat or skip.
   */
  walk(userId: string, after: NoteWalkKey | undefined, limit: number): Promise<NoteRecord[]>;
}

/** Reading and writing notes, inside a transaction. Scoped by owner like {@link NoteReader}. */
export interface NoteRepository extends NoteReader {
  /**
   * The note, locked until the transaction ends, for a read-then-write: without the lock two
   * writers could both read it before either writes (two "successful" deletes of one note).
   */
  findForWrite(userId: string, id: string): Promise<NoteRecord | undefined>;
  insert(userId: string, note: NoteRecord): Promise<void>;
  /** Inserts many notes at once (an import), a few statements per hundreds of notes. */
  insertMany(userId: string, notes: readonly NoteRecord[]): Promise<void>;
  /** Sets the changed fields and adds one to the note's version, in one statement. */
  update(userId: string, id: string, changes: NoteChanges): Promise<void>;
  /** Moves the note and adds one to its version, in one statement. */
  move(userId: string, id: string, target: NoteMove): Promise<void>;
  delete(userId: string, id: string): Promise<void>;
  /** Deletes the user's notes among `ids`, forever. */
  deleteMany(userId: string, ids: readonly string[]): Promise<void>;
  /** Every note in one place, oldest first, each locked like {@link findForWrite}. */
  allForWrite(userId: string, location: NoteLocation): Promise<NoteRecord[]>;
  /** The user's notes carrying `label`, wherever they are, oldest first, each locked. */
  labelledForWrite(userId: string, label: string): Promise<NoteRecord[]>;
  /** The distinct labels of all the user's notes, wherever they are (the trash too). */
  everyLabel(userId: string): Promise<string[]>;
  /** Whether a note of the user in the main list or the archive carries `label`. */
  labelShown(userId: string, label: string): Promise<boolean>;
  /**
   * Notes of any user trashed before `before` (an ISO time), oldest first, at most `limit`: the
   * retention job deletes them. Not scoped by owner: it works for every user.
   */
  trashedBefore(before: string, limit: number): Promise<ExpiredNote[]>;
}

/** Reading earlier texts of notes. Scoped by owner, like notes. */
export interface RevisionReader {
  /** The revisions of the user's notes among `noteIds`, each note's newest first. */
  forNotes(userId: string, noteIds: readonly string[]): Promise<NoteRevisionRecord[]>;
  /** Deletes every user's revisions made before `before` (an ISO time); returns how many. */
  prune(before: string): Promise<number>;
}

/** Reading and keeping revisions inside a transaction (with the note locked by the caller). */
export interface RevisionRepository extends RevisionReader {
  find(userId: string, noteId: string, id: string): Promise<NoteRevisionRecord | undefined>;
  /** When the note's newest revision was made; undefined before any. */
  latestAt(userId: string, noteId: string): Promise<string | undefined>;
  insert(userId: string, revision: NoteRevisionRecord): Promise<void>;
}

/** Reading each user's feed of note changes. */
export interface NoteEventReader {
  /** The seq of the user's latest event, 0 before any (kept even when old events are pruned). */
  latest(userId: string): Promise<number>;
  /** The user's events with a seq above `after`, in order, at most `limit` of them. */
  after(userId: string, after: number, limit: number): Promise<NoteEventRecord[]>;
  /** Deletes every user's events recorded before `before` (an ISO time); returns how many. */
  prune(before: string): Promise<number>;
}

/** Writing the feed, inside the transaction of the change it records. */
export interface NoteEventWriter {
  /**
   * Records a change of one of the user's notes as the user's next event and returns its seq.
   * The seq is taken under the user's row lock, held until the transaction ends, so a user's
   * events commit in seq order and a reader never sees seq n+1 before seq n. Every server
   * sharing the database hears of it once the transaction commits ({@link LiveChanges}).
   */
  append(userId: string, noteId: string, kind: NoteEventKind, at: string): Promise<number>;
  /**
   * Records a change of each of `noteIds` as the user's next events, in that order, like
   * {@link append} but in a few statements however many notes; returns the last seq (the
   * user's latest when there are none).
   */
  appendMany(
    userId: string,
    noteIds: readonly string[],
    kind: NoteEventKind,
    at: string,
  ): Promise<number>;
  /** Tells every server sharing the database, once the transaction commits, that the user's tokens were revoked. */
  announceSignOut(userId: string): Promise<void>;
}

/**
 * What every server sharing the database hears, as soon as the transaction that caused it has
 * committed: in-process on SQLite, PostgreSQL LISTEN/NOTIFY on PostgreSQL. A notification can be
 * late but, within one user's events, each seq is heard after every lower one has committed.
 * Each `on…` returns a function that removes the listener.
 */
export interface LiveChanges {
  /**
   * `listener(seq, committed)` after the user's event `seq` (and every one before it) has
   * committed. `committed` is the event with its note as that transaction left it, when this
   * server committed a single event on SQLite (a listener that is caught up need not read the
   * feed); otherwise (PostgreSQL, several events at once) it is undefined and the feed holds it.
   */
  onNoteEvent(
    userId: string,
    listener: (seq: number, committed?: CommittedNoteEvent) => void,
  ): () => void;
  /** `listener()` after the user's tokens were revoked (logout). */
  onSignOut(userId: string, listener: () => void): () => void;
  /**
   * `listener()` after notifications may have been missed (the PostgreSQL listener lost its
   * connection and has just listened again): check the feed and the sessions afresh.
   */
  onResync(listener: () => void): () => void;
}

/** Which source notes each user has imported (see the store's note_imports). */
export interface ImportKeyRepository {
  /**
   * Records the claims whose key the user has not used before and returns those keys; the ones
   * already taken (by an earlier import, or a concurrent one) are left out. Two imports of one
   * file racing each other cannot both claim a note.
   */
  claim(userId: string, claims: readonly ImportClaim[], at: string): Promise<Set<string>>;
  /** The note a key was claimed for, if it was. */
  noteOf(userId: string, key: string): Promise<string | undefined>;
}

/** What a transaction writes through: each repository runs its statements inside it. */
export interface StoreTransaction {
  users: UserRepository;
  notes: NoteRepository;
  events: NoteEventWriter;
  revisions: RevisionRepository;
  /**
   * Takes the lock named `name` until the transaction ends, if no other transaction holds it;
   * false when one does (PostgreSQL: an advisory lock, so of several servers on one database
   * only one runs a job at a time). SQLite's writers take turns anyway: always true there.
   */
  tryLock(name: string): Promise<boolean>;
  imports: ImportKeyRepository;
  reminders: ReminderRepository;
}

/** The database, as repositories. Notes are only written inside {@link Store.transaction}. */
export interface Store {
  readonly users: UserRepository;
  readonly notes: NoteReader;
  readonly events: NoteEventReader;
  readonly revisions: RevisionReader;
  readonly live: LiveChanges;
  /** Reminders, push subscriptions and reminder settings (reads and single-row writes). */
  readonly reminders: ReminderRepository;
  /** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: StoreTransaction) => Promise<T>): Promise<T>;
  /** Throws when the database cannot take a write now: gone, locked, read-only or its disk full. */
  ping(): Promise<void>;
  close(): Promise<void>;
}
