import crypto from 'node:crypto';

import {
  AppError,
  VersionConflictError,
  badInput,
  hasNul,
  messages,
  noteNotFound,
  nulMessage,
} from '../errors';
import {
  emptyNote,
  type ClientField,
  type DroppedAttachment,
  type NoteChanges,
  type NoteEventKind,
  type NoteField,
  type NoteLocation,
  type NoteMove,
  type NoteRecord,
  type NoteRevisionRecord,
  type PriorityName,
  type SortOrder,
  type Store,
  type StoreTransaction,
} from '../store';
import { attachmentsOfNotes, dropUnusedAttachments } from './attachments';
import { now, timestamps, type Clock } from './clock';
import { decodeCursor, encodeCursor } from './cursor';
import { checkNoteLabels } from './labels';
import { characters, cleanNoteFields, limits } from './note-fields';

export { clientFields, noteFields } from '../store';
export type { ClientField, NoteField, NoteLocation, NoteRecord, NoteRevisionRecord, PriorityName };

/**
 * Edits of a note within this long of its newest revision keep no new one: at most one revision
 * per note per 10 minutes of continuous editing.
 */
export const revisionWindowMs = 10 * 60_000;

export interface NotesOptions {
  /** Where the time comes from; tests inject theirs. */
  clock?: Clock;
  /** Removes the files (ATTACHMENT_DIR) of attachments a deletion forever dropped. */
  removeAttachmentFiles?: (dropped: DroppedAttachment[]) => Promise<void>;
}

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

/** The most characters of an add's `clientKey`. */
const CLIENT_KEY_MAX = 100;

/**
 * An add's `clientKey`, as the key it claims (apart from the import keys, which share the table).
 */
function checkedClientKey(clientKey: unknown): string | undefined {
  if (clientKey === undefined || clientKey === null) return undefined;
  if (
    typeof clientKey !== 'string' ||
    clientKey.length === 0 ||
    clientKey.length > CLIENT_KEY_MAX
  ) {
    throw badInput('clientKey', `must be text of 1 to ${CLIENT_KEY_MAX} characters`);
  }
  return `client:${clientKey}`;
}

/**
 * Records a change of a note in its owner's feed, in the change's own transaction: the change and
 * its event commit together or not at all.
 */
const recordChange = (
  tx: StoreTransaction,
  userId: string,
  id: string,
  kind: NoteEventKind,
  at: string,
) => tx.events.append(userId, id, kind, at);

/**
 * Keeps the note's current title and content as a revision made at `at`. With `coalesce`, not
 * when its newest revision is younger than {@link revisionWindowMs}: that one already holds the
 * text from before this stretch of editing.
 */
async function keepRevision(
  tx: StoreTransaction,
  userId: string,
  note: NoteRecord,
  at: string,
  coalesce: boolean,
): Promise<void> {
  if (coalesce) {
    const latest = await tx.revisions.latestAt(userId, note.id);
    if (latest !== undefined && Date.parse(at) - Date.parse(latest) < revisionWindowMs) return;
  }
  await tx.revisions.insert(userId, {
    id: crypto.randomUUID(),
    noteId: note.id,
    createdAt: at,
    title: note.title,
    content: note.content,
    textContent: note.textContent,
  });
}

/** True when `changes` give the note another title or content. */
const changesText = (note: NoteRecord, changes: NoteChanges) =>
  (changes.title !== undefined && changes.title !== note.title) ||
  (changes.content !== undefined && changes.content !== note.content);

/** True when `changes` would leave every field of the note as it is. */
const changesNothing = (note: NoteRecord, changes: NoteChanges) =>
  Object.entries(changes).every(([field, value]) => {
    const current = note[field as keyof NoteChanges];
    return Array.isArray(value) && Array.isArray(current)
      ? value.length === current.length && value.every((item, i) => item === current[i])
      : value === current;
  });

/**
 * True for a note with neither a title nor a body (no text, no image): not a note. A title alone
 * is one, as in Keep (DESIGN.md, "Deliberate departures").
 */
const isBlank = (note: Pick<NoteRecord, 'title' | 'content' | 'textContent'>) =>
  note.title.trim() === '' && note.textContent.trim() === '' && !/<img\b/i.test(note.content);

