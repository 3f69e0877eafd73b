import { sql, type Kysely } from 'kysely';

import type { Dialect } from './dialect';
import type { Database } from './schema';

/** How a reminder repeats; `none` fires once. */
export type RepeatName = 'none' | 'daily' | 'weekly' | 'monthly' | 'yearly';

/** One member's reminder on one note. */
export interface ReminderRecord {
  userId: string;
  noteId: string;
  /** When it fires next (or fired, for a one-off that has): an ISO instant. */
  at: string;
  /** When the scheduler is to fire it: `at` while it is pending, null once a one-off fired. */
  nextAt: string | null;
  repeat: RepeatName;
  /** The IANA zone its wall-clock time repeats in. */
  timeZone: string;
  /** The first time's wall clock in `timeZone` (`yyyy-MM-ddTHH:mm:ss.SSS`): repeats count from it. */
  anchor: string;
  /** When it last fired; null before. */
  firedAt: string | null;
}

/** A browser's Web Push subscription. */
export interface PushSubscriptionRecord {
  id: string;
  userId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  userAgent: string;
  createdAt: string;
}

/** A user's reminder settings; `email` undefined means the default (on). */
export interface ReminderSettingsRecord {
  email: boolean | undefined;
  timeZone: string | undefined;
}

type ReminderRow = Database['reminders'];

const toRecord = (r: ReminderRow): ReminderRecord => ({
  userId: r.user_id,
  noteId: r.note_id,
  at: r.at,
  nextAt: r.next_at,
  repeat: r.repeat as RepeatName,
  timeZone: r.time_zone,
  anchor: r.anchor,
  firedAt: r.fired_at,
});

const reminderColumns = [
  'r.user_id',
  'r.note_id',
  'r.at',
  'r.next_at',
  'r.repeat',
  'r.time_zone',
  'r.anchor',
  'r.fired_at',
  'r.created_at',
  'r.updated_at',
] as const;

