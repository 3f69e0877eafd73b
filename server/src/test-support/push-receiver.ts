import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One message a test push service took: its path, decrypted payload and headers. */
export interface ReceivedPush {
  path: string;
  payload: unknown;
  authorization: string;
  encoding: string;
  ttl: string;
}

/**
 * Decrypts an RFC 8291 (aes128gcm, RFC 8188) Web Push body with the user agent's keys: written
 * from the RFC with node:crypto (ECDH, HKDF, AES-128-GCM), not with the library under test.
 */
export function decryptPush(body: Buffer, uaPrivate: crypto.ECDH, authSecret: Buffer): Buffer {
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20]!;
  const asPublic = body.subarray(21, 21 + idlen);
  const records = body.subarray(21 + idlen);
  if (records.length > rs) throw new Error('more than one record');
  const uaPublic = uaPrivate.getPublicKey();
  const ecdhSecret = uaPrivate.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
  const ikm = Buffer.from(crypto.hkdfSync('sha256', ecdhSecret, authSecret, keyInfo, 32));
  const cek = Buffer.from(
    crypto.hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16),
  );
  const nonce = Buffer.from(
    crypto.hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12),
  );
  const decipher = crypto.createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(records.subarray(records.length - 16));
  const padded = Buffer.concat([
    decipher.update(records.subarray(0, records.length - 16)),
    decipher.final(),
  ]);
  // The last record: content, then the delimiter 0x02, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end);
}

/**
 * A push service on 127.0.0.1 for tests: each subscription it hands out has fresh keys; a path's
 * answers can be scripted (`respond`), 201 by default. Every request is kept, decrypted.
 */
export async function pushReceiver() {
  const keys = new Map<string, { ecdh: crypto.ECDH; auth: Buffer }>();
  const scripted = new Map<string, number[]>();
  const received: ReceivedPush[] = [];
  const hits = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '';
      hits.set(path, (hits.get(path) ?? 0) + 1);
      const status = scripted.get(path)?.shift() ?? 201;
      const key = keys.get(path);
      if (status < 300 && key) {
        const plain = decryptPush(Buffer.concat(chunks), key.ecdh, key.auth);
        received.push({
          path,
          payload: JSON.parse(plain.toString('utf8')),
          authorization: String(req.headers.authorization),
          encoding: String(req.headers['content-encoding']),
          ttl: String(req.headers.ttl),
        });
      }
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let n = 0;
  return {
    base,
    received,
    /** How many requests reached `path`. */
    hits: (path: string) => hits.get(path) ?? 0,
    /** A new subscription (PushSubscription.toJSON()'s shape) on a path of its own. */
    subscription(name = `s${(n += 1)}`) {
      const ecdh = crypto.createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = crypto.randomBytes(16);
      const path = `/push/${name}`;
      keys.set(path, { ecdh, auth });
      return {
        path,
        json: {
          endpoint: `${base}${path}`,
          expirationTime: null,
          keys: {
            p256dh: ecdh.getPublicKey().toString('base64url'),
            auth: auth.toString('base64url'),
          },
        },
      };
    },
    /** The statuses `path` answers next, in order (then 201). */
    respond(path: string, ...statuses: number[]) {
      scripted.set(path, statuses);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
