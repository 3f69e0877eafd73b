import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';

/**
 * Issue 40's upload helpers for tests and benches that talk to a real server: raw bodies sent
 * as streams (so a 20 MB body is never whole in the sender's memory either), bodies that are
 * valid files, and the server's memory read from /proc.
 */

/** 1 MiB of random bytes, repeated to make large bodies without drawing 20 MB of randomness. */
const randomMiB = crypto.randomBytes(1 << 20);

/**
 * A PDF of exactly `bytes` bytes: a valid header, then random-ish bytes, then the trailer. The
 * type is read from the header; a PDF is stored as it is, without decoding, so a large one
 * exercises the streaming path (limit, quota, storage) and nothing else.
 */
export function pdfChunks(bytes: number): Buffer[] {
  const head = Buffer.from(
    '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Length 0 >>\nstream\n',
    'latin1',
  );
  const tail = Buffer.from('\nendstream\nendobj\ntrailer\n<< >>\n%%EOF\n', 'latin1');
  const chunks: Buffer[] = [head];
  let left = bytes - head.length - tail.length;
  while (left > 0) {
    const take = Math.min(left, randomMiB.length);
    chunks.push(randomMiB.subarray(0, take));
    left -= take;
  }
  chunks.push(tail);
  return chunks;
}

export interface Upload {
  /** Resolves once the whole body is handed to the socket. */
  sent: Promise<void>;
  /** The answer's status and parsed body (status 0 when the connection died). */
  answer: Promise<{ status: number; body: Record<string, unknown> | string }>;
  /** Resolves with the bytes handed to the socket once writing stops (all, or `stopAfter`). */
  written: Promise<number>;
  request: http.ClientRequest;
}

/**
 * POSTs `chunks` to /api/attachments as one raw body with backpressure. With `stopAfter`, only
 * that many bytes are written (and the request is left open): a client cut off mid-upload.
 */
export function upload(
  base: string,
  token: string,
  chunks: Buffer[],
  options: { contentType?: string; name?: string; stopAfter?: number } = {},
): Upload {
  const length = chunks.reduce((sum, c) => sum + c.length, 0);
  let onSent!: () => void;
  const sent = new Promise<void>((resolve) => (onSent = resolve));
  let onWritten!: (n: number) => void;
  const written = new Promise<number>((resolve) => (onWritten = resolve));
  const request = http.request(`${base}/api/attachments`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': options.contentType ?? 'application/pdf',
      'content-length': length,
      ...(options.name ? { 'x-file-name': options.name } : {}),
    },
  });
  const answer = new Promise<{ status: number; body: Record<string, unknown> | string }>(
    (resolve) => {
      request.on('response', (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => {
          try {
            resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) });
          } catch {
            resolve({ status: res.statusCode ?? 0, body: text });
          }
        });
        res.on('error', () => resolve({ status: res.statusCode ?? 0, body: text }));
      });
      request.on('error', () => resolve({ status: 0, body: 'connection error' }));
    },
  );
  void (async () => {
    let total = 0;
    for (const chunk of chunks) {
      if (options.stopAfter !== undefined && total >= options.stopAfter) {
        onWritten(total);
        return;
      }
      total += chunk.length;
      if (!request.write(chunk)) {
        const more = await new Promise<boolean>((resolve) => {
          request.once('drain', () => resolve(true));
          request.once('close', () => resolve(false));
        });
        if (!more) break;
      }
    }
    onWritten(total);
    request.end(onSent);
  })();
  return { sent, answer, request, written };
}

/** A process's resident memory now and at its peak (VmRSS, VmHWM), in MB, from /proc. */
export function memoryOf(pid: number): { rssMb: number; peakMb: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN);
  return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
}

/** The ids of `/api/attachments/{id}` images in a note's HTML. */
export const attachmentIdsIn = (html: string): string[] =>
  [...html.matchAll(/\/api\/attachments\/([A-Za-z0-9_-]+)/g)].map((m) => m[1]!);
