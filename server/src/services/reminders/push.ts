import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import path from 'node:path';

import webpush from 'web-push';

import type { PushSubscriptionRecord } from '../../store';
import { isPublicAddress, publicOnlyLookup } from './endpoint';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * The VAPID key pair: the configured one, else the one kept in `dataDir/vapid-keys.json`
 * (mode 0600), generated there once, like the JWT secret, so subscriptions outlive restarts.
 */
export function resolveVapidKeys(configured: Partial<VapidKeys>, dataDir: string): VapidKeys {
  if (configured.publicKey && configured.privateKey) {
    return { publicKey: configured.publicKey, privateKey: configured.privateKey };
  }
  const file = path.join(dataDir, 'vapid-keys.json');
  try {
    const kept = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<VapidKeys>;
    if (kept.publicKey && kept.privateKey) {
      return { publicKey: kept.publicKey, privateKey: kept.privateKey };
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const keys = webpush.generateVAPIDKeys();
  fs.writeFileSync(file, `${JSON.stringify(keys)}\n`, { mode: 0o600 });
  fs.chmodSync(file, 0o600);
  return keys;
}

/** What a push says: the note's title, a line, the note, and where a click opens the app. */
export interface PushPayload {
  title: string;
  body: string;
  noteId: string | null;
  url: string;
}

/** How a push ended: delivered, the subscription is gone (404/410), or it failed for now. */
export type PushOutcome = 'sent' | 'gone' | 'failed';

export interface PushSenderOptions {
  vapid: VapidKeys;
  /** `mailto:` or `https:` contact the push services see (VAPID `sub`). */
  subject: string;
  /** Hosts admitted whatever their address, over http or https (PUSH_ALLOW_HOSTS). */
  allowed: Set<string>;
  /** Tries on a 5xx, 429 or network error: 3. */
  tries?: number;
  /** The first retry's wait, doubling after: 1 s. */
  backoffMs?: number;
  /** Each request's timeout: 10 s. */
  timeoutMs?: number;
  /** Seconds a push service keeps an undelivered message: a day. */
  ttl?: number;
}

const agents = {
  https: new https.Agent({ keepAlive: true, lookup: publicOnlyLookup, maxSockets: 64 }),
  http: new http.Agent({ keepAlive: true, lookup: publicOnlyLookup, maxSockets: 64 }),
  httpsAllowed: new https.Agent({ keepAlive: true, maxSockets: 64 }),
  httpAllowed: new http.Agent({ keepAlive: true, maxSockets: 64 }),
};

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sends Web Push messages (RFC 8291 aes128gcm payloads, RFC 8292 VAPID), encrypted by
 * `web-push`, over sockets that refuse any non-public address but an allowed host's: the check
 * made at subscribe time is made again at every send (a name can change what it resolves to).
 */
export function pushSender(options: PushSenderOptions) {
  const tries = options.tries ?? 3;
  const backoffMs = options.backoffMs ?? 1000;
  const timeoutMs = options.timeoutMs ?? 10_000;

  /**
   * The VAPID `Authorization` for a push service (its origin is the JWT's audience), signed once
   * per 12 hours per service rather than for every message: signing is a third of the CPU a
   * message costs, and a burst of reminders goes to a handful of push services.
   */
  const vapidByAudience = new Map<string, { authorization: string; until: number }>();
  function vapidAuthorization(audience: string): string {
    const kept = vapidByAudience.get(audience);
    if (kept && kept.until > Date.now()) return kept.authorization;
    const expires = Math.floor(Date.now() / 1000) + 12 * 3600;
    const { Authorization } = webpush.getVapidHeaders(
      audience,
      options.subject,
      options.vapid.publicKey,
      options.vapid.privateKey,
      'aes128gcm',
      expires,
    );
    // Renewed an hour before it expires.
    vapidByAudience.set(audience, { authorization: Authorization, until: (expires - 3600) * 1000 });
    return Authorization;
  }

  /** One request; the status, or an error for a network failure. */
  function post(sub: PushSubscriptionRecord, body: Buffer | string): Promise<number> {
    const url = new URL(sub.endpoint);
    const details = webpush.generateRequestDetails(
      { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
      body,
      {
        headers: { Authorization: vapidAuthorization(url.origin) },
        TTL: options.ttl ?? 86_400,
        contentEncoding: 'aes128gcm',
      },
    );
    const host = url.hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');
    const allowed = options.allowed.has(host);
    const secure = url.protocol === 'https:';
    if (!allowed && (!secure || (net.isIP(host) && !isPublicAddress(host)))) {
      return Promise.reject(new Error('push endpoint refused: not https on a public address'));
    }
    const agent = secure
      ? allowed
        ? agents.httpsAllowed
        : agents.https
      : allowed
        ? agents.httpAllowed
        : agents.http;
    return new Promise((resolve, reject) => {
      const request = (secure ? https : http).request(
        url,
        {
          method: details.method,
          headers: details.headers,
          agent,
          timeout: timeoutMs,
        },
        (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode ?? 0));
          response.on('error', reject);
        },
      );
      request.on('timeout', () => request.destroy(new Error('push request timed out')));
      request.on('error', reject);
      request.end(details.body ?? undefined);
    });
  }

  return {
    publicKey: options.vapid.publicKey,

    /**
     * Sends `payload` to one subscription: retried with backoff on a 5xx, a 429 or a network
     * failure (`tries` in all); 404 or 410 is `gone` (drop the subscription), any other
     * refusal `failed`.
     */
    async send(sub: PushSubscriptionRecord, payload: PushPayload): Promise<PushOutcome> {
      const body = JSON.stringify(payload);
      for (let attempt = 1; ; attempt += 1) {
        let retry: boolean;
        try {
          const status = await post(sub, body);
          if (status >= 200 && status < 300) return 'sent';
          if (status === 404 || status === 410) return 'gone';
          retry = status >= 500 || status === 429;
        } catch (error) {
          retry =
            !/refused/.test((error as Error).message) &&
            (error as NodeJS.ErrnoException).code !== 'EPUSHREFUSED';
        }
        if (!retry || attempt >= tries) return 'failed';
        await wait(backoffMs * 2 ** (attempt - 1) * (0.75 + crypto.randomInt(500) / 1000));
      }
    },
  };
}

export type PushSender = ReturnType<typeof pushSender>;
