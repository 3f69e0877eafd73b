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

it('PostgreSQL: an ended session or a revoked API token is refused at once on another server, and its socket there closes', async () => {
  const other = await createTestApp({ databaseUrl: t.config.databaseUrl });
  try {
    const otherServer = await other.listen();
    const { token, email } = await t.signup();
    const login = await t.http
      .post('/api/auth/login')
      .send({ email, password: 'correct horse battery' });
    const second: string = login.body.encodedToken;
    const created = await t.http
      .post('/api/tokens')
      .set('authorization', token)
      .send({ name: 'script', scope: 'read' });
    const apiToken: string = created.body.token;
    const sessionSocket = await TestSocket.connect(otherServer.wsUrl, second);
    const tokenSocket = await TestSocket.connect(otherServer.wsUrl, apiToken);
    const ownSocket = await TestSocket.connect(otherServer.wsUrl, token);
    sockets.push(sessionSocket, tokenSocket, ownSocket);
    const own = ownSocket.noteEvents('0');
    const sessions = await t.http.get('/api/auth/sessions').set('authorization', token);
    const target = (sessions.body.sessions as Array<{ _id: string; current: boolean }>).find(
      (s) => !s.current,
    )!;
    expect(
      (await t.http.delete(`/api/auth/sessions/${target._id}`).set('authorization', token)).status,
    ).toBe(200);
    expect(
      (await t.http.delete(`/api/tokens/${created.body.apiToken._id}`).set('authorization', token))
        .status,
    ).toBe(200);
    expect(await sessionSocket.waitForClose()).toEqual({ code: 4401, reason: 'Signed out' });
    expect(await tokenSocket.waitForClose()).toEqual({ code: 4401, reason: 'Signed out' });
    expect((await other.http.get('/api/notes').set('authorization', second)).status).toBe(401);
    expect((await other.http.get('/api/notes').set('authorization', apiToken)).status).toBe(401);
    await add(token, 'still here');
    expect(cursors(await own.until(1))).toEqual([1]);
  } finally {
    await other.close();
  }
});
