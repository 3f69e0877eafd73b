import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

import { TestSocket, type Closed } from '../../server/src/test-support/ws';
import { call, signupOver, type Answer } from '../support/client';
import { FeedFollower } from '../support/feed';
import { report } from '../support/report';
import { startServer, until } from '../support/server-process';

/**
 * One GraphQL call on the client's own kept-alive connection (one socket per client, opened long
 * before the signal), so a failure means the server dropped a request it had been sent.
 */
function post(agent: http.Agent, base: string, token: string, body: unknown): Promise<Answer> {
  const payload = JSON.stringify(body);
  return new Promise((resolve) => {
    const req = http.request(
      `${base}/graphql`,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          authorization: token,
          'content-length': Buffer.byteLength(payload),
        },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
      },
    );
    req.on('error', (error) => resolve({ status: 0, body: String(error) }));
    req.end(payload);
  });
}

/**
 * Graceful shutdown: SIGTERM while clients stream writes (some of them 1 MB notes) and two
 * subscribers listen over WebSocket. Every socket is closed with 1001 "Server shutting down"
 * before the process ends (so its client reconnects elsewhere), requests in flight at the signal
 * are answered, the process exits 0 within 10 s, and after a restart every acknowledged write is
 * there.
 */
it('SIGTERM under load: sockets closed with 1001 first, in-flight requests finish, nothing acknowledged is lost, exit 0 within 10 s', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jotter-shutdown-'));
  const databaseUrl = `file:${path.join(dir, 'jotter.db')}`;
  try {
    let server = await startServer({ databaseUrl, dataDir: dir });
    const { token } = await signupOver(server.url, 'shutdown@example.com');
    const acked = new Map<string, string>();
    let signalAt = Infinity;
    const inFlight: Array<{ title: string; status: number; error?: string }> = [];
    const big = `<p>${'x'.repeat(900_000)}</p>`;

    const client = async (c: number) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      for (let n = 0; ; n += 1) {
        const title = `c${c}-n${n}`;
        const sent = performance.now();
        const res = await post(agent, server.url, token, {
          query: `mutation($input: NoteInput!) { addNote(input: $input) { id title } }`,
          variables: { input: { title, content: c === 0 ? big : `<p>${title}</p>` } },
        });
        if (sent < signalAt - 20 && performance.now() > signalAt)
          inFlight.push({
            title,
            status: res.status,
            ...(res.status === 0 ? { error: String(res.body) } : {}),
          });
        if (res.status === 0 || performance.now() > signalAt) {
          agent.destroy();
          if (res.status === 0) return;
        }
        const note = res.body?.data?.addNote;
        if (note) acked.set(note.id, note.title);
        else if (performance.now() < signalAt) throw new Error(JSON.stringify(res.body));
      }
    };
    const clients = Array.from({ length: 8 }, (_, c) => client(c));
    const sockets = await Promise.all(
      [0, 1].map(() => TestSocket.connect(FeedFollower.wsUrl(server.url), token)),
    );
    const feeds = sockets.map((socket) => socket.noteEvents('0'));
    const order: string[] = [];
    const closes = sockets.map((socket, i) =>
      socket.closed.then((closed: Closed) => (order.push(`socket ${i}`), closed)),
    );
    // The signal comes once every client's writes are flowing (the 1 MB ones too), and each
    // subscriber's feed has started.
    await until(
      () =>
        feeds.every((feed) => feed.events.length > 0) &&
        Array.from({ length: 8 }, (_, c) => c).every((c) =>
          [...acked.values()].some((title) => title.startsWith(`c${c}-`)),
        ),
      60_000,
      'an acknowledged write from every client and an event on each feed',
    );
    signalAt = performance.now();
    server.kill('SIGTERM');
    const exit = await server.exited;
    order.push('exit');
    const seconds = (performance.now() - signalAt) / 1000;
    await Promise.all(clients);

    expect(await Promise.all(closes)).toEqual(
      [0, 1].map(() => ({ code: 1001, reason: 'Server shutting down' })),
    );
    // Both sockets had closed by the time the process ended.
    expect(order).toHaveLength(3);
    expect(order.at(-1)).toBe('exit');
    expect(exit).toEqual({ code: 0, signal: null });
    expect(seconds).toBeLessThan(10);
    expect(inFlight.filter((r) => r.status !== 200)).toEqual([]);

    server = await startServer({ databaseUrl, dataDir: dir });
    const res = await call(server.url, 'GET', '/api/notes', { token });
    server.kill('SIGTERM');
    await server.exited;
    const stored = new Map<string, string>(
      res.body.notes.map((n: { _id: string; title: string }) => [n._id, n.title]),
    );
    for (const [id, title] of acked) expect(stored.get(id)).toBe(title);

    report(
      'graceful shutdown',
      `SIGTERM with 8 clients streaming and 2 subscribers: both sockets closed with 1001 "Server shutting down" before the process ended, ${inFlight.length} requests in flight at the signal all answered 200, exit code 0 after ${seconds.toFixed(2)} s; ${acked.size} acknowledged writes all present after restart`,
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
