import type {
  ListFilter,
  ListPage,
  ListQuery,
  NoteChanges,
  NoteLocation,
  NoteMove,
  NoteRecord,
  UserRecord,
} from './records';

/** Accounts. Single-row writes, so they need no transaction. */
export interface UserRepository {
  findById(id: string): Promise<UserRecord | undefined>;
  /** Emails are unique ignoring case. */
  findByEmail(email: string): Promise<UserRecord | undefined>;
  /** Fails on an email taken (ignoring case) by another account. */
  insert(user: UserRecord): Promise<void>;
  /** Revokes every token issued so far. */
  bumpTokenVersion(id: string, at: string): Promise<void>;
}

/** Reading notes. Every method is scoped by owner: none reads another user's note. */
export interface NoteReader {
  /** One page of a list, in order. Throws a RangeError when `after` does not fit the ordering. */
  page(query: ListQuery): Promise<ListPage>;
  count(filter: ListFilter): Promise<number>;
  /** Every note in one place, oldest first (the order the spec's REST lists come in). */
  all(userId: string, location: NoteLocation): Promise<NoteRecord[]>;
  find(userId: string, id: string): Promise<NoteRecord | undefined>;
  /** Distinct labels of notes in the main list and the archive, sorted. */
  labels(userId: string): Promise<string[]>;
}

/** Reading and writing notes, inside a transaction. Scoped by owner like {@link NoteReader}. */
export interface NoteRepository extends NoteReader {
  /**
   * The note, locked until the transaction ends, for a read-then-write: without the lock two
   * writers could both read it before either writes (two "successful" deletes of one note).
   */
  findForWrite(userId: string, id: string): Promise<NoteRecord | undefined>;
  insert(userId: string, note: NoteRecord): Promise<void>;
  update(userId: string, id: string, changes: NoteChanges): Promise<void>;
  move(userId: string, id: string, target: NoteMove): Promise<void>;
  delete(userId: string, id: string): Promise<void>;
}

/** What a transaction writes through: each repository runs its statements inside it. */
export interface StoreTransaction {
  users: UserRepository;
  notes: NoteRepository;
}

/** The database, as repositories. Notes are only written inside {@link Store.transaction}. */
export interface Store {
  readonly users: UserRepository;
  readonly notes: NoteReader;
  /** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: StoreTransaction) => Promise<T>): Promise<T>;
  /** Throws when the database cannot take a write now: gone, locked, read-only or its disk full. */
  ping(): Promise<void>;
  close(): Promise<void>;
}
