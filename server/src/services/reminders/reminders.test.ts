import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { SMTPServer } from 'smtp-server';

import { createTestApp, type TestApp } from '../../test-support/app';
import { testDatabase } from '../../test-support/database';
import { pushReceiver } from '../../test-support/push-receiver';
import { remindersService } from '.';
import { anchorOf } from './schedule';

type Receiver = Awaited<ReturnType<typeof pushReceiver>>;

const fast = { push: { tries: 3, backoffMs: 10 } };

async function waitFor(check: () => boolean | Promise<boolean>, what: string, ms = 10_000) {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const past = (ms = 1000) => new Date(Date.now() - ms).toISOString();
const future = (ms = 3_600_000) => new Date(Date.now() + ms).toISOString();

async function addNote(app: TestApp, token: string, title = 'Water the plants') {
  const res = await app.http
    .post('/api/notes')
    .set('authorization', token)
    .send({ note: { title, content: '<p>the <b>ferns</b></p>' } });
  expect(res.status).toBe(201);
  const notes = res.body.notes as Array<{ _id: string; title: string }>;
  return notes.find((n) => n.title === title)!._id;
}

async function reminded(app: TestApp, userId: string): Promise<string[]> {
  const events = await app.store.events.after(userId, 0, 100_000);
  return events.filter((e) => e.kind === 'REMINDED').map((e) => e.noteId);
}

describe('reminders over REST and GraphQL', () => {
  let app: TestApp;
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await pushReceiver();
    app = await createTestApp({ pushAllowHosts: ['127.0.0.1'] }, { reminders: fast });
  });
  afterAll(async () => {
    await app.close();
    await receiver.close();
  });

  it('sets, shows and clears a reminder on the REST wire, without touching the version', async () => {
    const { token } = await app.signup();
    const id = await addNote(app, token);
    const at = future();
    const set = await app.http
      .post(`/api/notes/${id}`)
      .set('authorization', token)
      .send({ note: { reminder: { at, repeat: 'daily', timeZone: 'Europe/Berlin' } } });
    expect(set.status).toBe(201);
    const note = (set.body.notes as Array<Record<string, unknown>>).find((n) => n._id === id)!;
    expect(note.reminder).toEqual({ at, repeat: 'daily', firedAt: null });
    expect(note.version).toBe(1);

    const user = await app.http.get('/api/user').set('authorization', token);
    expect(user.body.user.notes[0].reminder).toEqual({ at, repeat: 'daily', firedAt: null });

    const cleared = await app.http
      .post(`/api/notes/${id}`)
      .set('authorization', token)
      .send({ note: { reminder: null } });
    expect(cleared.status).toBe(201);
    expect(cleared.body.notes[0].reminder).toBeNull();
  });

  it.each([
    [{ at: 'tomorrow' }, 'at'],
    [{ at: future(), repeat: 'hourly' }, 'repeat'],
    [{ at: future(), timeZone: 'Mars/Olympus' }, 'timeZone'],
    ['soon', 'note.reminder'],
  ])('refuses %j with a 400 naming %s', async (reminder, field) => {
    const { token } = await app.signup();
    const id = await addNote(app, token);
    const res = await app.http
      .post(`/api/notes/${id}`)
      .set('authorization', token)
      .send({ note: { reminder } });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body.errors)).toContain(field);
  });

  it('answers 404 for a reminder on a note that is not the caller’s', async () => {
    const { token } = await app.signup();
    const other = await app.signup();
    const id = await addNote(app, other.token);
    const res = await app.http
      .post(`/api/notes/${id}`)
      .set('authorization', token)
      .send({ note: { reminder: { at: future() } } });
    expect(res.status).toBe(404);
  });

  it('GraphQL: setReminder, Note.reminder, reminders soonest first, clearReminder, validation', async () => {
    const { token, id: userId } = await app.signup();
    const late = await addNote(app, token, 'late');
    const soon = await addNote(app, token, 'soon');
    const set = `mutation($id: ID!, $at: String!, $repeat: ReminderRepeat, $tz: String) {
      setReminder(noteId: $id, at: $at, repeat: $repeat, timeZone: $tz) {
        id version reminder { at repeat firedAt } } }`;
    const a = await app.graphql(
      set,
      { id: late, at: future(7_200_000), repeat: 'WEEKLY', tz: 'America/New_York' },
      token,
    );
    expect(a.errors).toBeUndefined();
    expect(a.data).toMatchObject({
      setReminder: { id: late, version: 1, reminder: { repeat: 'WEEKLY', firedAt: null } },
    });
    await app.graphql(set, { id: soon, at: future(60_000) }, token);

    const list = await app.graphql<{
      reminders: {
        nodes: Array<{ id: string; reminder: { repeat: string } }>;
        pageInfo: { hasNextPage: boolean; endCursor: string };
      };
    }>(
      `{ reminders(first: 1) { nodes { id reminder { repeat } } pageInfo { hasNextPage endCursor } } }`,
      {},
      token,
    );
    expect(list.data?.reminders.nodes).toEqual([{ id: soon, reminder: { repeat: 'NONE' } }]);
    expect(list.data?.reminders.pageInfo.hasNextPage).toBe(true);
    const next = await app.graphql<{ reminders: { nodes: Array<{ id: string }> } }>(
      `query($after: String) { reminders(first: 5, after: $after) { nodes { id } } }`,
      { after: list.data?.reminders.pageInfo.endCursor },
      token,
    );
    expect(next.data?.reminders.nodes).toEqual([{ id: late }]);

    // The user's last time zone is kept as the default.
    const settings = await app.store.reminders.settings(userId);
    expect(settings.timeZone).toBe('America/New_York');

    for (const [vars, field] of [
      [{ id: late, at: 'next week' }, 'at'],
      [{ id: late, at: future(), tz: 'Nowhere/Special' }, 'timeZone'],
    ] as const) {
      const bad = await app.graphql(set, vars, token);
      expect(bad.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
      expect(bad.errors?.[0]?.message).toContain(field);
    }

    const cleared = await app.graphql<{ clearReminder: { reminder: null } }>(
      `mutation($id: ID!) { clearReminder(noteId: $id) { reminder { at } } }`,
      { id: late },
      token,
    );
    expect(cleared.data?.clearReminder.reminder).toBeNull();
  });

  it('fires a due reminder once: REMINDED in the feed, firedAt set, an encrypted push the receiver decrypts', async () => {
    const { token, id: userId } = await app.signup();
    const sub = receiver.subscription();
    const key = await app.http.get('/api/push/key').set('authorization', token);
    expect(key.body.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    const subscribed = await app.http
      .post('/api/push/subscriptions')
      .set('authorization', token)
      .set('user-agent', 'Test Browser')
      .send(sub.json);
    expect(subscribed.status).toBe(201);
    const listed = await app.http.get('/api/push/subscriptions').set('authorization', token);
    expect(listed.body.subscriptions).toEqual([
      expect.objectContaining({
        userAgent: 'Test Browser',
        endpointHost: new URL(sub.json.endpoint).host,
      }),
    ]);
    expect(JSON.stringify(listed.body)).not.toContain(sub.json.keys.auth);

    const id = await addNote(app, token, 'Call <Ada> & co');
    const at = past();
    await app.http
      .post(`/api/notes/${id}`)
      .set('authorization', token)
      .send({ note: { reminder: { at } } });
    await waitFor(() => receiver.received.some((r) => r.path === sub.path), 'the push');
    const push = receiver.received.find((r) => r.path === sub.path)!;
    expect(push.payload).toEqual({
      title: 'Call <Ada> & co',
      body: 'the ferns',
      noteId: id,
      url: `/home?note=${id}`,
    });
    expect(push.encoding).toBe('aes128gcm');
    expect(push.authorization).toContain(`k=${key.body.publicKey}`);
    expect(await reminded(app, userId)).toEqual([id]);
    const note = await app.http.get('/api/notes').set('authorization', token);
    expect(note.body.notes[0].reminder).toEqual({
      at,
      repeat: 'none',
      firedAt: expect.any(String),
    });

    // Once only: another pass finds nothing due.
    expect(await app.services.reminders.fireDue()).toBe(0);
    expect(await reminded(app, userId)).toEqual([id]);

    const test = await app.http.post('/api/push/test').set('authorization', token);
    expect(test.body).toEqual({ sent: 1 });
    expect(receiver.received.at(-1)?.payload).toEqual({
      title: 'Jotter',
      body: 'Notifications work on this device.',
      noteId: null,
      url: '/home',
    });

    // The profile removes a device by the id its list shows; only the owner can.
    const [device] = (await app.http.get('/api/push/subscriptions').set('authorization', token))
      .body.subscriptions as Array<{ _id: string }>;
    const stranger = await app.signup();
    await app.http
      .delete('/api/push/subscriptions')
      .set('authorization', stranger.token)
      .send({ _id: device!._id })
      .expect(404);
    const unnamed = await app.http
      .delete('/api/push/subscriptions')
      .set('authorization', token)
      .send({});
    expect(unnamed.status).toBe(400);
    expect(unnamed.body.errors[0]).toMatch(/endpoint/);
    const removed = await app.http
      .delete('/api/push/subscriptions')
      .set('authorization', token)
      .send({ _id: device!._id });
    expect(removed.status).toBe(200);
    expect(
      (await app.http.get('/api/push/subscriptions').set('authorization', token)).body,
    ).toEqual({
      subscriptions: [],
    });
  });

  it('retries a 500 and drops a subscription answered 410', async () => {
    const { token } = await app.signup();
    const flaky = receiver.subscription();
    const gone = receiver.subscription();
    receiver.respond(flaky.path, 500, 503);
    receiver.respond(gone.path, 410);
    for (const s of [flaky, gone]) {
      await app.http
        .post('/api/push/subscriptions')
        .set('authorization', token)
        .send(s.json)
        .expect(201);
    }
    const res = await app.http.post('/api/push/test').set('authorization', token);
    expect(res.body).toEqual({ sent: 1 });
    expect(receiver.hits(flaky.path)).toBe(3);
    expect(receiver.hits(gone.path)).toBe(1);
    const left = await app.http.get('/api/push/subscriptions').set('authorization', token);
    expect(left.body.subscriptions).toHaveLength(1);
  });

  it('a trashed note’s reminder does not fire; deleting the note forever removes it', async () => {
    const { token, id: userId } = await app.signup();
    const id = await addNote(app, token);
    await app.http
      .post(`/api/notes/${id}`)
      .set('authorization', token)
      .send({ note: { reminder: { at: future() } } });
    await app.http.delete(`/api/notes/${id}`).set('authorization', token).expect(200);
    await app.store.transaction(async (tx) => {
      const r = (await tx.reminders.find(userId, id))!;
      await tx.reminders.upsert({ ...r, at: past(), nextAt: past() }, past());
    });
    await app.services.reminders.fireDue();
    expect(await reminded(app, userId)).toEqual([]);
    await app.http.delete(`/api/trash/delete/${id}`).set('authorization', token).expect(200);
    expect(await app.store.reminders.find(userId, id)).toBeUndefined();
  });

  it('reminder settings: email on by default, off when put', async () => {
    const { token } = await app.signup();
    const got = await app.http.get('/api/user/reminder-settings').set('authorization', token);
    expect(got.body).toEqual({ email: true, emailAvailable: false });
    const put = await app.http
      .put('/api/user/reminder-settings')
      .set('authorization', token)
      .send({ email: false });
    expect(put.body).toEqual({ email: false, emailAvailable: false });
    const bad = await app.http
      .put('/api/user/reminder-settings')
      .set('authorization', token)
      .send({ email: 'no' });
    expect(bad.status).toBe(400);
  });

  it('refuses a subscription body that is not PushSubscription.toJSON()', async () => {
    const { token } = await app.signup();
    const res = await app.http
      .post('/api/push/subscriptions')
      .set('authorization', token)
      .send({ endpoint: `${receiver.base}/x`, keys: { p256dh: 'short' } });
    expect(res.status).toBe(400);
  });
});

