import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';

import type { Database } from './schema';

/** One attachment's row without its bytes: what is checked before anything is served. */
export interface StoredAttachment {
  id: string;
  userId: string;
  name: string;
  contentType: string;
  size: number;
  width: number | null;
  height: number | null;
  createdAt: string;
  sha256: string;
  /** The file's name in ATTACHMENT_DIR when the bytes are kept on disk; null when in the row. */
  path: string | null;
  /** Whether a thumbnail is stored (images). */
  hasThumb: boolean;
}

/** What an upload stores. */
export interface NewAttachment extends Omit<StoredAttachment, 'hasThumb'> {
  bytes: Buffer | null;
  thumb: Buffer | null;
}

/** An attachment deleted: its id and, when its bytes were on disk, the file to remove. */
export interface DroppedAttachment {
  id: string;
  path: string | null;
}

/** Attachments' rows: their bytes, who may read them, what uses them. */
export interface AttachmentRepository {
  insert(row: NewAttachment): Promise<void>;
  /** The bytes `userId`'s attachments take (what the quota counts). */
  usedBytes(userId: string): Promise<number>;
  /**
   * The attachment when `callerId` may read it: its uploader, or a member of a note whose content
   * uses it and of which the uploader is a member.
   */
  readable(callerId: string, id: string): Promise<StoredAttachment | undefined>;
  /** The stored bytes (the original in the row, or the thumbnail); null when there are none. */
  bytes(id: string, which: 'original' | 'thumb'): Promise<Buffer | null>;
  /** Those made before `before` that no note and no revision of a member uses, at most `limit`. */
  unusedBefore(before: string, limit: number): Promise<DroppedAttachment[]>;
  /** Of `ids`, those of `userId` that no note and no revision of theirs uses, deleted. */
  deleteUnused(userId: string, ids: readonly string[]): Promise<DroppedAttachment[]>;
  delete(ids: readonly string[]): Promise<void>;
  /** The contents of `userId`'s notes `noteIds` and of their revisions (to find what they use). */
  contentsOf(userId: string, noteIds: readonly string[]): Promise<string[]>;
  /** Every file name the rows point at (ATTACHMENT_DIR's sweep keeps these). */
  paths(): Promise<Set<string>>;
}

const metaColumns = [
  'a.id',
  'a.user_id',
  'a.name',
  'a.content_type',
  'a.size',
  'a.width',
  'a.height',
  'a.created_at',
  'a.sha256',
  'a.path',
] as const;

interface MetaRow {
  id: string;
  user_id: string;
  name: string;
  content_type: string;
  size: number | string;
  width: number | null;
  height: number | null;
  created_at: string;
  sha256: string;
  path: string | null;
  has_thumb: number | boolean | string;
}

const toStored = (r: MetaRow): StoredAttachment => ({
  id: r.id,
  userId: r.user_id,
  name: r.name,
  contentType: r.content_type,
  size: Number(r.size),
  width: r.width,
  height: r.height,
  createdAt: r.created_at,
  sha256: r.sha256,
  path: r.path,
  hasThumb: r.has_thumb === true || Number(r.has_thumb) === 1,
});

/** `text` holds a reference to the attachment `id` (`/api/attachments/{id}`, the path or a URL). */
const mentions = (text: Expression<string>, id: Expression<string>) =>
  sql<SqlBool>`${text} like ('%/api/attachments/' || ${id} || '%')`;

/**
 * Whether a note or a revision of a note of which the attachment's uploader is a member uses it.
 * Today a note's members are its owner (`notes.user_id`); sharing adds its collaborators here.
 */
const inUse = sql<SqlBool>`(exists (
    select 1 from notes n
    where n.user_id = a.user_id and ${mentions(sql.ref('n.content'), sql.ref('a.id'))})
  or exists (
    select 1 from note_revisions r
    where r.user_id = a.user_id and ${mentions(sql.ref('r.content'), sql.ref('a.id'))}))`;

