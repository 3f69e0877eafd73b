import crypto from 'node:crypto';

import {
  AppError,
  VersionConflictError,
  badInput,
  hasNul,
  noteNotFound,
  nulMessage,
} from '../errors';
import type {
  NoteEventKind,
  NoteLocation,
  NoteMove,
  NoteRecord,
  PriorityName,
  SortOrder,
  Store,
  StoreTransaction,
} from '../store';
import { now } from './clock';
import { decodeCursor, encodeCursor } from './cursor';
import { cleanNoteFields, limits } from './note-fields';

export type { NoteLocation, NoteRecord, PriorityName };

export interface NoteFilter {
  search?: string | null;
  tags?: readonly string[] | null;
  priority?: PriorityName | null;
  sort?: SortOrder | null;
}

interface PageRequest {
  filter?: NoteFilter | null;
  first?: number | null;
  after?: string | null;
}

export interface NotePage {
  nodes: NoteRecord[];
  /**
   * How many notes match, counted only when asked: for a broad search over a big list the
   * count costs far more than the page, and the app's own list never shows it.
   */
  totalCount: () => Promise<number>;
  endCursor: string | null;
  hasNextPage: boolean;
}

const locationNames: Record<NoteLocation, string> = {
  notes: 'notes',
  archive: 'the archive',
  trash: 'the trash',
};

const notIn = (id: string, from: readonly NoteLocation[]) =>
  new AppError(
    'NOT_FOUND',
    `Note ${id} is not in ${from.map((l) => locationNames[l]).join(' or ')}`,
  );

/** The note, insisting on where it is; another user's note is "not found". */
function checked(
  note: NoteRecord | undefined,
  id: string,
  from?: readonly NoteLocation[],
): NoteRecord {
  if (!note) throw noteNotFound(id);
  if (from && !from.includes(note.location)) throw notIn(id, from);
  return note;
}

/** A stale `baseVersion`: the note as it is now rides along, for the client to merge with. */
export type NoteConflict = VersionConflictError<NoteRecord>;

/** True for the conflict {@link notesService}'s `update` throws; the doors show its `current` note. */
export const isNoteConflict = (error: unknown): error is NoteConflict =>
  error instanceof VersionConflictError;

/** The versions a client may base an edit on: 1 and up (a note starts at 1). */
function checkedBaseVersion(baseVersion: unknown, field: string): number | undefined {
  if (baseVersion === undefined || baseVersion === null) return undefined;
  if (typeof baseVersion !== 'number' || !Number.isSafeInteger(baseVersion) || baseVersion < 1) {
    throw badInput(field, 'must be a whole number from 1 (the version the edit is based on)');
  }
  return baseVersion;
}

/**
 * Records a change of a note in its owner's feed, in the change's own transaction: the change and
 * its event commit together or not at all.
 */
const recordChange = (tx: StoreTransaction, userId: string, id: string, kind: NoteEventKind) =>
  tx.events.append(userId, id, kind, now());

/** Reads a note inside a writing transaction, locked so a concurrent writer waits for us. */
async function findForWrite(
  tx: StoreTransaction,
  userId: string,
  id: string,
  from?: readonly NoteLocation[],
): Promise<NoteRecord> {
  // No note's id holds a NUL character, and PostgreSQL could not even compare one.
  const note = hasNul(id) ? undefined : await tx.notes.findForWrite(userId, id);
  return checked(note, id, from);
}