const blankNote = () => new AppError('BAD_USER_INPUT', messages.noteEmpty, 'content');

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
export function notesService(store: Store, options: NotesOptions = {}) {
  const stamp = options.clock ? timestamps(options.clock) : now;

  /** Moves a note, inside one transaction so a concurrent move cannot interleave. */
  function move(
    userId: string,
    id: string,
    from: readonly NoteLocation[],
    to: (note: NoteRecord, at: string) => NoteMove,
  ): Promise<NoteRecord> {
    return store.transaction(async (tx) => {
      const note = await findForWrite(tx, userId, id, from);
      const at = stamp();
      const target = to(note, at);
      await tx.notes.move(userId, id, target);
      await recordChange(tx, userId, id, 'UPSERTED', at);
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
      if (characters(search) > limits.search)
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

    /**
     * Adds a note to the main list (or the archive, with `location`); the server assigns id and timestamps, tags default to []. With
     * a `clientKey` the add happens once: sent again with the same key (its answer was lost on the
     * way), it answers the note the first one added, or NOT_FOUND if that note is gone since.
     */
    async add(
      userId: string,
      fields: unknown,
      { clientKey, location = 'notes' }: { clientKey?: unknown; location?: NoteLocation } = {},
    ): Promise<NoteRecord> {
      const changes = cleanNoteFields(fields);
      const key = checkedClientKey(clientKey);
      if (location === 'trash') throw badInput('location', 'a note is added to NOTES or ARCHIVE');
      const at = stamp();
      const note: NoteRecord = {
        ...emptyNote({ id: crypto.randomUUID(), location, createdAt: at, updatedAt: at }),
        ...changes,
      };
      if (isBlank(note)) throw blankNote();
      return store.transaction(async (tx) => {
        if (key !== undefined) {
          const claimed = await tx.imports.claim(userId, [{ key, noteId: note.id }], at);
          if (!claimed.has(key)) {
            // Sent before, its answer lost: the note that add made, as it is now.
            const earlier = (await tx.imports.noteOf(userId, key)) ?? note.id;
            return checked(await tx.notes.find(userId, earlier), earlier);
          }
        }
        await checkNoteLabels(tx, userId, note.tags, []);
        await tx.notes.insert(userId, note);
        await recordChange(tx, userId, note.id, 'UPSERTED', at);
        return note;
      });
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
        // Not a change: no new version (which would make other devices' edits conflict), no
        // event, no revision; the note as it is.
        if (changesNothing(note, changes)) return note;
        const touchesText = changes.title !== undefined || changes.content !== undefined;
        if (touchesText && isBlank({ ...note, ...changes })) throw blankNote();
        if (changes.tags) await checkNoteLabels(tx, userId, changes.tags, note.tags);
        const at = stamp();
        if (changesText(note, changes)) await keepRevision(tx, userId, note, at, true);
        const stamped = { ...changes, updatedAt: at };
        await tx.notes.update(userId, id, stamped);
        await recordChange(tx, userId, id, 'UPSERTED', at);
        return { ...note, ...stamped, version: note.version + 1 };
      });
    },

    archive: (userId: string, id: string) =>
      move(userId, id, ['notes'], () => ({
        location: 'archive',
        previousLocation: null,
        trashedAt: null,
      })),

    unarchive: (userId: string, id: string) =>
      move(userId, id, ['archive'], () => ({
        location: 'notes',
        previousLocation: null,
        trashedAt: null,
      })),

    /** To the trash, remembering where from and when (the retention job counts from then). */
    trash: (userId: string, id: string, from: readonly NoteLocation[] = ['notes', 'archive']) =>
      move(userId, id, from, (note, at) => ({
        location: 'trash',
        previousLocation: note.location,
        trashedAt: at,
      })),

    /** Back to where it was deleted from. */
    restore: (userId: string, id: string) =>
      move(userId, id, ['trash'], (note) => ({
        location: note.previousLocation === 'archive' ? 'archive' : 'notes',
        previousLocation: null,
        trashedAt: null,
      })),

    /** The earlier texts of the user's notes among `noteIds`, by note, newest first. */
    async revisions(
      userId: string,
      noteIds: readonly string[],
    ): Promise<Map<string, NoteRevisionRecord[]>> {
      const byNote = new Map<string, NoteRevisionRecord[]>();
      const ids = noteIds.filter((id) => !hasNul(id));
      for (const revision of await store.revisions.forNotes(userId, ids)) {
        const list = byNote.get(revision.noteId);
        if (list) list.push(revision);
        else byNote.set(revision.noteId, [revision]);
      }
      return byNote;
    },

    /**
     * Gives a note in the main list or the archive the title and content of one of its
     * revisions: a new version of the note (an event like any change), with its text from just
     * before kept as a revision first, so restoring that one undoes this.
     */
    async restoreRevision(userId: string, noteId: string, revisionId: string): Promise<NoteRecord> {
      return store.transaction(async (tx) => {
        const note = await findForWrite(tx, userId, noteId);
        if (note.location === 'trash') {
          throw badInput('noteId', 'a note in the trash cannot be changed; restore it first');
        }
        const revision = hasNul(revisionId)
          ? undefined
          : await tx.revisions.find(userId, noteId, revisionId);
        if (!revision) {
          throw new AppError('NOT_FOUND', `Revision ${revisionId} of note ${noteId} not found`);
        }
        const at = stamp();
        await keepRevision(tx, userId, note, at, false);
        const stamped = {
          title: revision.title,
          content: revision.content,
          textContent: revision.textContent,
          updatedAt: at,
        };
        await tx.notes.update(userId, noteId, stamped);
        await recordChange(tx, userId, noteId, 'UPSERTED', at);
        return { ...note, ...stamped, version: note.version + 1 };
      });
    },

    /** Deletes forever; only a note already in the trash. */
    async deleteForever(userId: string, id: string): Promise<void> {
      const dropped = await store.transaction(async (tx) => {
        await findForWrite(tx, userId, id, ['trash']);
        const used = await attachmentsOfNotes(tx, userId, [id]);
        await tx.notes.delete(userId, id);
        await recordChange(tx, userId, id, 'DELETED', stamp());
        // Its attachments that no other note or revision of the user uses go with it.
        return dropUnusedAttachments(tx, userId, used);
      });
      await options.removeAttachmentFiles?.(dropped);
    },

    /**
     * Deletes every note in the trash forever, in one transaction with one DELETED event each;
     * returns their ids, oldest first.
     */
    async emptyTrash(userId: string): Promise<string[]> {
      const { ids, dropped } = await store.transaction(async (tx) => {
        const ids = (await tx.notes.allForWrite(userId, 'trash')).map((n) => n.id);
        if (ids.length === 0) return { ids, dropped: [] };
        const used = await attachmentsOfNotes(tx, userId, ids);
        await tx.notes.deleteMany(userId, ids);
        await tx.events.appendMany(userId, ids, 'DELETED', stamp());
        return { ids, dropped: await dropUnusedAttachments(tx, userId, used) };
      });
      await options.removeAttachmentFiles?.(dropped);
      return ids;
    },
  };
}

export type NotesService = ReturnType<typeof notesService>;
