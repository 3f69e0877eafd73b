import type { Kysely } from 'kysely';

import type { NoteRevisionRecord } from './records';
import type { RevisionRepository } from './repositories';
import type { Database, NoteRevisionRow } from './schema';

const toRevisionRecord = (row: NoteRevisionRow): NoteRevisionRecord => ({
  id: row.id,
  noteId: row.note_id,
  createdAt: row.created_at,
  title: row.title,
  content: row.content,
  textContent: row.text_content,
});

/** Earlier texts of notes over `db`, the database or a transaction. Scoped by owner. */
export function revisionRepository(db: Kysely<Database>): RevisionRepository {
  const ofNote = (userId: string, noteId: string) =>
    db.selectFrom('note_revisions').where('user_id', '=', userId).where('note_id', '=', noteId);

  return {
    async forNotes(userId, noteIds) {
      if (noteIds.length === 0) return [];
      const rows = await db
        .selectFrom('note_revisions')
        .selectAll()
        .where('user_id', '=', userId)
        .where('note_id', 'in', noteIds)
        .orderBy('note_id')
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return rows.map(toRevisionRecord);
    },

    async find(userId, noteId, id) {
      const row = await ofNote(userId, noteId).selectAll().where('id', '=', id).executeTakeFirst();
      return row && toRevisionRecord(row);
    },

    async latestAt(userId, noteId) {
      const row = await ofNote(userId, noteId)
        .select('created_at')
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row?.created_at;
    },

    async insert(userId, revision) {
      await db
        .insertInto('note_revisions')
        .values({
          id: revision.id,
          note_id: revision.noteId,
          user_id: userId,
          created_at: revision.createdAt,
          title: revision.title,
          content: revision.content,
          text_content: revision.textContent,
        })
        .execute();
    },

    async prune(before) {
      const result = await db
        .deleteFrom('note_revisions')
        .where('created_at', '<', before)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
