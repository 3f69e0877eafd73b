// Throwaway: a first visit of /home at 4x CPU, its long tasks and what runs in them.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { chromeFlags, chromiumPath, clientCorpus, signIn, storedAuth } from './client';
import { startJotter } from './lib/server';

async function main() {
  const { file, users } = await clientCorpus();
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'fv-'));
  const db = path.join(tmp, 'j.db');
  fs.copyFileSync(file, db);
  const jotter = await startJotter(`file:${db}`, process.env.DIST ? { CLIENT_DIST: process.env.DIST } : {});
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromeFlags });
  const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 412, height: 823 } });
  const page = await context.newPage();
  await signIn(page, jotter.url, storedAuth(db, users[0]!));
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await browser.startTracing(page, { path: process.argv[2], categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'disabled-by-default-v8.cpu_profiler'] });
  await page.goto(`${jotter.url}/home`);
  await page.locator('.note-card').first().waitFor();
  await page.waitForTimeout(3000);
  await browser.stopTracing();
  await browser.close();
  await jotter.stop();
}
void main();
