import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { testDatabase } from '../../server/src/test-support/database';
import { TestSocket } from '../../server/src/test-support/ws';
import { call, gql, signupOver } from '../support/client';
import { FeedFollower } from '../support/feed';
import { report } from '../support/report';
import { startServer, type ServerProcess } from '../support/server-process';

/**
 * Several Jotter servers on one PostgreSQL database (two real processes): a change made through
 * one reaches a subscriber on the other (LISTEN/NOTIFY), a logout on one closes the user's
 * sockets on both, and when one shuts down its subscribers resume on the other from their
 * cursors without missing a change. SQLite has one server by design, so this runs on
 * PostgreSQL only (TEST_DATABASE_URL, as CI runs the reliability suite).
 */
const onPostgres = process.env.TEST_DATABASE_URL ? it : it.skip;

onPostgres(
  'PostgreSQL: two servers, one database: changes, logouts and subscribers cross between them',
  async () => {
    const database = await testDatabase();
    const dirs = [0, 1].map(() => fs.mkdtempSync(path.join(os.tmpdir(), 'jotter-multi-')));
    const servers: ServerProcess[] = [];
    try {
      for (const dataDir of dirs)
        servers.push(await startServer({ databaseUrl: database.url, dataDir }));
      const [a, b] = servers as [ServerProcess, ServerProcess];
      const ws = (server: ServerProcess) => FeedFollower.wsUrl(server.url);
      const email = `multi-${Date.now()}@example.com`;
      let { token } = await signupOver(a.url, email);

      // A write on A reaches a subscriber on B, with the note as it is.
      const onB = await TestSocket.connect(ws(b), token);
      const subB = onB.noteEvents('0');
      const added = await call(a.url, 'POST', '/api/notes', {
        token,
        body: { note: { title: 'from A' } },
      });
      const id = added.body.notes[0]._id as string;
      const edited = await gql(
        a.url,
        `mutation($id: ID!) { updateNote(id: $id, input: { title: "edited on A" }, baseVersion: 1) { version } }`,
        { id },
        token,
      );
      expect(edited.body.data.updateNote.version).toBe(2);
      const onBEvents = await subB.until(2);
      expect(onBEvents.map((e) => [e.cursor, e.noteId])).toEqual([
        ['1', id],
        ['2', id],
      ]);
      expect(onBEvents[1]!.note).toMatchObject({ title: 'edited on A', version: 2 });

      // And the other way.
      const onA = await TestSocket.connect(ws(a), token);
      const subA = onA.noteEvents('2');
      await call(b.url, 'POST', `/api/notes/archives/${id}`, { token, body: {} });
      expect((await subA.until(3))[0]).toMatchObject({
        cursor: '3',
        noteId: id,
        note: { location: 'ARCHIVE', version: 3 },
      });

      // A logout on A closes the user's sockets on both servers.
      await gql(a.url, 'mutation { logout }', {}, token);
      expect(await onA.waitForClose()).toEqual({ code: 4401, reason: 'Signed out' });
      expect(await onB.waitForClose()).toEqual({ code: 4401, reason: 'Signed out' });
      const login = await call(b.url, 'POST', '/api/auth/login', {
        body: { email, password: 'reliable password' },
      });
      token = login.body.encodedToken;

      // A goes away while B takes writes: A's subscriber is told (1001), resumes on B from its
      // cursor, and ends with every change once and exactly B's notes.
      const follower = new FeedFollower(token);
      const following = follower.follow(ws(a), () => false);
      await follower.reached(3);
      const writes = Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          call(b.url, 'POST', '/api/notes', {
            token,
            body: { note: { title: `during the handover ${i}` } },
          }),
        ),
      );
      a.kill('SIGTERM');
      expect((await a.exited).code).toBe(0);
      expect(await following).toBe('closed');
      expect(follower.lastClose).toEqual({ code: 1001, reason: 'Server shutting down' });
      const heardOnA = follower.cursor;
      expect((await writes).map((r) => r.status)).toEqual(Array(20).fill(201));
      const last = Number(
        (await gql(b.url, '{ noteEventsCursor }', {}, token)).body.data.noteEventsCursor,
      );
      expect(last).toBe(23);
      await follower.catchUp(ws(b), last);
      expect(follower.problems).toEqual([]);
      const user = (await call(b.url, 'GET', '/api/user', { token })).body.user;
      const onServer = new Map<string, { title: string; location: string; version: number }>();
      for (const [list, location] of [
        ['notes', 'NOTES'],
        ['archives', 'ARCHIVE'],
        ['trash', 'TRASH'],
      ] as const) {
        for (const note of user[list])
          onServer.set(note._id, { title: note.title, location, version: note.version });
      }
      expect(new Map([...follower.notes].sort())).toEqual(new Map([...onServer].sort()));

      report(
        'several servers, PostgreSQL',
        `two servers on one database: writes on A (REST add, GraphQL edit) reached a subscriber on B, an archive on B reached one on A; a logout on A closed the sockets on both (4401); A shut down under 20 writes to B: its subscriber got 1001 after ${heardOnA} events, resumed on B from its cursor and holds all ${last} events once and exactly B's ${onServer.size} notes`,
      );
    } finally {
      for (const server of servers) {
        server.kill('SIGTERM');
        await server.exited;
      }
      await database.drop();
      for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
    }
  },
);
