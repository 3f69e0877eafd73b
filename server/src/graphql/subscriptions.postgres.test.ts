import { Client } from 'pg';

import { createTestApp, type Listening, type TestApp } from '../test-support/app';
import { TestSocket, type NoteEventPayload } from '../test-support/ws';

/**
 * Live sync on PostgreSQL only: this file runs when TEST_DATABASE_URL names a server (the
 * PostgreSQL suite, `npm run test:pg`), and is left out of the SQLite run (jest.config.ts).
 */
let t: TestApp;
let server: Listening;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  server = await t.listen();
});
afterEach(async () => {
  await Promise.all(sockets.splice(0).map((s) => s.close()));
});
afterAll(() => t.close());

async function connect(token: string): Promise<TestSocket> {
  const socket = await TestSocket.connect(server.wsUrl, token);
  sockets.push(socket);
  return socket;
}

async function add(token: string, title: string): Promise<string> {
  const res = await t.graphql<{ addNote: { id: string } }>(
    `mutation($t: String!) { addNote(input: { title: $t }) { id } }`,
    { t: title },
    token,
  );
  return res.data!.addNote.id;
}

const cursors = (events: NoteEventPayload[]) => events.map((e) => Number(e.cursor));

it('PostgreSQL: after the listener loses its connection it listens again and subscribers catch up, even on a change whose notification was lost', async () => {
  const { token, id: userId } = await t.signup();
  const noteId = await add(token, 'listened');
  const socket = await connect(token);
  const sub = socket.noteEvents('1');
  const admin = new Client({ connectionString: t.config.databaseUrl });
  await admin.connect();
  try {
    // A change recorded with no notification at all: only a resync can deliver it.
    await admin.query(
      `with next as (update users set event_seq = event_seq + 1 where id = $1 returning event_seq)
       insert into note_events (user_id, seq, note_id, kind, created_at) select $1, event_seq, $2, 'UPSERTED', $3 from next`,
      [userId, noteId, new Date().toISOString()],
    );
    const killed = await admin.query(
      `select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'jotter-listener' and datname = current_database()`,
    );
    expect(killed.rowCount).toBe(1);
    expect(cursors(await sub.until(2))).toEqual([2]);
    await add(token, 'after the reconnect');
    expect(cursors(await sub.until(3))).toEqual([2, 3]);
  } finally {
    await admin.end();
  }
});
