import crypto from 'node:crypto';

import { z } from 'zod';

import { AppError, badInput, fromZodIssues, noteNotFound } from '../../errors';
import type {
  NoteRecord,
  PushSubscriptionRecord,
  ReminderRecord,
  RepeatName,
  Store,
} from '../../store';
import { now as isoNow, timestamps, type Clock } from '../clock';
import { decodeCursor, encodeCursor } from '../cursor';
import type { NotePage } from '../notes';
import { allowedHosts, checkEndpoint } from './endpoint';
import { reminderMailer, type ReminderMailer } from './mail';
import { pushSender, resolveVapidKeys, type PushPayload, type VapidKeys } from './push';
import { anchorOf, isTimeZone, nextTime } from './schedule';
import { reminderScheduler } from './scheduler';

export type { RepeatName, ReminderRecord } from '../../store';

/** What a service logs, out of any request's sight (pino's shape). */
export interface ReminderLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface RemindersOptions {
  /** Where VAPID keys are kept when not configured. */
  dataDir: string;
  vapid?: Partial<VapidKeys>;
  /** PUSH_ALLOW_HOSTS. */
  pushAllowHosts?: readonly string[];
  smtpUrl?: string;
  mailFrom?: string;
  /** PUBLIC_URL, for links in emails. */
  publicUrl?: string;
  clock?: Clock;
  log?: ReminderLog;
  /** Push retries: tries (3) and the first backoff (1 s). */
  push?: { tries?: number; backoffMs?: number };
  /** The scheduler's safety-net poll (30 s), for reminders another server set. */
  pollMs?: number;
}

/** A reminder as the APIs show it. */
export interface ReminderView {
  at: string;
  repeat: RepeatName;
  firedAt: string | null;
}

export const toView = (r: ReminderRecord): ReminderView => ({
  at: r.at,
  repeat: r.repeat,
  firedAt: r.firedAt,
});

const repeats = ['none', 'daily', 'weekly', 'monthly', 'yearly'] as const;

/** A reminder as a client sets it; `repeat` in either case, REST's lower or GraphQL's upper. */
export const reminderInput = z.object({
  at: z.iso.datetime({
    offset: true,
    error: 'must be an ISO 8601 instant, like 2030-01-31T08:00:00Z or 2030-01-31T08:00:00+01:00',
  }),
  repeat: z
    .string({ error: 'must be one of none, daily, weekly, monthly, yearly' })
    .transform((r) => r.toLowerCase())
    .pipe(z.enum(repeats, { error: 'must be one of none, daily, weekly, monthly, yearly' }))
    .nullable()
    .optional()
    .transform((r) => r ?? 'none'),
  timeZone: z
    .string({ error: 'must be an IANA time zone name, like Europe/Berlin' })
    .refine(isTimeZone, { error: 'must be an IANA time zone name, like Europe/Berlin' })
    .nullable()
    .optional(),
});

export type ReminderInput = z.input<typeof reminderInput>;

/** PushSubscription.toJSON(), as a browser sends it. */
export const pushSubscriptionInput = z.object({
  endpoint: z.string({ error: 'must be the push service URL' }).min(1).max(2048),
  expirationTime: z.number().nullable().optional(),
  keys: z.object(
    {
      p256dh: z
        .string()
        .regex(/^[A-Za-z0-9_-]{80,100}={0,2}$/, 'must be the browser key (base64url P-256 point)'),
      auth: z
        .string()
        .regex(/^[A-Za-z0-9_-]{16,24}={0,2}$/, 'must be the auth secret (base64url, 16 bytes)'),
    },
    { error: 'must hold p256dh and auth' },
  ),
});

/** One user's subscription as the profile lists it. */
export interface SubscriptionView {
  _id: string;
  userAgent: string;
  createdAt: string;
  endpointHost: string;
}

const defaultPageSize = 50;
const maxPageSize = 200;

