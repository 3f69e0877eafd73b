import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { createTestApp, type TestApp } from './test-support/app';

/** The built client as the server serves it: the PWA's files, their types and cache lifetimes. */
describe('serving the client', () => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'jotter-dist-'));
  const inlineScript = "document.documentElement.className = 'dark';";
  /** shell.html: the same page, with one more inline script (the app's start). */
  const shellScript = "document.head.append('app');";
  let app: TestApp;

  beforeAll(async () => {
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      `<!doctype html><title>Jotter</title><script>${inlineScript}</script>`,
    );
    fs.writeFileSync(
      path.join(dist, 'shell.html'),
      `<!doctype html><title>Jotter</title><script>${inlineScript}</script><script>${shellScript}</script>`,
    );
    fs.writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    fs.writeFileSync(path.join(dist, 'manifest.webmanifest'), '{"name":"Jotter"}');
    fs.writeFileSync(path.join(dist, 'assets/main-abc123.js'), 'void 0;');
    app = await createTestApp({ clientDist: dist });
  });

  afterAll(async () => {
    await app.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('sends the service worker as JavaScript that the browser always revalidates', async () => {
    const res = await app.http.get('/sw.js');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('sends the web app manifest with its own type, revalidated too', async () => {
    const res = await app.http.get('/manifest.webmanifest');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('revalidates index.html, as a file and as the page of every client route', async () => {
    const file = await app.http.get('/index.html');
    expect(file.headers['cache-control']).toBe('no-cache');
    const route = await app.http.get('/home').set('accept', 'text/html');
    expect(route.status).toBe(200);
    expect(route.text).toContain('<title>Jotter</title>');
    expect(route.headers['cache-control']).toBe('no-cache');
  });

  it('keeps the longer lifetime for other files', async () => {
    const res = await app.http.get('/assets/main-abc123.js').set('accept-encoding', 'identity');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
  });

  it("runs index.html's and shell.html's own inline scripts, by their hash, and no other", async () => {
    const res = await app.http.get('/home').set('accept', 'text/html');
    const csp = res.headers['content-security-policy'] as string;
    const hash = (code: string) => createHash('sha256').update(code).digest('base64');
    // Exactly these sources, the script both pages have once: no 'unsafe-inline', no other hash.
    expect(csp.split(';')).toContain(
      `script-src 'self' 'sha256-${hash(inlineScript)}' 'sha256-${hash(shellScript)}'`,
    );
  });

  it("revalidates shell.html, the service worker's page", async () => {
    const res = await app.http.get('/shell.html');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('lets the page register a service worker and read the manifest from the origin only', async () => {
    const res = await app.http.get('/home').set('accept', 'text/html');
    const csp = res.headers['content-security-policy'] as string;
    expect(csp).toMatch(/worker-src 'self'/);
    expect(csp).toMatch(/manifest-src 'self'/);
  });

  it('keeps the opener policy but asks for no origin-keyed agent cluster', async () => {
    // With both COOP and Origin-Agent-Cluster, Chromium never reuses the compiled code it keeps
    // beside the service worker's cached scripts, and recompiles the app on every visit.
    const res = await app.http.get('/home').set('accept', 'text/html');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(res.headers['origin-agent-cluster']).toBeUndefined();
  });
});

describe('before the client is built', () => {
  const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'jotter-no-dist-'));
  let app: TestApp;

  beforeAll(async () => {
    app = await createTestApp({ clientDist: empty });
  });

  afterAll(async () => {
    await app.close();
    fs.rmSync(empty, { recursive: true, force: true });
  });

  it('answers a page with a plain 404 that keeps the app’s security headers', async () => {
    for (const url of ['/', '/home', '/no/such/file.js']) {
      const res = await app.http.get(url).set('accept', 'text/html');
      expect(res.status).toBe(404);
      expect(res.text).toBe('Not found');
      const csp = res.headers['content-security-policy'] as string;
      expect(csp).toMatch(/object-src 'none'/);
      expect(csp).toMatch(/base-uri 'none'/);
      expect(csp).toMatch(/frame-ancestors 'none'/);
    }
  });
});
