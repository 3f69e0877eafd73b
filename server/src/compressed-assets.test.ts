import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import express from 'express';
import request from 'supertest';

import { compressedAssets } from './compressed-assets';

describe('compressedAssets', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jotter-assets-'));
  const script = `console.log(${JSON.stringify('x'.repeat(4000))});\n`;
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'assets/main-abc123.js'), script);
  fs.writeFileSync(path.join(dir, 'assets/tiny-abc123.js'), 'void 0;\n');
  fs.writeFileSync(path.join(dir, 'secret.txt'), 'x'.repeat(4000));
  const app = express();
  app.use(compressedAssets(dir).handler);
  app.use(express.static(dir));

  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('sends a bundle Brotli-compressed when the browser accepts it', async () => {
    const res = await request(app)
      .get('/assets/main-abc123.js')
      .set('accept-encoding', 'gzip, deflate, br');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    expect(Number(res.headers['content-length'])).toBeLessThan(script.length / 10);
    // supertest decodes the body, so this is the round trip.
    expect(res.text).toBe(script);
  });

  it('falls back to gzip, then to the plain file', async () => {
    const gz = await request(app).get('/assets/main-abc123.js').set('accept-encoding', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.text).toBe(script);
    const plain = await request(app)
      .get('/assets/main-abc123.js')
      .set('accept-encoding', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.text).toBe(script);
  });

  it('leaves small files, unknown files and paths outside /assets to express.static', async () => {
    const tiny = await request(app).get('/assets/tiny-abc123.js').set('accept-encoding', 'br');
    expect(tiny.headers['content-encoding']).toBeUndefined();
    const missing = await request(app).get('/assets/none-abc.js').set('accept-encoding', 'br');
    expect(missing.status).toBe(404);
    const outside = await request(app).get('/assets/..%2Fsecret.txt').set('accept-encoding', 'br');
    expect(outside.headers['content-encoding']).toBeUndefined();
  });

  it('compresses every bundle ahead of the first request when warmed', async () => {
    const warmDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jotter-assets-'));
    fs.mkdirSync(path.join(warmDir, 'assets'));
    const file = path.join(warmDir, 'assets/main-def456.js');
    fs.writeFileSync(file, script);
    const assets = compressedAssets(warmDir);
    const warmed = express();
    warmed.use(assets.handler);
    try {
      await assets.warm();
      // Gone from disk: only an answer compressed while warming can still be sent.
      fs.rmSync(file);
      for (const encoding of ['br', 'gzip']) {
        const res = await request(warmed)
          .get('/assets/main-def456.js')
          .set('accept-encoding', encoding);
        expect(res.status).toBe(200);
        expect(res.headers['content-encoding']).toBe(encoding);
        expect(res.text).toBe(script);
      }
    } finally {
      fs.rmSync(warmDir, { recursive: true, force: true });
    }
  });
});
