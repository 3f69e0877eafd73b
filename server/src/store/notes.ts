import { sql, type Kysely } from 'kysely';

import type { Dialect } from './database';
import type { ListQueries } from './note-lists';
import { readColumns, toNoteRecord, toNoteRow, toRowUpdate } from './note-rows';
import type { NoteWalkKey } from './records';
import type { NoteRepository } from './repositories';
import type { Database } from './schema';

/** Ids a statement lists at most: well under SQLite's and PostgreSQL's limits on parameters. */
const chunkSize = 500;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += chunkSize) out.push(items.slice(i, i + chunkSize));
  return out;
}

/**
 * One step of a walk through all of a user's notes, every place, oldest first (ties by id): the
 * `limit` notes after `after`. The index `notes_by_owner_date` serves it in that order.
 */
export function walkQuery(
  db: Kysely<Database>,
  userId: string,
  after: NoteWalkKey | undefined,
  limit: number,
) {
  return db
    .selectFrom('notes')
    .select(readColumns)
    .where('user_id', '=', userId)
    .$if(after !== undefined, (q) =>
      q.where((eb) =>
        eb(eb.refTuple('created_at', 'id'), '>', eb.tuple(after!.createdAt, after!.id)),
      ),
    )
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .limit(limit);
}

/** Notes over `db`, the database or a transaction. Every query is scoped by owner. */
export function noteRepository(
  db: Kysely<Database>,
  dialect: Dialect,
  lists: ListQueries,
): NoteRepository {
  const one = (userId: string, id: string) =>
    db.selectFrom('notes').select(readColumns).where('user_id', '=', userId).where('id', '=', id);

  async function replaceTags(userId: string, id: string, tags: readonly string[]) {
    await db.deleteFrom('note_tags').where('note_id', '=', id).execute();
    if (tags.length > 0) {
      await db
        .insertInto('note_tags')
        .values(tags.map((tag) => ({ note_id: id, user_id: userId, tag })))
        .execute();
    }
  }

  return {
    page: (query) => lists.page(db, query),

    count: (filter) => lists.count(db, filter),

    async all(userId, location) {
      const rows = await db
        .selectFrom('notes')
        .select(readColumns)
        .where('user_id', '=', userId)
        .where('location', '=', location)
        .orderBy('created_at', 'asc')
        .orderBy('id', 'asc')
        .execute();
      return rows.map(toNoteRecord);
    },

    async find(userId, id) {
      const row = await one(userId, id).executeTakeFirst();
      return row && toNoteRecord(row);
    },
    async findMany(userId, ids) {
      if (ids.length === 0) return [];
      const rows = await db
        .selectFrom('notes')
        .select(readColumns)
        .where('user_id', '=', userId)
        .where('id', 'in', ids)
        .execute();
      return rows.map(toNoteRecord);
    },

    async findForWrite(userId, id) {
      // PostgreSQL's read committed needs the row lock; SQLite's writers are serialised already.
      const query = dialect === 'postgres' ? one(userId, id).forUpdate() : one(userId, id);
      const row = await query.executeTakeFirst();
      return row && toNoteRecord(row);
    },

    async insert(userId, note) {
      await db
        .insertInto('notes')
        .values(toNoteRow(userId, note, dialect))
        .execute();
      await replaceTags(userId, note.id, note.tags);
    },

    async insertMany(userId, notes) {
      for (const batch of chunks(notes)) {
        await db
          .insertInto('notes')
          .values(batch.map((note) => toNoteRow(userId, note, dialect)))
          .execute();
      }
      const tags = notes.flatMap((note) =>
        note.tags.map((tag) => ({ note_id: note.id, user_id: userId, tag })),
      );
      for (const batch of chunks(tags)) {
        await db.insertInto('note_tags').values(batch).execute();
      }
    },

    async walk(userId, after, limit) {
      return (await walkQuery(db, userId, after, limit).execute()).map(toNoteRecord);
    },

    async update(userId, id, changes) {
      await db
        .updateTable('notes')
        .set((eb) => ({ ...toRowUpdate(changes, dialect), version: eb('version', '+', 1) }))
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .execute();
      if (changes.tags) await replaceTags(userId, id, changes.tags);
    },

    async move(userId, id, target) {
      await db
        .updateTable('notes')
        .set((eb) => ({
          location: target.location,
          previous_location: target.previousLocation,
          trashed_at: target.trashedAt,
          version: eb('version', '+', 1),
        }))
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .execute();
    },

    async delete(userId, id) {
      await db
        .deleteFrom('note_tags')
        .where('note_id', '=', id)
        .where('user_id', '=', userId)
        .execute();
      await db.deleteFrom('notes').where('user_id', '=', userId).where('id', '=', id).execute();
    },

    async deleteMany(userId, ids) {
      for (const chunk of chunks(ids)) {
        await db
          .deleteFrom('note_tags')
          .where('user_id', '=', userId)
          .where('note_id', 'in', chunk)
          .execute();
        await db
          .deleteFrom('notes')
          .where('user_id', '=', userId)
          .where('id', 'in', chunk)
          .execute();
      }
    },

    async allForWrite(userId, location) {
      const rows = await db
        .selectFrom('notes')
        .select(readColumns)
        .where('user_id', '=', userId)
        .where('location', '=', location)
        .orderBy('created_at', 'asc')
        .orderBy('id', 'asc')
        .$if(dialect === 'postgres', (q) => q.forUpdate())
        .execute();
      return rows.map(toNoteRecord);
    },

    async labelledForWrite(userId, label) {
      const rows = await db
        .selectFrom('notes')
        .select(readColumns)
        .where('user_id', '=', userId)
        .where('id', 'in', (eb) =>
          eb
            .selectFrom('note_tags')
            .select('note_tags.note_id')
            .where('note_tags.user_id', '=', userId)
            .where('note_tags.tag', '=', label),
        )
        .orderBy('created_at', 'asc')
        .orderBy('id', 'asc')
        .$if(dialect === 'postgres', (q) => q.forUpdate())
        .execute();
      return rows.map(toNoteRecord);
    },

    async everyLabel(userId) {
      // A walk from label to label through the (user, tag) index: PostgreSQL has no skip scan,
      // and a plain distinct would read every label row of the user (100,000s of them).
      // SQLite skips ahead in the index for a distinct by itself.
      if (dialect === 'postgres') {
        const { rows } = await sql<{ tag: string }>`with recursive labels as (
            (select tag from note_tags where user_id = ${userId} order by tag limit 1)
            union all
            select (select n.tag from note_tags n where n.user_id = ${userId} and n.tag > labels.tag
                    order by n.tag limit 1)
            from labels where labels.tag is not null
          ) select tag from labels where tag is not null`.execute(db);
        return rows.map((r) => r.tag);
      }
      const rows = await db
        .selectFrom('note_tags')
        .select('tag')
        .distinct()
        .where('user_id', '=', userId)
        .execute();
      return rows.map((r) => r.tag);
    },

    async labelShown(userId, label) {
      const row = await db
        .selectFrom('note_tags')
        .innerJoin('notes', 'notes.id', 'note_tags.note_id')
        .select('note_tags.note_id')
        .where('note_tags.user_id', '=', userId)
        .where('note_tags.tag', '=', label)
        .where('notes.location', 'in', ['notes', 'archive'])
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    async trashedBefore(before, limit) {
      const rows = await db
        .selectFrom('notes')
        .select(['id', 'user_id'])
        .where('trashed_at', 'is not', null)
        .where('trashed_at', '<', before)
        .where('location', '=', 'trash')
        .orderBy('trashed_at')
        .orderBy('id')
        .limit(limit)
        .execute();
      return rows.map((r) => ({ id: r.id, userId: r.user_id }));
    },

    async labels(userId) {
      const rows = await db
        .selectFrom('note_tags')
        .innerJoin('notes', 'notes.id', 'note_tags.note_id')
        .select('note_tags.tag')
        .distinct()
        .where('note_tags.user_id', '=', userId)
        .where('notes.location', 'in', ['notes', 'archive'])
        .execute();
      // Sorted here, not in SQL, so both engines agree whatever their collation.
      return rows.map((r) => r.tag).sort();
    },
  };
}
