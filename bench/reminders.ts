/**
 * Reminders (issue 41), each beside a baseline measured in the same run:
 * - delivery: N reminders (10,000; 2,000 with --quick) due within one window (60 s; 10 s quick),
 *   fired by the scheduler and pushed (encrypted, VAPID) to a local push receiver: p95 lateness
 *   (arrival minus due time), and throughput of a burst of the same N all due at once, beside a
 *   bare loop sending the same number of encrypted messages with web-push at the same
 *   concurrency;
 * - idle: a server's scheduler holding 100,000 future reminders, its CPU over a window (60 s;
 *   10 s quick; REMINDER_IDLE_SECONDS overrides) by process.cpuUsage, beside the same window of
 *   the process with no scheduler.
 * Run by run.ts, or alone: `node --import tsx bench/reminders.ts [--quick]`.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

import webpush from 'web-push';

import { remindersService } from '../server/src/services/reminders';
import { emptyNote, openStore, type Store } from '../server/src/store';
import { quantile, type Figure } from './lib/stats';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A push service on 127.0.0.1 that takes every message (201) and notes when each arrived. */
async function receiver() {
  const arrivals = new Map<string, number>();
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      arrivals.set(req.url ?? '', Date.now());
      res.writeHead(201).end();
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    arrivals,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

const p256dh = () => {
  const ecdh = crypto.createECDH('prime256v1');
  return ecdh.generateKeys().toString('base64url');
};

/** A store on a fresh SQLite file with `users` users, each with `perUser` notes. */
async function seeded(users: number, perUser: number) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jotter-bench-reminders-'));
  const store = await openStore(`file:${path.join(dir, 'jotter.db')}`);
  const now = new Date().toISOString();
  const notes: Array<{ userId: string; noteId: string }> = [];
  for (let u = 0; u < users; u += 1) {
    const userId = crypto.randomUUID();
    await store.transaction(async (tx) => {
      await tx.users.insert({
        id: userId,
        email: `bench-${u}-${userId}@example.com`,
        firstName: 'Bench',
        lastName: String(u),
        passwordHash: 'x',
        tokenVersion: 0,
        createdAt: now,
        updatedAt: now,
        eventSeq: 0,
        disabledAt: null,
        lastSignInAt: null,
      });
      const batch = Array.from({ length: perUser }, (_, i) => ({
        ...emptyNote({
          id: crypto.randomUUID(),
          location: 'notes',
          createdAt: now,
          updatedAt: now,
        }),
        title: `Reminder ${u}-${i}`,
      }));
      await tx.notes.insertMany(userId, batch);
      for (const n of batch) notes.push({ userId, noteId: n.id });
    });
  }
  return { store, dir, notes };
}

async function setDue(
  store: Store,
  notes: Array<{ userId: string; noteId: string }>,
  at: (i: number) => number,
) {
  const now = new Date().toISOString();
  for (let i = 0; i < notes.length; i += 1000) {
    await store.transaction(async (tx) => {
      for (let j = i; j < Math.min(notes.length, i + 1000); j += 1) {
        const when = new Date(at(j)).toISOString();
        await tx.reminders.upsert(
          {
            ...notes[j]!,
            at: when,
            nextAt: when,
            repeat: 'none',
            timeZone: 'UTC',
            anchor: when,
            firedAt: null,
          },
          now,
        );
      }
    });
  }
}

