import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import SQLite from 'better-sqlite3';

import { pushReceiver } from '../../server/src/test-support/push-receiver';
import { call, signupOver } from '../support/client';
import { startServer, until, type ServerProcess } from '../support/server-process';

/**
 * A reminder and a crash: the real server, SIGKILLed just before a reminder is due, is started
 * again after the due time; the reminder fires once (one REMINDED event, one push), and a
 * further restart fires it no more.
 */
it('a server killed just before a due time fires the reminder once after restart', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jotter-rel-reminders-'));
  const file = path.join(dataDir, 'jotter.db');
  const receiver = await pushReceiver();
  const env = { PUSH_ALLOW_HOSTS: '127.0.0.1' };
  let server: ServerProcess | undefined;
  const remindedEvents = () => {
    const db = new SQLite(file, { readonly: true });
    try {
      return (
        db.prepare(`select count(*) as n from note_events where kind = 'REMINDED'`).get() as {
          n: number;
        }
      ).n;
    } finally {
      db.close();
    }
  };
  try {
    server = await startServer({ databaseUrl: `file:${file}`, dataDir, env });
    const { token } = await signupOver(server.url, `rel-reminders-${Date.now()}@example.com`);
    const sub = receiver.subscription();
    expect(
      (await call(server.url, 'POST', '/api/push/subscriptions', { token, body: sub.json })).status,
    ).toBe(201);
    const added = await call(server.url, 'POST', '/api/notes', {
      token,
      body: { note: { title: 'Take the bread out', content: '<p>oven</p>' } },
    });
    const noteId = added.body.notes[0]._id as string;
    const due = Date.now() + 2500;
    const set = await call(server.url, 'POST', `/api/notes/${noteId}`, {
      token,
      body: { note: { reminder: { at: new Date(due).toISOString() } } },
    });
    expect(set.status).toBe(201);
    // Just before it is due.
    server.kill('SIGKILL');
    await server.exited;
    expect(remindedEvents()).toBe(0);
    expect(receiver.hits(sub.path)).toBe(0);
    await until(() => Date.now() > due + 200, 10_000, 'the due time to pass');

    server = await startServer({ databaseUrl: `file:${file}`, dataDir, env });
    await until(() => receiver.hits(sub.path) === 1, 15_000, 'the push after the restart');
    expect(remindedEvents()).toBe(1);
    const list = await call(server.url, 'GET', '/api/notes', { token });
    expect(list.body.notes[0].reminder.firedAt).toEqual(expect.any(String));
    expect(receiver.received[0]?.payload).toMatchObject({ noteId, title: 'Take the bread out' });

    // Once: a second restart finds nothing due.
    server.kill('SIGTERM');
    await server.exited;
    server = await startServer({ databaseUrl: `file:${file}`, dataDir, env });
    const again = await call(server.url, 'GET', '/api/notes', { token });
    expect(again.status).toBe(200);
    expect(remindedEvents()).toBe(1);
    expect(receiver.hits(sub.path)).toBe(1);
  } finally {
    server?.kill('SIGKILL');
    await server?.exited;
    await receiver.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
