import crypto from 'node:crypto';

import { z } from 'zod';

import type { Kysely } from 'kysely';

import type { Store } from '../store/database';
import { notesStore, type CursorKey, type SortOrder } from '../store/notes';
import type { Database, Location, NoteRow, NoteRowUpdate } from '../store/schema';
import { now } from './clock';
import { AppError, badInput, fromZodIssues, hasNul, noteNotFound, nulMessage } from '../errors';
import { htmlToText, sanitizeRichText, stripMarkup } from './sanitize';

export type PriorityName = 'low' | 'medium' | 'high';

/** A note as the services hand it to the APIs. */
export interface NoteRecord {
  id: string;
  title: string;
  content: string;
  textContent: string;
  color: string;
  priority: PriorityName | null;
  tags: string[];
  location: Location;
  /** For a trashed note: where it was before. */
  previousLocation: Location | null;
  createdAt: string;
  updatedAt: string;
}

export const limits = {
  title: 500,
  contentBytes: 1_000_000,
  labels: 50,
  label: 100,
  pageSize: 100,
  search: 500,
} as const;

const priorityRank: Record<PriorityName, number> = { low: 1, medium: 2, high: 3 };
const priorityName: Record<number, PriorityName | null> = {
  0: null,
  1: 'low',
  2: 'medium',
  3: 'high',
};

