import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
} from 'playwright-core';

/** Debian's Chromium, headless, with the flags that keep it off the (closed) network. */
export const chromiumOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};

/** Debian's Chromium, headless, with the flags that keep it off the (closed) network. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch(chromiumOptions);
}

/** Where the suite's one Chromium listens (set by `global-setup.ts`). */
export const SHARED_BROWSER_ENV = 'JOTTER_E2E_BROWSER';

/**
 * The suite's one Chromium, started once by `global-setup.ts`: each test file connects to it and
 * gets its own connection, whose contexts (own cookies, storage and service workers) keep the
 * files apart. `close()` on it closes the contexts this file made and disconnects; the browser
 * itself is closed by `global-teardown.ts` after the last file. Outside that setup (a file run
 * with another config), a browser of the file's own.
 */
export function connectBrowser(): Promise<Browser> {
  const wsEndpoint = process.env[SHARED_BROWSER_ENV];
  return wsEndpoint ? chromium.connect(wsEndpoint) : launchBrowser();
}

export const viewports = {
  phone: { width: 375, height: 812 },
  desktop: { width: 1280, height: 800 },
} as const;

export type ViewportName = keyof typeof viewports;

/** A fresh context (own storage) at a given width, with the server as its base URL. */
export function newContext(
  browser: Browser,
  baseURL: string,
  viewport: ViewportName,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  return browser.newContext({ baseURL, viewport: viewports[viewport], ...options });
}

/**
 * A browser with a profile on disk (a temporary one), as a user's browser is: what only a
 * non-incognito profile does, such as offering to install an app, can be checked. `close` closes
 * the browser and removes the profile.
 */
export async function launchProfile(
  baseURL: string,
  viewport: ViewportName,
): Promise<{ context: BrowserContext; close(): Promise<void> }> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'jotter-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    ...chromiumOptions,
    baseURL,
    viewport: viewports[viewport],
  });
  return {
    context,
    close: async () => {
      await context.close();
      fs.rmSync(profile, { recursive: true, force: true, maxRetries: 5 });
    },
  };
}