describe('push endpoints (SSRF)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({}, { reminders: fast });
  });
  afterAll(() => app.close());

  const keys = {
    p256dh: crypto.createECDH('prime256v1').generateKeys().toString('base64url'),
    auth: crypto.randomBytes(16).toString('base64url'),
  };

  it.each([
    'https://127.0.0.1/push',
    'https://10.1.2.3/push',
    'https://192.168.1.1/push',
    'https://169.254.169.254/latest',
    'https://100.64.0.1/push',
    'https://[::1]/push',
    'https://[fd00::1]/push',
    'https://[::ffff:127.0.0.1]/push',
    'https://localhost/push',
    'http://push.example.com/push',
    'ftp://push.example.com/push',
  ])('refuses %s', async (endpoint) => {
    const { token } = await app.signup();
    const res = await app.http
      .post('/api/push/subscriptions')
      .set('authorization', token)
      .send({ endpoint, keys });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatch(/^endpoint: /);
  });

  it('refuses at send time too, when the stored endpoint is not (or no longer) public', async () => {
    const receiver = await pushReceiver();
    try {
      const { token, id: userId } = await app.signup();
      const sub = receiver.subscription();
      // As if its name had resolved to a public address when it subscribed.
      await app.store.reminders.subscribe({
        id: crypto.randomUUID(),
        userId,
        endpoint: sub.json.endpoint.replace('127.0.0.1', 'localhost'),
        p256dh: sub.json.keys.p256dh,
        auth: sub.json.keys.auth,
        userAgent: '',
        createdAt: new Date().toISOString(),
      });
      const res = await app.http.post('/api/push/test').set('authorization', token);
      expect(res.body).toEqual({ sent: 0 });
      expect(receiver.hits(sub.path)).toBe(0);
    } finally {
      await receiver.close();
    }
  });
});