/** Reminders: set and clear them, list them, the settings, push subscriptions, and firing. */
export function remindersService(store: Store, options: RemindersOptions) {
  const clock = options.clock ?? Date.now;
  const stamp = options.clock ? timestamps(options.clock) : isoNow;
  const allowed = allowedHosts(options.pushAllowHosts ?? []);
  const vapid = resolveVapidKeys(options.vapid ?? {}, options.dataDir);
  const mailFrom =
    options.mailFrom ??
    `Jotter <jotter@${options.publicUrl ? new URL(options.publicUrl).hostname : 'localhost'}>`;
  const fromAddress = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom;
  const subject = `mailto:${fromAddress}`;
  const push = pushSender({ vapid, subject, allowed, ...options.push });
  const mailer: ReminderMailer | undefined = options.smtpUrl
    ? reminderMailer(options.smtpUrl, mailFrom)
    : undefined;
  const publicUrl = options.publicUrl ?? '';
  const notePath = (noteId: string) => `/home?note=${encodeURIComponent(noteId)}`;

  /** Deliveries in flight, so a stop can wait for them. */
  const inFlight = new Set<Promise<void>>();
  let scheduler: ReturnType<typeof reminderScheduler> | undefined;

  function parseInput(input: unknown) {
    const parsed = reminderInput.safeParse(input);
    if (!parsed.success) throw fromZodIssues(parsed.error.issues);
    return parsed.data;
  }

  /** Sends one fired reminder's push messages and email; failures are logged, never thrown. */
  async function deliver(reminder: ReminderRecord, note: NoteRecord): Promise<void> {
    const payload: PushPayload = {
      title: note.title.trim() || 'Reminder',
      body: note.textContent.trim().slice(0, 200) || 'Reminder',
      noteId: note.id,
      url: notePath(note.id),
    };
    const [subs, settings, user] = await Promise.all([
      store.reminders.subscriptions(reminder.userId),
      mailer ? store.reminders.settings(reminder.userId) : undefined,
      mailer ? store.users.findById(reminder.userId) : undefined,
    ]);
    await Promise.all([
      ...subs.map((sub) => sendPush(sub, payload)),
      mailer && user && settings?.email !== false
        ? mailer
            .send({
              to: user.email,
              title: note.title,
              text: note.textContent,
              link: `${publicUrl}${notePath(note.id)}`,
            })
            .catch((error: unknown) =>
              options.log?.warn({ err: error }, 'could not send a reminder email'),
            )
        : undefined,
    ]);
  }

  async function sendPush(sub: PushSubscriptionRecord, payload: PushPayload): Promise<boolean> {
    const outcome = await push.send(sub, payload);
    if (outcome === 'gone') {
      await store.reminders.unsubscribe(sub.endpoint);
      options.log?.info(
        { subscription: sub.id },
        'dropped a push subscription its service no longer knows',
      );
    } else if (outcome === 'failed') {
      options.log?.warn({ subscription: sub.id }, 'could not deliver a push message');
    }
    return outcome === 'sent';
  }

  const track = (p: Promise<void>) => {
    inFlight.add(p);
    void p.finally(() => inFlight.delete(p));
  };

  const service = {
    /** The VAPID public key (base64url) browsers subscribe with. */
    publicKey: vapid.publicKey,
    emailAvailable: mailer !== undefined,

    /** The user's reminder on the note, or null. */
    async get(userId: string, noteId: string): Promise<ReminderView | null> {
      const found = await store.reminders.find(userId, noteId);
      return found ? toView(found) : null;
    },

    /** The user's reminders on `noteIds`, by note: one query for a page of notes. */
    async forNotes(userId: string, noteIds: readonly string[]): Promise<Map<string, ReminderView>> {
      const found = await store.reminders.forNotes(userId, noteIds);
      return new Map([...found].map(([id, r]) => [id, toView(r)]));
    },

    /**
     * Sets the member's own reminder on a note they can see: an UPSERTED event for them alone,
     * the note's shared version untouched (no edit in flight becomes a conflict). `at` in the
     * past fires at once.
     */
    async set(userId: string, noteId: string, input: unknown): Promise<NoteRecord> {
      const { at: given, repeat, timeZone: zoneGiven } = parseInput(input);
      const at = new Date(given).toISOString();
      const note = await store.transaction(async (tx) => {
        const found = await tx.notes.findForWrite(userId, noteId);
        if (!found) throw noteNotFound(noteId);
        const settings = await tx.reminders.settings(userId);
        const timeZone = zoneGiven ?? settings.timeZone ?? 'UTC';
        const now = stamp();
        await tx.reminders.upsert(
          {
            userId,
            noteId,
            at,
            nextAt: at,
            repeat,
            timeZone,
            anchor: anchorOf(at, timeZone),
            firedAt: null,
          },
          now,
        );
        if (zoneGiven && zoneGiven !== settings.timeZone) {
          await tx.reminders.saveSettings(userId, { timeZone: zoneGiven }, now);
        }
        await tx.events.append(userId, noteId, 'UPSERTED', now);
        return found;
      });
      scheduler?.wake(Date.parse(at));
      return note;
    },

    /** Clears the member's reminder on the note (nothing to clear is fine). */
    async clear(userId: string, noteId: string): Promise<NoteRecord> {
      return store.transaction(async (tx) => {
        const found = await tx.notes.findForWrite(userId, noteId);
        if (!found) throw noteNotFound(noteId);
        if (await tx.reminders.remove(userId, noteId)) {
          await tx.events.append(userId, noteId, 'UPSERTED', stamp());
        }
        return found;
      });
    },

    /** The user's notes with a reminder (outside the trash), soonest first, a page at a time. */
    async page(
      userId: string,
      args: { first?: number | null; after?: string | null },
    ): Promise<NotePage> {
      const first = args.first ?? defaultPageSize;
      if (!Number.isInteger(first) || first < 0 || first > maxPageSize) {
        throw badInput('first', `must be a whole number from 0 to ${maxPageSize}`);
      }
      let after: [string, string] | undefined;
      if (args.after) {
        const key = decodeCursor(args.after);
        if (typeof key[0] !== 'string' || typeof key[1] !== 'string') {
          throw badInput('after', 'is not a cursor this API gave out');
        }
        after = [key[0], key[1]];
      }
      const rows = await store.reminders.page(userId, first + 1, after);
      const shown = rows.slice(0, first);
      const notes = await store.notes.findMany(
        userId,
        shown.map((r) => r.noteId),
      );
      const byId = new Map(notes.map((n) => [n.id, n]));
      const nodes = shown.map((r) => byId.get(r.noteId)).filter((n) => n !== undefined);
      const last = shown.at(-1);
      return {
        nodes,
        totalCount: async () => (await store.reminders.page(userId, 1_000_000)).length,
        endCursor: last ? encodeCursor([last.at, last.noteId]) : null,
        hasNextPage: rows.length > first,
      };
    },

    async settings(userId: string): Promise<{ email: boolean; emailAvailable: boolean }> {
      const settings = await store.reminders.settings(userId);
      return { email: settings.email ?? true, emailAvailable: mailer !== undefined };
    },

    async saveSettings(userId: string, email: boolean) {
      await store.reminders.saveSettings(userId, { email }, stamp());
      return service.settings(userId);
    },

    /** Keeps a browser's subscription, once its endpoint is found a public https one (or allowed). */
    async subscribe(userId: string, input: unknown, userAgent: string | undefined): Promise<void> {
      const parsed = pushSubscriptionInput.safeParse(input);
      if (!parsed.success) throw fromZodIssues(parsed.error.issues);
      const { endpoint, keys } = parsed.data;
      await checkEndpoint(endpoint, allowed);
      await store.reminders.subscribe({
        id: crypto.randomUUID(),
        userId,
        endpoint,
        p256dh: keys.p256dh,
        auth: keys.auth,
        userAgent: (userAgent ?? '').slice(0, 300),
        createdAt: stamp(),
      });
    },

    /** Drops one of the user's subscriptions, named by its endpoint or (from the profile) its id. */
    async unsubscribe(userId: string, which: { endpoint: string } | { id: string }): Promise<void> {
      const dropped =
        'endpoint' in which
          ? await store.reminders.unsubscribe(which.endpoint, userId)
          : await store.reminders.unsubscribeById(which.id, userId);
      if (!dropped) throw new AppError('NOT_FOUND', 'No such push subscription');
    },

    async subscriptions(userId: string): Promise<SubscriptionView[]> {
      return (await store.reminders.subscriptions(userId)).map((s) => ({
        _id: s.id,
        userAgent: s.userAgent,
        createdAt: s.createdAt,
        endpointHost: new URL(s.endpoint).host,
      }));
    },

    /** Sends the test message to each of the user's subscriptions; how many took it. */
    async test(userId: string): Promise<number> {
      const subs = await store.reminders.subscriptions(userId);
      const payload: PushPayload = {
        title: 'Jotter',
        body: 'Notifications work on this device.',
        noteId: null,
        url: '/home',
      };
      const sent = await Promise.all(subs.map((s) => sendPush(s, payload)));
      return sent.filter(Boolean).length;
    },

    /**
     * Claims up to `limit` due reminders in one transaction and records each firing: a REMINDED
     * event in the member's feed, `firedAt`, and a repeat's next future time in its zone. Their
     * push messages and emails go out once it has committed (not awaited here). Returns how many.
     */
    async fireDue(limit = 500): Promise<number> {
      const at = new Date(clock()).toISOString();
      const fired = await store.transaction(async (tx) => {
        const due = await tx.reminders.dueForClaim(at, limit);
        const out: Array<{ reminder: ReminderRecord; note: NoteRecord }> = [];
        for (const reminder of due) {
          const note = await tx.notes.find(reminder.userId, reminder.noteId);
          const next = nextTime(reminder, reminder.at, at);
          const firedAt = stamp();
          await tx.reminders.fired(reminder.userId, reminder.noteId, {
            at: next ?? reminder.at,
            nextAt: next,
            firedAt,
          });
          if (!note) continue;
          await tx.events.append(reminder.userId, reminder.noteId, 'REMINDED', firedAt);
          out.push({ reminder, note });
        }
        return out;
      });
      for (const { reminder, note } of fired) track(deliver(reminder, note));
      return fired.length;
    },

    /** When the next reminder is due (ms), if any. */
    async nextDue(): Promise<number | undefined> {
      const next = await store.reminders.nextDue();
      return next === undefined ? undefined : Date.parse(next);
    },

    /** Starts this server's scheduler (once). */
    start(): void {
      scheduler ??= reminderScheduler(service, { clock, log: options.log, pollMs: options.pollMs });
      scheduler.start();
    },

    /** Stops the scheduler and waits for the deliveries in flight. */
    async stop(): Promise<void> {
      await scheduler?.stop();
      await Promise.allSettled([...inFlight]);
      mailer?.close();
    },

    /** Waits for the deliveries in flight (tests). */
    settled: () => Promise.allSettled([...inFlight]).then(() => undefined),
  };
  return service;
}

export type RemindersService = ReturnType<typeof remindersService>;