/** Ids per statement: well under SQLite's and PostgreSQL's limits on bound values. */
const chunk = 500;
const chunks = <T>(items: readonly T[]): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += chunk) out.push(items.slice(i, i + chunk));
  return out;
};

export function attachmentRepository(db: Kysely<Database>): AttachmentRepository {
  return {
    async insert(row) {
      await db
        .insertInto('attachments')
        .values({
          id: row.id,
          user_id: row.userId,
          name: row.name,
          content_type: row.contentType,
          size: row.size,
          width: row.width,
          height: row.height,
          sha256: row.sha256,
          bytes: row.bytes,
          thumb: row.thumb,
          path: row.path,
          created_at: row.createdAt,
        })
        .execute();
    },

    async usedBytes(userId) {
      const row = await db
        .selectFrom('attachments')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('size'), sql`0`).as('used'))
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(row?.used ?? 0);
    },

    async readable(callerId, id) {
      const row = await db
        .selectFrom('attachments as a')
        .select(metaColumns)
        .select(sql<number>`case when a.thumb is null then 0 else 1 end`.as('has_thumb'))
        .where('a.id', '=', id)
        .executeTakeFirst();
      if (!row) return undefined;
      // The uploader reads at once; anyone else through a note both are members of. The members
      // of the note `n`: today its owner. Sharing adds its collaborators here.
      if (row.user_id === callerId) return toStored(row);
      const members = sql`(select n.user_id)`;
      const shown = await db
        .selectFrom('notes as n')
        .select(sql<number>`1`.as('found'))
        .where(mentions(sql.ref('n.content'), sql.val(id)))
        .where(sql<SqlBool>`${callerId} in ${members}`)
        .where(sql<SqlBool>`${row.user_id} in ${members}`)
        .limit(1)
        .executeTakeFirst();
      return shown ? toStored(row) : undefined;
    },

    async bytes(id, which) {
      const row = await db
        .selectFrom('attachments')
        .select(which === 'thumb' ? 'thumb as data' : 'bytes as data')
        .where('id', '=', id)
        .executeTakeFirst();
      const data = row?.data;
      return data ? Buffer.from(data) : null;
    },

    async unusedBefore(before, limit) {
      return db
        .selectFrom('attachments as a')
        .select(['a.id', 'a.path'])
        .where('a.created_at', '<', before)
        .where(sql<SqlBool>`not ${inUse}`)
        .orderBy('a.created_at')
        .limit(limit)
        .execute();
    },

    async deleteUnused(userId, ids) {
      const dropped: DroppedAttachment[] = [];
      for (const part of chunks([...new Set(ids)])) {
        const unused = await db
          .selectFrom('attachments as a')
          .select(['a.id', 'a.path'])
          .where('a.user_id', '=', userId)
          .where('a.id', 'in', part)
          .where(sql<SqlBool>`not ${inUse}`)
          .execute();
        if (unused.length === 0) continue;
        await db
          .deleteFrom('attachments')
          .where(
            'id',
            'in',
            unused.map((u) => u.id),
          )
          .execute();
        dropped.push(...unused);
      }
      return dropped;
    },

    async delete(ids) {
      for (const part of chunks(ids)) {
        await db.deleteFrom('attachments').where('id', 'in', part).execute();
      }
    },

    async contentsOf(userId, noteIds) {
      const contents: string[] = [];
      for (const part of chunks(noteIds)) {
        const notes = await db
          .selectFrom('notes')
          .select('content')
          .where('user_id', '=', userId)
          .where('id', 'in', part)
          .execute();
        const revisions = await db
          .selectFrom('note_revisions')
          .select('content')
          .where('user_id', '=', userId)
          .where('note_id', 'in', part)
          .execute();
        contents.push(...notes.map((n) => n.content), ...revisions.map((r) => r.content));
      }
      return contents;
    },

    async paths() {
      const rows = await db
        .selectFrom('attachments')
        .select('path')
        .where('path', 'is not', null)
        .execute();
      return new Set(rows.map((r) => r.path!));
    },
  };
}