describe('email', () => {
  it('sends a plain-text and an HTML part, escaped, with the link, unless the user turned it off', async () => {
    const messages: string[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          messages.push(Buffer.concat(chunks).toString('utf8'));
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const port = (smtp.server.address() as { port: number }).port;
    const app = await createTestApp(
      {
        smtpUrl: `smtp://127.0.0.1:${port}`,
        mailFrom: 'Jotter <jotter@notes.example.org>',
        publicUrl: 'https://notes.example.org',
      },
      { reminders: fast },
    );
    try {
      const { token, email } = await app.signup();
      const id = await addNote(app, token, '<b>Tea</b> & "cake"');
      await app.http
        .post(`/api/notes/${id}`)
        .set('authorization', token)
        .send({ note: { reminder: { at: past() } } });
      await waitFor(() => messages.length === 1, 'the email');
      const raw = messages[0]!
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
      expect(raw).toContain(`To: ${email}`);
      expect(raw).toContain('Content-Type: text/plain');
      expect(raw).toContain('Content-Type: text/html');
      expect(raw).toContain(`https://notes.example.org/home?note=${id}`);
      expect(raw).toContain('&#60;b&#62;Tea&#60;/b&#62; &#38; &#34;cake&#34;');
      expect((raw.split('Content-Type: text/html')[1] ?? '').includes('<b>Tea</b>')).toBe(false);

      // Off: the next reminder sends no email (its REMINDED event still comes).
      await app.http
        .put('/api/user/reminder-settings')
        .set('authorization', token)
        .send({ email: false });
      const other = await addNote(app, token, 'second');
      await app.http
        .post(`/api/notes/${other}`)
        .set('authorization', token)
        .send({ note: { reminder: { at: past() } } });
      const userId = (await app.store.users.findByEmail(email))!.id;
      await waitFor(async () => (await reminded(app, userId)).length === 2, 'the second firing');
      await app.services.reminders.settled();
      expect(messages).toHaveLength(1);
    } finally {
      await app.close();
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  });
});

describe('claiming', () => {
  it('two schedulers over one database, many due reminders: each fires exactly once', async () => {
    // PostgreSQL: two servers, each with its own pool. SQLite: one process holds one connection
    // (better-sqlite3 waits for a lock synchronously, so two in one process would block each
    // other), so the two schedulers share it, as two servers' transactions take turns.
    const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
    const shared = onPostgres ? await testDatabase() : undefined;
    const a = await createTestApp(shared ? { databaseUrl: shared.url } : {}, { reminders: fast });
    const b = shared
      ? await createTestApp({ databaseUrl: shared.url }, { reminders: fast })
      : undefined;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jotter-claim-'));
    const second = b?.services.reminders ?? remindersService(a.store, { dataDir });
    try {
      const { token, id: userId } = await a.signup();
      const ids: string[] = [];
      for (let i = 0; i < 5; i += 1) ids.push(await addNote(a, token, `note ${i}`));
      // Many more notes, straight through the store.
      const now = new Date().toISOString();
      await a.store.transaction(async (tx) => {
        const base = (await tx.notes.find(userId, ids[0]!))!;
        for (let i = 0; i < 295; i += 1) {
          const id = crypto.randomUUID();
          await tx.notes.insert(userId, {
            ...base,
            id,
            title: `bulk ${i}`,
            createdAt: now,
            updatedAt: now,
          });
          ids.push(id);
        }
        const at = past(60_000);
        for (const id of ids) {
          await tx.reminders.upsert(
            {
              userId,
              noteId: id,
              at,
              nextAt: at,
              repeat: 'none',
              timeZone: 'UTC',
              anchor: at,
              firedAt: null,
            },
            now,
          );
        }
      });
      // Both schedulers' passes, all at once, in small batches.
      const passes = await Promise.all([
        ...Array.from({ length: 4 }, () => a.services.reminders.fireDue(25)),
        ...Array.from({ length: 4 }, () => second.fireDue(25)),
      ]);
      while ((await a.services.reminders.fireDue(25)) + (await second.fireDue(25)) > 0);
      expect(passes.filter((n) => n > 0).length).toBeGreaterThan(1);
      const fired = await reminded(a, userId);
      expect(fired).toHaveLength(ids.length);
      expect(new Set(fired).size).toBe(ids.length);
    } finally {
      await second.stop();
      await a.close();
      await b?.close();
      await shared?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  it('catches up at start: a one-off due while no server ran fires once, a daily one moves to its next future time', async () => {
    const shared = process.env.TEST_DATABASE_URL
      ? await testDatabase()
      : (() => {
          const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jotter-catchup-'));
          return {
            url: `file:${path.join(dir, 'jotter.db')}`,
            drop: () => Promise.resolve(fs.rmSync(dir, { recursive: true, force: true })),
          };
        })();
    const first = await createTestApp({ databaseUrl: shared.url }, { reminders: fast });
    const { token, id: userId } = await first.signup();
    const once = await addNote(first, token, 'once');
    const daily = await addNote(first, token, 'daily');
    const tenDaysAgo = new Date(Date.now() - 10 * 86_400_000).toISOString();
    await first.store.transaction(async (tx) => {
      for (const [noteId, repeat] of [
        [once, 'none'],
        [daily, 'daily'],
      ] as const) {
        await tx.reminders.upsert(
          {
            userId,
            noteId,
            at: tenDaysAgo,
            nextAt: tenDaysAgo,
            repeat,
            timeZone: 'Europe/Berlin',
            anchor: anchorOf(tenDaysAgo, 'Europe/Berlin'),
            firedAt: null,
          },
          tenDaysAgo,
        );
      }
    });
    await first.services.reminders.stop();
    // Stands for the server being down while they came due; the next one starts.
    await first.close();
    const second = await createTestApp({ databaseUrl: shared.url }, { reminders: fast });
    try {
      await waitFor(async () => (await reminded(second, userId)).length === 2, 'the catch-up');
      expect((await reminded(second, userId)).sort()).toEqual([once, daily].sort());
      const moved = (await second.store.reminders.find(userId, daily))!;
      expect(Date.parse(moved.at)).toBeGreaterThan(Date.now());
      expect(Date.parse(moved.at)).toBeLessThanOrEqual(Date.now() + 86_400_000);
      expect(anchorOf(moved.at, 'Europe/Berlin').slice(11)).toBe(
        anchorOf(tenDaysAgo, 'Europe/Berlin').slice(11),
      );
      expect(await second.services.reminders.fireDue()).toBe(0);
    } finally {
      await second.close();
      await shared.drop();
    }
  });
});
