import { sql, type Kysely } from 'kysely';

import type { Dialect } from './database';
import { noteEventsChannel, signOutsChannel, type LiveHub } from './live';
import type { CommittedNoteEvent, NoteRecord } from './records';
import type { NoteEventReader, NoteEventWriter } from './repositories';
import type { Database } from './schema';

/** Each user's feed of note changes, over `db`, the database or a transaction. */
export function noteEventReader(db: Kysely<Database>): NoteEventReader {
  return {
    async latest(userId) {
      const row = await db
        .selectFrom('users')
        .select('event_seq')
        .where('id', '=', userId)
        .executeTakeFirst();
      return row?.event_seq ?? 0;
    },
    async after(userId, after, limit) {
      const rows = await db
        .selectFrom('note_events')
        .select(['seq', 'note_id', 'kind', 'created_at'])
        .where('user_id', '=', userId)
        .where('seq', '>', after)
        .orderBy('seq')
        .limit(limit)
        .execute();
      return rows.map((r) => ({
        seq: r.seq,
        noteId: r.note_id,
        kind: r.kind,
        createdAt: r.created_at,
      }));
    },
    async prune(before) {
      const result = await db
        .deleteFrom('note_events')
        .where('created_at', '<', before)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

/** Events written by one insert statement: 5 parameters each, well under either engine's limit. */
const eventsPerInsert = 500;

/** What a transaction runs around its commit, queued by its repositories. */
export interface CommitHooks {
  /** Runs `step` inside the transaction after the work of its caller: its last statements. */
  beforeCommit: (step: () => Promise<void>) => void;
  /** Runs `fn` once the transaction has committed. */
  afterCommit: (fn: () => void) => void;
}

/**
 * The feed's writer inside one transaction. On PostgreSQL the notification is part of the
 * transaction (NOTIFY is delivered on commit, to every server listening); on SQLite the hub is
 * told after the commit, with the event itself: the note as the transaction left it, read by
 * its last statement, so this server's listeners that are caught up deliver it without reading
 * the feed again. `readNote` reads a note inside the transaction.
 */
export function noteEventWriter(
  db: Kysely<Database>,
  dialect: Dialect,
  hub: LiveHub,
  { beforeCommit, afterCommit }: CommitHooks,
  readNote: (userId: string, noteId: string) => Promise<NoteRecord | undefined>,
): NoteEventWriter {
  return {
    async append(userId, noteId, kind, at) {
      if (dialect === 'postgres') {
        // One round trip: take the next seq under the user's row lock, record it, notify.
        const { rows } = await sql<{ seq: number }>`
          with next as (
            update users set event_seq = event_seq + 1 where id = ${userId} returning event_seq
          ), recorded as (
            insert into note_events (user_id, seq, note_id, kind, created_at)
            select ${userId}, event_seq, ${noteId}, ${kind}, ${at} from next
            returning seq
          )
          select seq, pg_notify(${noteEventsChannel}, ${userId}::text || ':' || seq) from recorded
        `.execute(db);
        const seq = rows[0]?.seq;
        if (seq === undefined) throw new Error(`no user ${userId} to record a note event for`);
        return seq;
      }
      const next = await db
        .updateTable('users')
        .set((eb) => ({ event_seq: eb('event_seq', '+', 1) }))
        .where('id', '=', userId)
        .returning('event_seq')
        .executeTakeFirst();
      if (!next) throw new Error(`no user ${userId} to record a note event for`);
      const seq = next.event_seq;
      await db
        .insertInto('note_events')
        .values({ user_id: userId, seq, note_id: noteId, kind, created_at: at })
        .execute();
      // Read only for a user with a socket on this server; at the end, as a later statement of
      // the same transaction may change the note again.
      const committed: CommittedNoteEvent | undefined = hub.listensTo(userId)
        ? { seq, noteId, kind, note: null }
        : undefined;
      if (committed && kind !== 'DELETED') {
        beforeCommit(async () => {
          committed.note = (await readNote(userId, noteId)) ?? null;
        });
      }
      afterCommit(() => hub.noteEvent(userId, seq, committed));
      return seq;
    },
    async appendMany(userId, noteIds, kind, at) {
      // One step of the user's seq for all of them, under the user's row lock like append's.
      const next = await db
        .updateTable('users')
        .set((eb) => ({ event_seq: eb('event_seq', '+', noteIds.length) }))
        .where('id', '=', userId)
        .returning('event_seq')
        .executeTakeFirst();
      if (!next) throw new Error(`no user ${userId} to record note events for`);
      const last = next.event_seq;
      if (noteIds.length === 0) return last;
      const first = last - noteIds.length + 1;
      const rows = noteIds.map((noteId, i) => ({
        user_id: userId,
        seq: first + i,
        note_id: noteId,
        kind,
        created_at: at,
      }));
      for (let i = 0; i < rows.length; i += eventsPerInsert) {
        await db
          .insertInto('note_events')
          .values(rows.slice(i, i + eventsPerInsert))
          .execute();
      }
      // A listener told of seq n reads every event up to n: the last one says it all.
      if (dialect === 'postgres') {
        await sql`select pg_notify(${noteEventsChannel}, ${`${userId}:${last}`})`.execute(db);
      } else {
        afterCommit(() => hub.noteEvent(userId, last));
      }
      return last;
    },
    async announceSignOut(userId, credential) {
      if (dialect === 'postgres') {
        const payload = credential === undefined ? userId : `${userId}/${credential}`;
        await sql`select pg_notify(${signOutsChannel}, ${payload})`.execute(db);
        return;
      }
      afterCommit(() => hub.signOut(userId, credential));
    },
  };
}