/** Reminders, push subscriptions and reminder settings, over `db` (the database or a transaction). */
export function reminderRepository(db: Kysely<Database>, dialect: Dialect) {
  return {
    async find(userId: string, noteId: string): Promise<ReminderRecord | undefined> {
      const row = await db
        .selectFrom('reminders')
        .selectAll()
        .where('user_id', '=', userId)
        .where('note_id', '=', noteId)
        .executeTakeFirst();
      return row && toRecord(row);
    },

    /** The user's reminders on `noteIds`, by note id: one query for a whole page. */
    async forNotes(
      userId: string,
      noteIds: readonly string[],
    ): Promise<Map<string, ReminderRecord>> {
      const found = new Map<string, ReminderRecord>();
      for (let i = 0; i < noteIds.length; i += 500) {
        const rows = await db
          .selectFrom('reminders')
          .selectAll()
          .where('user_id', '=', userId)
          .where('note_id', 'in', noteIds.slice(i, i + 500))
          .execute();
        for (const row of rows) found.set(row.note_id, toRecord(row));
      }
      return found;
    },

    /**
     * The user's reminders on notes outside the trash, soonest first (`at`, then note id), after
     * `after`, at most `limit`.
     */
    async page(
      userId: string,
      limit: number,
      after?: readonly [at: string, noteId: string],
    ): Promise<ReminderRecord[]> {
      let query = db
        .selectFrom('reminders as r')
        .innerJoin('notes as n', 'n.id', 'r.note_id')
        .select(reminderColumns)
        .where('r.user_id', '=', userId)
        .where('n.location', '<>', 'trash');
      if (after) {
        const [at, noteId] = after;
        query = query.where((eb) =>
          eb.or([eb('r.at', '>', at), eb.and([eb('r.at', '=', at), eb('r.note_id', '>', noteId)])]),
        );
      }
      const rows = await query.orderBy('r.at').orderBy('r.note_id').limit(limit).execute();
      return rows.map(toRecord);
    },

    async upsert(reminder: ReminderRecord, now: string): Promise<void> {
      const values = {
        at: reminder.at,
        next_at: reminder.nextAt,
        repeat: reminder.repeat,
        time_zone: reminder.timeZone,
        anchor: reminder.anchor,
        fired_at: reminder.firedAt,
        updated_at: now,
      };
      await db
        .insertInto('reminders')
        .values({ user_id: reminder.userId, note_id: reminder.noteId, created_at: now, ...values })
        .onConflict((oc) => oc.columns(['user_id', 'note_id']).doUpdateSet(values))
        .execute();
    },

    /** Removes the user's reminder on the note; whether there was one. */
    async remove(userId: string, noteId: string): Promise<boolean> {
      const result = await db
        .deleteFrom('reminders')
        .where('user_id', '=', userId)
        .where('note_id', '=', noteId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** When the next pending reminder of a note outside the trash is due, of any user. */
    async nextDue(): Promise<string | undefined> {
      const row = await db
        .selectFrom('reminders as r')
        .innerJoin('notes as n', 'n.id', 'r.note_id')
        .select('r.next_at')
        .where('r.next_at', 'is not', null)
        .where('n.location', '<>', 'trash')
        .orderBy('r.next_at')
        .limit(1)
        .executeTakeFirst();
      return row?.next_at ?? undefined;
    },

    /**
     * Pending reminders due at `now` on notes outside the trash, of any user, soonest first, at
     * most `limit`, locked until the transaction ends. On PostgreSQL rows another transaction
     * holds are skipped (another server is firing them); SQLite's writers take turns (its
     * transactions begin immediate), so there a second server sees them fired.
     */
    async dueForClaim(now: string, limit: number): Promise<ReminderRecord[]> {
      const due = db
        .selectFrom('reminders as r')
        .innerJoin('notes as n', 'n.id', 'r.note_id')
        .where('r.next_at', 'is not', null)
        .where('r.next_at', '<=', now)
        .where('n.location', '<>', 'trash')
        .orderBy('r.next_at')
        .limit(limit);
      if (dialect === 'postgres') {
        const rows = await due.select(reminderColumns).forUpdate('r').skipLocked().execute();
        return rows.map(toRecord);
      }
      // SQLite: the claim is the transaction's first statement and a write (UPDATE … RETURNING),
      // so it takes the write lock before reading: a second server's transaction waits for it,
      // then finds them fired, instead of failing on a stale read.
      const { rows } = await sql<ReminderRow>`
        update reminders set updated_at = updated_at
        where rowid in (${due.select(sql`r.rowid`.as('rowid'))})
        returning *`.execute(db);
      return rows.map(toRecord).sort((a, b) => (a.nextAt! < b.nextAt! ? -1 : 1));
    },

    /** Records a firing: the reminder's next `at` (or none), and when it fired. */
    async fired(
      userId: string,
      noteId: string,
      next: { at: string; nextAt: string | null; firedAt: string },
    ): Promise<void> {
      await db
        .updateTable('reminders')
        .set({
          at: next.at,
          next_at: next.nextAt,
          fired_at: next.firedAt,
          updated_at: next.firedAt,
        })
        .where('user_id', '=', userId)
        .where('note_id', '=', noteId)
        .execute();
    },

    async subscriptions(userId: string): Promise<PushSubscriptionRecord[]> {
      const rows = await db
        .selectFrom('push_subscriptions')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .execute();
      return rows.map((r) => ({
        id: r.id,
        userId: r.user_id,
        endpoint: r.endpoint,
        p256dh: r.p256dh,
        auth: r.auth,
        userAgent: r.user_agent,
        createdAt: r.created_at,
      }));
    },

    /**
     * Keeps the subscription for its user. An endpoint is one browser's: subscribed again (new
     * keys, or by another account signed in on that browser), its row is replaced.
     */
    async subscribe(sub: PushSubscriptionRecord): Promise<void> {
      const values = {
        user_id: sub.userId,
        p256dh: sub.p256dh,
        auth: sub.auth,
        user_agent: sub.userAgent,
        created_at: sub.createdAt,
      };
      await db
        .insertInto('push_subscriptions')
        .values({ id: sub.id, endpoint: sub.endpoint, ...values })
        .onConflict((oc) => oc.column('endpoint').doUpdateSet({ id: sub.id, ...values }))
        .execute();
    },

    /** Drops the user's subscription with this endpoint (or any user's, without `userId`). */
    async unsubscribe(endpoint: string, userId?: string): Promise<boolean> {
      let query = db.deleteFrom('push_subscriptions').where('endpoint', '=', endpoint);
      if (userId !== undefined) query = query.where('user_id', '=', userId);
      return Number((await query.executeTakeFirst()).numDeletedRows) > 0;
    },

    /** Drops the user's subscription with this id. */
    async unsubscribeById(id: string, userId: string): Promise<boolean> {
      const result = await db
        .deleteFrom('push_subscriptions')
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async settings(userId: string): Promise<ReminderSettingsRecord> {
      const row = await db
        .selectFrom('reminder_settings')
        .select(['email', 'time_zone'])
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return {
        email: row ? Number(row.email) === 1 : undefined,
        timeZone: row?.time_zone ?? undefined,
      };
    },

    /** Sets what is given of the user's settings, leaving the rest. */
    async saveSettings(
      userId: string,
      changes: { email?: boolean; timeZone?: string },
      now: string,
    ): Promise<void> {
      const set: { email?: number; time_zone?: string; updated_at: string } = { updated_at: now };
      if (changes.email !== undefined) set.email = changes.email ? 1 : 0;
      if (changes.timeZone !== undefined) set.time_zone = changes.timeZone;
      await db
        .insertInto('reminder_settings')
        .values({
          user_id: userId,
          email: changes.email === false ? 0 : 1,
          time_zone: changes.timeZone ?? null,
          updated_at: now,
        })
        .onConflict((oc) => oc.column('user_id').doUpdateSet(set))
        .execute();
    },
  };
}

export type ReminderRepository = ReturnType<typeof reminderRepository>;
