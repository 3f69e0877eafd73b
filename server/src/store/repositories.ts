import type {
  ApiTokenRecord,
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
  PasskeyRecord,
  ChallengePurpose,
  TotpRecord,
  SessionRecord,
  InstanceStatsRecord,
  InviteRecord,
  UserRecord,
  UserUsageRecord,
} from './records';
import type { ReminderRepository } from './reminders';
import type { AttachmentRepository } from './attachments';

/** Accounts. Single-row writes, so they need no transaction. */
export interface UserRepository {
  findById(id: string): Promise<UserRecord | undefined>;
  /** Emails are unique ignoring case. */
  findByEmail(email: string): Promise<UserRecord | undefined>;
  /** Fails on an email taken (ignoring case) by another account. */
  insert(user: UserRecord): Promise<void>;
  /** Revokes every token issued so far without a session (before sessions existed). */
  bumpTokenVersion(id: string, at: string): Promise<void>;
  setPasswordHash(id: string, passwordHash: string, at: string): Promise<void>;
  /** Fails on an email taken (ignoring case) by another account. */
  setEmail(id: string, email: string, at: string): Promise<void>;
  /** Disables the account from `at`, or enables it again (null). */
  setDisabled(id: string, at: string | null): Promise<void>;
  /** Records a sign-in at `at`. */
  recordSignIn(id: string, at: string): Promise<void>;
  /**
   * Deletes the account and, through the foreign keys' ON DELETE CASCADE, everything that is
   * the user's: notes, labels, revisions, events, imports (and every table added since that
   * references users.id with ON DELETE CASCADE).
   */
  delete(id: string): Promise<void>;
}

/** Single sign-on: the account each provider's user (issuer and subject) signs in to. */
export interface IdentityRepository {
  /** The id of the account the provider's user signs in to, if one is linked. */
  userOf(issuer: string, subject: string): Promise<string | undefined>;
  /** Links the provider's user to the account; fails when that user is linked already. */
  link(identity: {
    issuer: string;
    subject: string;
    userId: string;
    createdAt: string;
  }): Promise<void>;
}

/** Sign-ins, each the session its token names. Scoped by user where a user names one. */
export interface SessionRepository {
  insert(session: SessionRecord): Promise<void>;
  /** The user with the session, in one read; undefined when either is gone. */
  findWithUser(
    userId: string,
    sessionId: string,
  ): Promise<{ user: UserRecord; session: SessionRecord } | undefined>;
  /** The user's sessions, most recently used first. */
  list(userId: string): Promise<SessionRecord[]>;
  /** Whether the user had that session (and it is now gone). */
  delete(userId: string, sessionId: string): Promise<boolean>;
  /** Deletes the user's sessions but `keep` (null: all); returns the ids deleted. */
  deleteAllBut(userId: string, keep: string | null): Promise<string[]>;
  /** Deletes the user's sessions whose token expired before `at`. */
  deleteExpired(userId: string, at: string): Promise<void>;
  touch(sessionId: string, at: string): Promise<void>;
}

