import { chromium, type BrowserServer } from 'playwright-core';
import { chromiumOptions, SHARED_BROWSER_ENV } from './browser';
import { SHARED_SERVER_ENV, startServer, type RunningServer } from './server';

/** What `global-teardown.ts` stops (jest runs both in the same process). */
export interface SharedResources {
  server?: RunningServer;
  browser?: BrowserServer;
}

declare global {
  var jotterE2E: SharedResources | undefined;
}

/**
 * Starts what the test files share, once for the whole suite: the built server with the default
 * settings (demo users on) and one Chromium they connect to. Their addresses go to the test files
 * through the environment. Should one of the two fail to start, the other is stopped once it has
 * started, and the suite fails here.
 */
export default async function globalSetup(): Promise<void> {
  const [server, browser] = await Promise.allSettled([
    startServer(),
    chromium.launchServer(chromiumOptions),
  ]);
  if (server.status === 'rejected' || browser.status === 'rejected') {
    if (server.status === 'fulfilled') await server.value.stop();
    if (browser.status === 'fulfilled') await browser.value.close();
    throw server.status === 'rejected' ? server.reason : (browser as PromiseRejectedResult).reason;
  }
  globalThis.jotterE2E = { server: server.value, browser: browser.value };
  process.env[SHARED_SERVER_ENV.url] = server.value.url;
  process.env[SHARED_SERVER_ENV.dataDir] = server.value.dataDir;
  process.env[SHARED_BROWSER_ENV] = browser.value.wsEndpoint();
}
