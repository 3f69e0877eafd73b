/**
 * The live-sync baseline: a bare `ws` server that broadcasts. A client names its user in the
 * query string (`/?user=<id>`); `POST /publish` with `{ user, payload }` sends `payload` (the
 * text of a message) to every socket of that user. No framework, no auth, no database, no
 * GraphQL: what delivering an event costs at the least.
 */
import http from 'node:http';

import { WebSocketServer, type WebSocket } from 'ws';

const byUser = new Map<string, Set<WebSocket>>();

const server = http.createServer((req, res) => {
  if (req.url === '/healthz') {
    res.end('{"status":"ok"}');
    return;
  }
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const { user, payload } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
      user: string;
      payload: string;
    };
    for (const socket of byUser.get(user) ?? []) socket.send(payload);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"ok":true}');
  });
});

const wss = new WebSocketServer({ server });
wss.on('connection', (socket, req) => {
  const user = new URL(req.url ?? '/', 'http://x').searchParams.get('user') ?? '';
  let set = byUser.get(user);
  if (!set) byUser.set(user, (set = new Set()));
  set.add(socket);
  socket.on('close', () => set.delete(socket));
});

server.listen(Number(process.env.PORT), '127.0.0.1');