/** Every rule about notes: where they live, how they move, what they may hold. */
export function notesService(store: Store) {
  /** Moves a note, inside one transaction so a concurrent move cannot interleave. */
  function move(
    userId: string,
    id: string,
    from: readonly NoteLocation[],
    to: (note: NoteRecord) => NoteMove,
  ): Promise<NoteRecord> {
    return store.transaction(async (tx) => {
      const note = await findForWrite(tx, userId, id, from);
      const target = to(note);
      await tx.notes.move(userId, id, target);
      await recordChange(tx, userId, id, 'UPSERTED');
      return { ...note, ...target, version: note.version + 1 };
    });
  }

  return {
    async get(userId: string, id: string): Promise<NoteRecord> {
      const note = hasNul(id) ? undefined : await store.notes.find(userId, id);
      return checked(note, id);
    },

    /** Every note in one place, oldest first (REST lists). */
    all: (userId: string, location: NoteLocation): Promise<NoteRecord[]> =>
      store.notes.all(userId, location),

    /** A page of one list, filtered, ordered and counted in the database. */
    async page(userId: string, location: NoteLocation, request: PageRequest): Promise<NotePage> {
      const first = request.first ?? 50;
      if (!Number.isInteger(first) || first < 0 || first > limits.pageSize) {
        throw badInput('first', `must be a whole number from 0 to ${limits.pageSize}`);
      }
      const filter = request.filter ?? {};
      const search = filter.search?.trim() ?? '';
      if (search.length > limits.search)
        throw badInput('filter.search', `must be at most ${limits.search} characters`);
      // No stored text holds a NUL character (see hasNul): no search or label can mean one.
      if (hasNul(search)) throw badInput('filter.search', nulMessage);
      if (filter.tags && filter.tags.length > limits.labels) {
        throw badInput('filter.tags', `at most ${limits.labels} labels`);
      }
      if (filter.tags?.some(hasNul)) throw badInput('filter.tags', nulMessage);
      const selection = {
        userId,
        location,
        search: search || undefined,
        tags: filter.tags ?? undefined,
        priority: filter.priority ?? undefined,
      };
      const after = request.after ? decodeCursor(request.after) : undefined;
      let result;
      try {
        result = await store.notes.page({
          ...selection,
          sort: filter.sort ?? 'DATE_LATEST',
          limit: first + 1,
          after,
        });
      } catch (error) {
        if (error instanceof RangeError) throw badInput('after', 'does not fit this ordering');
        throw error;
      }
      const { notes, keys, total } = result;
      const hasNextPage = notes.length > first;
      const nodes = notes.slice(0, first);
      const lastKey = keys[nodes.length - 1];
      return {
        nodes,
        totalCount: () =>
          total !== undefined ? Promise.resolve(total) : store.notes.count(selection),
        endCursor: lastKey ? encodeCursor(lastKey) : null,
        hasNextPage,
      };
    },

    /** Adds a note to the main list; the server assigns id and timestamps, tags default to []. */
    async add(userId: string, fields: unknown): Promise<NoteRecord> {
      const changes = cleanNoteFields(fields);
      const at = now();
      const note: NoteRecord = {
        id: crypto.randomUUID(),
        title: changes.title ?? '',
        content: changes.content ?? '',
        textContent: changes.textContent ?? '',
        color: changes.color ?? '',
        priority: changes.priority ?? null,
        tags: changes.tags ?? [],
        location: 'notes',
        previousLocation: null,
        createdAt: at,
        updatedAt: at,
        version: 1,
        pinned: changes.pinned ?? false,
      };
      await store.transaction(async (tx) => {
        await tx.notes.insert(userId, note);
        await recordChange(tx, userId, note.id, 'UPSERTED');
      });
      return note;
    },

    /**
     * Merges the given fields into a note in the main list or the archive. With `baseVersion`
     * (the version the client's edit started from), an edit of a note changed since then changes
     * nothing and throws a {@link NoteConflict} carrying the note as it is now. The check runs on
     * the locked row, so of several edits racing from one version exactly one wins.
     */
    async update(
      userId: string,
      id: string,
      fields: unknown,
      options: {
        from?: readonly NoteLocation[];
        baseVersion?: unknown;
        /** How the client named the base version, for the error (`baseVersion`, `note.version`). */
        baseVersionField?: string;
      } = {},
    ): Promise<NoteRecord> {
      const { from = ['notes', 'archive'], baseVersionField = 'baseVersion' } = options;
      const changes = cleanNoteFields(fields);
      const baseVersion = checkedBaseVersion(options.baseVersion, baseVersionField);
      return store.transaction(async (tx) => {
        const note = await findForWrite(tx, userId, id);
        // Stale first: a note moved elsewhere since the client's version is a conflict too, and
        // the current note tells the client where it went.
        if (baseVersion !== undefined && baseVersion !== note.version) {
          throw new VersionConflictError(
            `Note ${id} was changed elsewhere: it is at version ${note.version}, not ${baseVersion}. Nothing was saved; merge with the current note and save again.`,
            note,
          );
        }
        if (!from.includes(note.location)) {
          throw note.location === 'trash'
            ? badInput('id', 'a note in the trash cannot be edited; restore it first')
            : notIn(id, from);
        }
        const stamped = { ...changes, updatedAt: now() };
        await tx.notes.update(userId, id, stamped);
        await recordChange(tx, userId, id, 'UPSERTED');
        return { ...note, ...stamped, version: note.version + 1 };
      });
    },

    archive: (userId: string, id: string) =>
      move(userId, id, ['notes'], () => ({ location: 'archive', previousLocation: null })),

    unarchive: (userId: string, id: string) =>
      move(userId, id, ['archive'], () => ({ location: 'notes', previousLocation: null })),

    trash: (userId: string, id: string, from: readonly NoteLocation[] = ['notes', 'archive']) =>
      move(userId, id, from, (note) => ({ location: 'trash', previousLocation: note.location })),

    /** Back to where it was deleted from. */
    restore: (userId: string, id: string) =>
      move(userId, id, ['trash'], (note) => ({
        location: note.previousLocation === 'archive' ? 'archive' : 'notes',
        previousLocation: null,
      })),

    /** Deletes forever; only a note already in the trash. */
    async deleteForever(userId: string, id: string): Promise<void> {
      await store.transaction(async (tx) => {
        await findForWrite(tx, userId, id, ['trash']);
        await tx.notes.delete(userId, id);
        await recordChange(tx, userId, id, 'DELETED');
      });
    },

    /**
     * Deletes every note in the trash forever, in one transaction with one DELETED event each;
     * returns their ids, oldest first.
     */
    emptyTrash: (userId: string): Promise<string[]> =>
      store.transaction(async (tx) => {
        const ids = (await tx.notes.allForWrite(userId, 'trash')).map((n) => n.id);
        if (ids.length === 0) return [];
        await tx.notes.deleteMany(userId, ids);
        await tx.events.appendMany(userId, ids, 'DELETED', now());
        return ids;
      }),
  };
}

export type NotesService = ReturnType<typeof notesService>;