/** API tokens, found by the hash of the token. */
export interface ApiTokenRepository {
  insert(token: ApiTokenRecord): Promise<void>;
  /** The token with that hash and its user, in one read. */
  findWithUser(tokenHash: string): Promise<{ user: UserRecord; token: ApiTokenRecord } | undefined>;
  /** The user's tokens, newest first. */
  list(userId: string): Promise<ApiTokenRecord[]>;
  /** Whether the user had that token (and it is now gone). */
  delete(userId: string, tokenId: string): Promise<boolean>;
  touch(tokenId: string, at: string): Promise<void>;
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
  /**
   * Tells every server sharing the database, once the transaction commits, that the user's
   * tokens were revoked: all of them, or only `credential` (a session's or an API token's id, or
   * {@link legacyCredential} for the tokens issued before sessions).
   */
  announceSignOut(userId: string, credential?: string): Promise<void>;
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
  /**
   * `listener(credential)` after the user's tokens were revoked: all of them (`credential`
   * undefined: deleted account) or the one credential named (see NoteEventWriter.announceSignOut).
   */
  onSignOut(userId: string, listener: (credential?: string) => void): () => void;
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

/** Two-factor sign-in: each user's TOTP secret and recovery codes. */
export interface TwoFactorRepository {
  find(userId: string): Promise<TotpRecord | undefined>;
  /** Keeps `secret` as the user's pending one (replacing a pending one); false when enabled. */
  setPending(userId: string, secret: string, at: string): Promise<boolean>;
  /**
   * Turns two-factor on with the pending `secret` (false when it is no longer the pending one),
   * `step` as its last used step, and `codeHashes` as the recovery codes, replacing any.
   */
  enable(
    userId: string,
    secret: string,
    step: number,
    codeHashes: readonly string[],
    at: string,
  ): Promise<boolean>;
  /** Records `step` as used; false when it or a later one already was (a code works once). */
  useStep(userId: string, step: number): Promise<boolean>;
  /** Marks the unused recovery code with this hash used; false when there is none. */
  useRecoveryCode(userId: string, codeHash: string, at: string): Promise<boolean>;
  /** How many recovery codes are still unused. */
  recoveryCodesLeft(userId: string): Promise<number>;
  /** Forgets the secret and the recovery codes. */
  disable(userId: string): Promise<void>;
}

/** Passkeys and the challenges of their ceremonies. */
export interface PasskeyRepository {
  list(userId: string): Promise<PasskeyRecord[]>;
  findByCredentialId(credentialId: string): Promise<PasskeyRecord | undefined>;
  insert(passkey: PasskeyRecord): Promise<void>;
  /** False when the user has no such passkey. */
  rename(userId: string, id: string, name: string): Promise<boolean>;
  /** False when the user has no such passkey. */
  delete(userId: string, id: string): Promise<boolean>;
  markUsed(id: string, counter: number, at: string): Promise<void>;
  /** Keeps a challenge until `expiresAt` (and sweeps those expired by `at`). */
  saveChallenge(
    challenge: string,
    purpose: ChallengePurpose,
    userId: string | null,
    expiresAt: string,
    at: string,
  ): Promise<void>;
  /** Uses the challenge up: true once, if it was issued for this purpose and user and is unexpired. */
  takeChallenge(
    challenge: string,
    purpose: ChallengePurpose,
    userId: string | null,
    at: string,
  ): Promise<boolean>;
}

/** What the admin page reads: every account with what it holds, and the instance's figures. */
export interface AdminReader {
  /**
   * Every account (or only `userId`'s), oldest first, with its note count and storage. Not
   * scoped by owner: for admins only.
   */
  usage(userId?: string): Promise<UserUsageRecord[]>;
  stats(): Promise<InstanceStatsRecord>;
}

/** Invitations to sign up; tokens are passed and kept as their sha256 only. */
export interface InviteRepository {
  insert(invite: InviteRecord, tokenHash: string): Promise<void>;
  findByTokenHash(tokenHash: string): Promise<InviteRecord | undefined>;
  /** Unused invitations expiring after `at`, newest first. */
  pending(at: string): Promise<InviteRecord[]>;
  /** Deletes (revokes) the invitation; false when there was none. */
  delete(id: string): Promise<boolean>;
  /**
   * Uses the invitation up for `userId` if it is unused and expires after `at`, in one statement
   * (PostgreSQL re-checks the row after a concurrent use commits): true when this call used it.
   */
  use(tokenHash: string, userId: string, at: string): Promise<boolean>;
}

/** What a transaction writes through: each repository runs its statements inside it. */
export interface StoreTransaction {
  users: UserRepository;
  sessions: SessionRepository;
  apiTokens: ApiTokenRepository;
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
  identities: IdentityRepository;
  invites: InviteRepository;
  reminders: ReminderRepository;
  attachments: AttachmentRepository;
}

/** The database, as repositories. Notes are only written inside {@link Store.transaction}. */
export interface Store {
  readonly users: UserRepository;
  readonly identities: IdentityRepository;
  readonly sessions: SessionRepository;
  readonly apiTokens: ApiTokenRepository;
  readonly notes: NoteReader;
  readonly events: NoteEventReader;
  readonly revisions: RevisionReader;
  readonly live: LiveChanges;
  readonly twoFactor: TwoFactorRepository;
  readonly passkeys: PasskeyRepository;
  readonly admin: AdminReader;
  readonly invites: InviteRepository;
  /** Reminders, push subscriptions and reminder settings (reads and single-row writes). */
  readonly reminders: ReminderRepository;
  /** Attachments (issue 40): their rows and bytes, who may read them, what uses them. */
  readonly attachments: AttachmentRepository;
  /** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: StoreTransaction) => Promise<T>): Promise<T>;
  /** Throws when the database cannot take a write now: gone, locked, read-only or its disk full. */
  ping(): Promise<void>;
  close(): Promise<void>;
}
