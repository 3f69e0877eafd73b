import type { Browser, Page } from 'playwright-core';
import { launchBrowser, launchProfile } from './support/browser';
import { startServer, type RunningServer } from './support/server';

/**
 * Issue 15, first parts: Jotter installs as an app (manifest, icons, a service worker that
 * precaches the app shell), and opens from its own caches: after one visit, a reload with the
 * network cut shows the last known notes and says Offline. A second user on the same browser never
 * sees the first one's cached notes.
 */
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Waits until a service worker controls the scope and has its precache filled (it is active). */
async function serviceWorkerActive(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return registration.active?.state;
  });
}

it('is installable: a manifest with icons and an active service worker, per Chromium', async () => {
  // Chromium never offers to install from an incognito context (a plain `newContext`).
  const profile = await launchProfile(server.url, 'desktop');
  const page = profile.context.pages()[0] ?? (await profile.context.newPage());
  await page.goto('/');
  await serviceWorkerActive(page);
  const cdp = await page.context().newCDPSession(page);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  expect(installabilityErrors).toEqual([]);
  const manifest = await cdp.send('Page.getAppManifest');
  expect(manifest.errors).toEqual([]);
  await profile.close();
});