async function delivery(count: number, windowMs: number): Promise<Figure[]> {
  const perUser = 10;
  const users = count / perUser;
  const push = await receiver();
  const { store, dir, notes } = await seeded(users, perUser);
  const keysDir = path.join(dir, 'keys');
  const service = remindersService(store, { dataDir: keysDir, pushAllowHosts: ['127.0.0.1'] });
  // One subscription per user: each reminder is one message.
  const subs = new Map<string, { endpoint: string; keys: { p256dh: string; auth: string } }>();
  for (const userId of new Set(notes.map((n) => n.userId))) {
    const sub = {
      endpoint: `${push.base}/u/${userId}`,
      keys: { p256dh: p256dh(), auth: crypto.randomBytes(16).toString('base64url') },
    };
    subs.set(userId, sub);
    await store.reminders.subscribe({
      id: crypto.randomUUID(),
      userId,
      endpoint: sub.endpoint,
      p256dh: sub.keys.p256dh,
      auth: sub.keys.auth,
      userAgent: 'bench',
      createdAt: new Date().toISOString(),
    });
  }
  // Each message's arrival is keyed by user; a user's reminders are spread apart in time.
  const start = Date.now() + 3000;
  const dueOf = (i: number) =>
    start + Math.floor(((i % perUser) * users + Math.floor(i / perUser)) * (windowMs / count));
  await setDue(store, notes, dueOf);
  const lateness: number[] = [];
  const byUser = new Map<string, number[]>();
  notes.forEach((n, i) => byUser.set(n.userId, [...(byUser.get(n.userId) ?? []), dueOf(i)]));
  // Count arrivals per user path over time.
  const seen = new Map<string, number>();
  const arrivalsOf = new Map<string, number[]>();
  const original = push.arrivals.set.bind(push.arrivals);
  push.arrivals.set = (key: string, value: number) => {
    seen.set(key, (seen.get(key) ?? 0) + 1);
    arrivalsOf.set(key, [...(arrivalsOf.get(key) ?? []), value]);
    return original(key, value);
  };
  service.start();
  const total = () => [...seen.values()].reduce((a, b) => a + b, 0);
  while (total() < count && Date.now() < start + windowMs + 120_000) await sleep(50);
  await service.stop();
  for (const [userId, dues] of byUser) {
    const arrived = (arrivalsOf.get(`/u/${userId}`) ?? []).sort((a, b) => a - b);
    dues
      .sort((a, b) => a - b)
      .forEach((due, k) => {
        if (arrived[k] !== undefined) lateness.push(arrived[k] - due);
      });
  }
  const p95 = quantile(lateness, 0.95) / 1000;

  // Burst: the same number all due now; Jotter's throughput from claim to last arrival.
  seen.clear();
  arrivalsOf.clear();
  const t0 = Date.now();
  await setDue(store, notes, () => t0 - 1000);
  const burstStart = Date.now();
  service.start();
  while (total() < count && Date.now() < burstStart + 180_000) await sleep(20);
  const jotterRate = total() / ((Date.now() - burstStart) / 1000);
  await service.stop();

  // Bare loop: web-push encrypts the same messages, sent over keep-alive at 64 in flight.
  const vapid = webpush.generateVAPIDKeys();
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const payload = JSON.stringify({
    title: 'Reminder 0-0',
    body: 'Reminder',
    noteId: crypto.randomUUID(),
    url: '/home?note=x',
  });
  const targets = notes.map((n) => subs.get(n.userId)!);
  let next = 0;
  const bareStart = Date.now();
  const worker = async () => {
    for (;;) {
      const i = next;
      next += 1;
      if (i >= targets.length) return;
      const d = webpush.generateRequestDetails(targets[i]!, payload, {
        vapidDetails: { subject: 'mailto:bench@example.com', ...vapid },
        contentEncoding: 'aes128gcm',
      });
      await new Promise<void>((resolve, reject) => {
        const req = http.request(
          d.endpoint,
          { method: 'POST', headers: d.headers, agent },
          (res) => {
            res.resume();
            res.on('end', resolve);
          },
        );
        req.on('error', reject);
        req.end(d.body);
      });
    }
  };
  await Promise.all(Array.from({ length: 64 }, worker));
  const bareRate = count / ((Date.now() - bareStart) / 1000);
  agent.destroy();

  await store.close();
  await push.close();
  fs.rmSync(dir, { recursive: true, force: true });
  return [
    {
      section: 'reminders',
      figure: `p95 lateness, ${count.toLocaleString('en')} reminders due within ${windowMs / 1000} s, pushed to a local receiver`,
      value: p95,
      unit: 's',
      baseline: null,
      ratio: null,
      target: '≤ 2 s',
      holds: p95 <= 2,
      note: `${lateness.length} of ${count} arrived`,
    },
    {
      section: 'reminders',
      figure: `push throughput, ${count.toLocaleString('en')} due at once (claim, event, encrypt, send)`,
      value: jotterRate,
      unit: 'msg/s',
      baseline: bareRate,
      ratio: jotterRate / bareRate,
      target: '≥ 0.5× a bare web-push loop',
      holds: jotterRate >= 0.5 * bareRate,
    },
  ];
}

async function cpuOver(ms: number): Promise<number> {
  const before = process.cpuUsage();
  const t0 = performance.now();
  await sleep(ms);
  const used = process.cpuUsage(before);
  return ((used.user + used.system) / 1000 / (performance.now() - t0)) * 100;
}

async function idle(count: number, seconds: number): Promise<Figure> {
  const perUser = 100;
  const { store, dir, notes } = await seeded(count / perUser, perUser);
  const day = 86_400_000;
  await setDue(store, notes, (i) => Date.now() + day + i * 1000);
  const service = remindersService(store, { dataDir: path.join(dir, 'keys') });
  const baseline = await cpuOver(seconds * 1000);
  service.start();
  const value = await cpuOver(seconds * 1000);
  await service.stop();
  await store.close();
  fs.rmSync(dir, { recursive: true, force: true });
  return {
    section: 'reminders',
    figure: `CPU of an idle scheduler with ${count.toLocaleString('en')} future reminders over ${seconds} s`,
    value,
    unit: '%',
    baseline,
    ratio: null,
    target: '≤ 1 %',
    holds: value <= 1,
  };
}

/** The reminder figures; `quick` runs fewer reminders and shorter windows. */
export async function reminderFigures(quick: boolean): Promise<Figure[]> {
  const idleSeconds = Number(process.env.REMINDER_IDLE_SECONDS ?? (quick ? 10 : 60));
  return [
    ...(await delivery(quick ? 2000 : 10_000, quick ? 10_000 : 60_000)),
    await idle(100_000, idleSeconds),
  ];
}

if (require.main === module) {
  reminderFigures(process.argv.includes('--quick')).then(
    (figures) => console.log(JSON.stringify(figures, null, 2)),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
