import type http from 'node:http';

import yauzl from 'yauzl';

import type { TestApp } from './app';

/** What POST /api/import answers. */
export interface ImportAnswer {
  imported: number;
  alreadyImported: number;
  skipped: Array<{ file: string; reason: string }>;
}

/** POST /api/import with a zip. */
export const importZip = (t: TestApp, token: string, zip: Buffer) =>
  t.http
    .post('/api/import')
    .set('authorization', token)
    .set('content-type', 'application/zip')
    .send(zip);

/** POST /api/import with a JSON text. */
export const importJson = (t: TestApp, token: string, text: string) =>
  t.http
    .post('/api/import')
    .set('authorization', token)
    .set('content-type', 'application/json')
    .send(text);

/** supertest's parser for a binary answer: its body as a Buffer. */
export const binary = (
  res: http.IncomingMessage,
  done: (error: Error | null, body: Buffer) => void,
) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};

/** The files of a zip, by name. */
export function unzip(buffer: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      const files = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e) return reject(e);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            files.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(files));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}
