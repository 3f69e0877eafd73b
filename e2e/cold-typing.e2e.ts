import type { Browser } from 'playwright-core';
import { card, expectToast, postApi, signInThroughStorage } from './support/app';
import { connectBrowser, viewports } from './support/browser';
import { sharedServer, type RunningServer } from './support/server';

/**
 * Issue 11: nothing typed is lost on a slow phone. A cold /home at 8× CPU slowdown on a slow
 * network (150 ms, 200 kB/s): the body says it is loading and takes no input until the editor
 * is ready; then every character, Enter and a paste land in the note, and the server keeps them.
 */
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([sharedServer(), connectBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

it('keeps every keystroke, Enter and a paste typed into a cold /home at 8× CPU slowdown', async () => {
  const login = await postApi(server.url, '/api/auth/login', {
    email: 'demo@jotter.app',
    password: 'jotter-demo-pass',
  });
  // Cold: no service worker either (after the first visit it would serve the editor's code from
  // its cache, and the editor would be there before a keystroke could be lost).
  const context = await browser.newContext({
    baseURL: server.url,
    viewport: viewports.phone,
    serviceWorkers: 'block',
  });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  const page = await context.newPage();
  await signInThroughStorage(page, login.encodedToken as string, login.foundUser);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 8 });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: 200 * 1024,
    uploadThroughput: 200 * 1024,
  });

  // The editor's code is held back until the user has pressed on the body, as a slow phone on a
  // slow network would: otherwise, loaded when the page is idle, it could arrive before the press.
  let release = () => undefined as void;
  const pressed = new Promise<void>((resolve) => (release = resolve));
  let held = 0;
  await page.route(/\/assets\/rich-text-editor-[\w-]+\.js$/, async (route) => {
    held += 1;
    await pressed;
    await route.continue();
  });

  await page.goto('/home', { waitUntil: 'commit' });
  // The new-note area rests as one line (issue 38); the search bar's "New note" opens the
  // editor at once, its body still loading.
  await page.getByRole('button', { name: 'New note' }).click();
  const editor = page.getByRole('region', { name: 'New note' });
  // As soon as the body shows it says it is loading, and nothing in it can take a keystroke.
  const loading = editor.getByRole('status', { name: 'Loading the editor' });
  await loading.waitFor();
  expect(await loading.locator('[contenteditable], input, textarea, [tabindex]').count()).toBe(0);
  // The user presses on it at once: the editor arrives, focused, and takes everything typed.
  await loading.dispatchEvent('pointerdown');
  release();
  const body = editor.getByRole('textbox', { name: 'Note body' });
  await body.waitFor();
  await page.waitForFunction(
    () => document.activeElement?.getAttribute('aria-label') === 'Note body',
  );
  await page.keyboard.type('Hello');
  await page.keyboard.press('Enter');
  await page.keyboard.type('World');
  await page.keyboard.press('Enter');
  await page.evaluate(() => navigator.clipboard.writeText('Pasted, whole.'));
  await page.keyboard.press('Control+V');

  await body.locator('p', { hasText: 'Pasted, whole.' }).waitFor();
  expect(held).toBe(1);
  expect(await body.locator('p').allTextContents()).toEqual(['Hello', 'World', 'Pasted, whole.']);

  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await editor.getByPlaceholder('Enter Title Here').fill('Typed cold');
  await editor.getByRole('button', { name: 'Add', exact: true }).click();
  await expectToast(page, 'Note Added');
  await card(page, 'Typed cold').waitFor();
  const { notes } = (await (
    await fetch(`${server.url}/api/notes`, {
      headers: { authorization: login.encodedToken as string },
    })
  ).json()) as { notes: Array<{ title: string; textContent: string }> };
  expect(notes.find((n) => n.title === 'Typed cold')?.textContent).toBe(
    'Hello\nWorld\nPasted, whole.',
  );
  await context.close();
});