/** The fields a client may set on a note; every one optional (an update merges). */
export const noteFieldsSchema = z.object({
  title: z
    .string()
    .max(limits.title * 4, `must be at most ${limits.title} characters`)
    .optional(),
  content: z
    .string()
    .refine((s) => Buffer.byteLength(s) <= limits.contentBytes, 'must be at most 1 MB')
    .optional(),
  color: z
    .union([
      z.literal(''),
      z.string().regex(/^#[0-9a-fA-F]{3,8}$/, 'must be a hex colour like #F29191, or empty'),
    ])
    .nullable()
    .optional(),
  priority: z.enum(['low', 'medium', 'high']).nullable().optional(),
  tags: z
    .array(
      z
        .string()
        .max(limits.label, `each label must be at most ${limits.label} characters`)
        .refine((t) => t.trim().length > 0, 'a label cannot be empty'),
    )
    .max(limits.labels, `at most ${limits.labels} labels per note`)
    .optional(),
});

export type NoteFields = z.input<typeof noteFieldsSchema>;

export interface NoteFilter {
  search?: string | null;
  tags?: readonly string[] | null;
  priority?: PriorityName | null;
  sort?: SortOrder | null;
}

export interface PageRequest {
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

export function toNoteRecord(row: NoteRow): NoteRecord {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    textContent: row.text_content,
    color: row.color,
    priority: priorityName[row.priority] ?? null,
    tags: JSON.parse(row.tags) as string[],
    location: row.location,
    previousLocation: row.previous_location,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

const encodeCursor = (key: CursorKey) => Buffer.from(JSON.stringify(key)).toString('base64url');

function decodeCursor(cursor: string): CursorKey {
  try {
    const key: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(key) &&
      key.length >= 2 &&
      key.every((v) => typeof v === 'string' || typeof v === 'number')
    ) {
      return key;
    }
  } catch {
    // falls through to the error below
  }
  throw badInput('after', 'is not a cursor this API gave out');
}

/** Validates and cleans client fields into what the store keeps. */
function clean(fields: unknown): { changes: NoteRowUpdate; tags?: string[] } {
  const parsed = noteFieldsSchema.safeParse(fields ?? {});
  if (!parsed.success) throw fromZodIssues(parsed.error.issues);
  const f = parsed.data;
  const changes: NoteRowUpdate = {};
  if (f.title !== undefined) {
    const title = stripMarkup(f.title).trim();
    if (title.length > limits.title)
      throw badInput('title', `must be at most ${limits.title} characters`);
    changes.title = title;
  }
  if (f.content !== undefined) {
    const content = sanitizeRichText(f.content);
    changes.content = content;
    changes.text_content = htmlToText(content);
  }
  if (f.color !== undefined) changes.color = f.color ?? '';
  if (f.priority !== undefined) changes.priority = f.priority ? priorityRank[f.priority] : 0;
  let tags: string[] | undefined;
  if (f.tags !== undefined) {
    tags = [...new Set(f.tags.map(stripMarkup))].filter((t) => t.trim().length > 0);
    changes.tags = JSON.stringify(tags);
  }
  return { changes, tags };
}

const locationNames: Record<Location, string> = {
  notes: 'notes',
  archive: 'the archive',
  trash: 'the trash',
};

const notIn = (id: string, from: readonly Location[]) =>
  new AppError(
    'NOT_FOUND',
    `Note ${id} is not in ${from.map((l) => locationNames[l]).join(' or ')}`,
  );

/** Every rule about notes: where they live, how they move, what they may hold. */
export function notesService(store: Store) {
  const { db } = store;
  const sql = notesStore(store.dialect);

  /** Loads the user's note, optionally insisting on where it is; another user's note is "not found". */
  function checked(row: NoteRow | undefined, id: string, from?: readonly Location[]): NoteRow {
    if (!row) throw noteNotFound(id);
    if (from && !from.includes(row.location)) throw notIn(id, from);
    return row;
  }

  /** Reads a note inside a writing transaction, locked so a concurrent writer waits for us. */
  async function findIn(
    trx: Kysely<Database>,
    userId: string,
    id: string,
    from?: readonly Location[],
  ): Promise<NoteRow> {
    const row = hasNul(id) ? undefined : await sql.findForWrite(trx, userId, id);
    return checked(row, id, from);
  }

  /** Moves a note, inside one transaction so a concurrent move cannot interleave. */
  async function move(
    userId: string,
    id: string,
    from: readonly Location[],
    to: (row: NoteRow) => { location: Location; previous_location: Location | null },
  ): Promise<NoteRecord> {
    return db.transaction().execute(async (trx) => {
      const row = await findIn(trx, userId, id, from);
      const changes = to(row);
      await sql.update(trx, userId, id, changes);
      return toNoteRecord({ ...row, ...changes });
    });
  }

  return {
    async get(userId: string, id: string, from?: readonly Location[]): Promise<NoteRecord> {
      // No note's id holds a NUL character, and PostgreSQL could not even compare one.
      const row = hasNul(id) ? undefined : await sql.find(db, userId, id);
      return toNoteRecord(checked(row, id, from));
    },

    /** Every note in one place, oldest first (REST lists). */
    async all(userId: string, location: Location): Promise<NoteRecord[]> {
      return (await sql.all(db, userId, location)).map(toNoteRecord);
    },

    /** A page of one list, filtered, ordered and counted in the database. */
    async page(userId: string, location: Location, request: PageRequest): Promise<NotePage> {
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
      const query = {
        userId,
        location,
        search: search || undefined,
        tags: filter.tags ?? undefined,
        priority: filter.priority ? priorityRank[filter.priority] : undefined,
      };
      const after = request.after ? decodeCursor(request.after) : undefined;
      let result;
      try {
        result = await sql.page(db, {
          ...query,
          sort: filter.sort ?? 'DATE_LATEST',
          limit: first + 1,
          after,
        });
      } catch (error) {
        if (error instanceof RangeError) throw badInput('after', 'does not fit this ordering');
        throw error;
      }
      const { rows, keys } = result;
      const hasNextPage = rows.length > first;
      const pageRows = rows.slice(0, first);
      const lastKey = keys[pageRows.length - 1];
      return {
        nodes: pageRows.map(toNoteRecord),
        totalCount: () =>
          result.total !== undefined ? Promise.resolve(result.total) : sql.count(db, query),
        endCursor: lastKey ? encodeCursor(lastKey) : null,
        hasNextPage,
      };
    },

    /** Adds a note to the main list; the server assigns id and timestamps, tags default to []. */
    async add(userId: string, fields: unknown): Promise<NoteRecord> {
      const { changes, tags = [] } = clean(fields);
      const at = now();
      const content = changes.content ?? '';
      const row: NoteRow = {
        id: crypto.randomUUID(),
        user_id: userId,
        title: changes.title ?? '',
        content,
        text_content: changes.text_content ?? '',
        color: changes.color ?? '',
        priority: changes.priority ?? 0,
        tags: JSON.stringify(tags),
        location: 'notes',
        previous_location: null,
        created_at: at,
        updated_at: at,
      };
      await db.transaction().execute((trx) => sql.insert(trx, row, tags));
      return toNoteRecord(row);
    },

    /** Merges the given fields into a note in the main list or the archive. */
    async update(
      userId: string,
      id: string,
      fields: unknown,
      from: readonly Location[] = ['notes', 'archive'],
    ): Promise<NoteRecord> {
      const { changes, tags } = clean(fields);
      return db.transaction().execute(async (trx) => {
        const row = await findIn(trx, userId, id);
        if (!from.includes(row.location)) {
          throw row.location === 'trash'
            ? badInput('id', 'a note in the trash cannot be edited; restore it first')
            : notIn(id, from);
        }
        const stamped = { ...changes, updated_at: now() };
        await sql.update(trx, userId, id, stamped, tags);
        return toNoteRecord({ ...row, ...stamped });
      });
    },

    archive: (userId: string, id: string) =>
      move(userId, id, ['notes'], () => ({ location: 'archive', previous_location: null })),

    unarchive: (userId: string, id: string) =>
      move(userId, id, ['archive'], () => ({ location: 'notes', previous_location: null })),

    trash: (userId: string, id: string, from: readonly Location[] = ['notes', 'archive']) =>
      move(userId, id, from, (row) => ({ location: 'trash', previous_location: row.location })),

    /** Back to where it was deleted from. */
    restore: (userId: string, id: string) =>
      move(userId, id, ['trash'], (row) => ({
        location: row.previous_location === 'archive' ? 'archive' : 'notes',
        previous_location: null,
      })),

    /** Deletes forever; only a note already in the trash. */
    async deleteForever(userId: string, id: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await findIn(trx, userId, id, ['trash']);
        await sql.delete(trx, userId, id);
      });
    },

    labels: (userId: string) => sql.labels(db, userId),
  };
}

export type NotesService = ReturnType<typeof notesService>;
