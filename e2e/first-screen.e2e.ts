import type { Browser, Page } from 'playwright-core';
import {
  card,
  cardTitles,
  expectFirstTitles,
  expectTitles,
  logout,
  openNewNote,
  postApi,
  scrollUntilTitles,
  signInThroughStorage,
} from './support/app';
import { connectBrowser, newContext } from './support/browser';
import { sharedServer, waitFor, type RunningServer } from './support/server';

/**
 * The first screen of /home on a cold load: the route's loader asks for the first page of notes
 * and the labels while the page's code downloads, and the list uses those answers instead of
 * asking again. Loading more as the user scrolls, and a second user on the same browser, still
 * get their own answers; a page whose code cannot load offers a reload. The files the first
 * screen runs carry V8's compile hint, and the files loaded later do not.
 */
let server: RunningServer;
let browser: Browser;
const password = 'first-screen-pass-1';

async function seededUser(prefix: string, count: number) {
  const email = `${prefix}.${Date.now()}@example.com`;
  await postApi(server.url, '/api/auth/signup', {
    firstName: 'First',
    lastName: 'Screen',
    email,
    password,
    confirmPassword: password,
  });
  const login = await postApi(server.url, '/api/auth/login', { email, password });
  const token = login.encodedToken as string;
  for (let i = 1; i <= count; i += 1) {
    await postApi(
      server.url,
      '/api/notes',
      { note: { title: `${prefix} note ${i}`, content: `<p>${prefix} body ${i}</p>` } },
      token,
    );
  }
  return { token, user: login.foundUser as Record<string, unknown> };
}

/** The GraphQL operations the page sends, by name, with their variables. */
function recordOperations(page: Page) {
  const sent: Array<{ name: string; variables: Record<string, unknown> }> = [];
  page.on('request', (request) => {
    if (!request.url().endsWith('/graphql') || request.method() !== 'POST') return;
    const body = request.postDataJSON() as {
      operationName?: string;
      variables?: Record<string, unknown>;
    };
    sent.push({ name: body.operationName ?? '', variables: body.variables ?? {} });
  });
  return sent;
}

beforeAll(async () => {
  [server, browser] = await Promise.all([sharedServer(), connectBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

it('asks for the first page and the labels once on a cold load of /home, and still loads more on scroll', async () => {
  // The first page (24 notes) and part of one page more (30).
  const auth = await seededUser('early', 40);
  const context = await newContext(browser, server.url, 'desktop');
  const page = await context.newPage();
  await signInThroughStorage(page, auth.token, auth.user);
  const sent = recordOperations(page);
  let listAnswers = 0;
  page.on('response', (response) => {
    const body = response.request().postDataJSON() as { operationName?: string } | null;
    if (body?.operationName === 'NotesList') listAnswers += 1;
  });

  const feedOpen = page.waitForEvent('websocket', (ws) => ws.url().endsWith('/graphql'));
  await page.goto('/home');
  const expected = Array.from({ length: 40 }, (_, i) => `early note ${40 - i}`);
  // The first cards, and the rest of the first page only as the user scrolls to them.
  await expectFirstTitles(page, expected);
  // What the first screen asked for, up to the live feed's start: the feed starts from the cursor
  // their answers carried, and asks for neither the cursor nor the list again.
  await feedOpen;
  const firstScreen = [...sent];
  const firstPages = firstScreen.filter((op) => op.name === 'NotesList' && !op.variables.after);
  expect(firstPages).toEqual([{ name: 'NotesList', variables: { filter: {}, first: 24 } }]);
  expect(firstScreen.map((op) => op.name)).not.toContain('NoteEventsCursor');
  await waitFor(
    () => sent.filter((op) => op.name === 'NotesList').length === listAnswers,
    10_000,
    'every list request answered',
  );
  expect(listAnswers).toBe(1);
  // The labels were asked for once too: the loader's answer served the search bar.
  expect(firstScreen.filter((op) => op.name === 'Labels')).toEqual([
    { name: 'Labels', variables: {} },
  ]);

  // Scrolling to the end draws the first page's other cards, then asks for the next page.
  await scrollUntilTitles(page, expected);
  await waitFor(
    () => sent.filter((op) => op.name === 'NotesList' && op.variables.after).length === 1,
    10_000,
    'one request for the next page',
  );
  // Nothing else asked the list again: not from its start, not for a page more.
  expect(sent.filter((op) => op.name === 'NotesList').map((op) => op.variables)).toEqual([
    { filter: {}, first: 24 },
    { filter: {}, first: 30, after: expect.any(String) as unknown },
  ]);
  console.log(
    `[first screen] cold /home: ${firstPages.length} first-page request, its first cards, then the other 16 notes on scroll`,
  );
  await context.close();
});

it("never shows one user's notes to another who signs in on the same page", async () => {
  const first = await seededUser('alice', 2);
  const second = await seededUser('bob', 2);
  const context = await newContext(browser, server.url, 'phone');
  const page = await context.newPage();
  await signInThroughStorage(page, first.token, first.user);
  await page.goto('/home');
  await waitFor(async () => (await cardTitles(page)).length === 2, 10_000, "alice's cards");
  expect(await cardTitles(page)).toEqual(['alice note 2', 'alice note 1']);

  // Bob's token in storage, then a fresh load: his own first page, never Alice's.
  await signInThroughStorage(page, second.token, second.user);
  await page.goto('/home');
  await waitFor(async () => (await cardTitles(page)).length === 2, 10_000, "bob's cards");
  expect(await cardTitles(page)).toEqual(['bob note 2', 'bob note 1']);
  await context.close();
});

it('leaves a phone room for the notes under the new-note area, and its toolbar menus open whole', async () => {
  const auth = await seededUser('phone', 2);
  const context = await newContext(browser, server.url, 'phone');
  const page = await context.newPage();
  await signInThroughStorage(page, auth.token, auth.user);
  await page.goto('/home');
  // The new-note area rests as one line; opened, it is the editor this test measures.
  await openNewNote(page);
  const body = page.getByRole('textbox', { name: 'Note body' });
  await body.waitFor();
  const screen = page.viewportSize()!;

  // The new-note area takes at most half the first screen, its toolbar one row that scrolls,
  // and the newest note shows under it.
  const area = (await page.locator('.new-note-panel > *').first().boundingBox())!;
  expect(area.height).toBeLessThanOrEqual(screen.height / 2);
  const toolbar = page.getByRole('toolbar', { name: 'Formatting' }).first();
  const bar = (await toolbar.boundingBox())!;
  expect(bar.height).toBeLessThanOrEqual(44);
  expect(await toolbar.evaluate((node) => node.scrollWidth > node.clientWidth)).toBe(true);
  const newest = (await card(page, 'phone note 2').boundingBox())!;
  expect(newest.y + 40).toBeLessThanOrEqual(screen.height);

  // The last menu of the toolbar, scrolled to and opened: the panel is inside the editor's
  // width and the screen, and every key in it inside the panel.
  await toolbar.getByRole('button', { name: 'Keyboard shortcuts' }).click();
  const panel = page.getByRole('group', { name: 'Keyboard shortcuts' });
  await panel.waitFor();
  const box = (await panel.boundingBox())!;
  const editor = (await page.locator('.new-note-panel .rt-editor').boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(editor.x);
  expect(box.x + box.width).toBeLessThanOrEqual(Math.min(editor.x + editor.width, screen.width));
  const keysRight = await panel
    .locator('kbd')
    .evaluateAll((keys) => Math.max(...keys.map((key) => key.getBoundingClientRect().right)));
  expect(keysRight).toBeLessThanOrEqual(box.x + box.width);
  await context.close();
});

it("offers a reload when a page's code cannot load, and the rest of the app still works", async () => {
  const auth = await seededUser('offline', 1);
  // Playwright's routing does not see what a service worker answers (its docs advise blocking
  // them to intercept requests): the download fails here as it would with no worker installed yet.
  const context = await newContext(browser, server.url, 'desktop', { serviceWorkers: 'block' });
  const page = await context.newPage();
  await signInThroughStorage(page, auth.token, auth.user);
  // The trash page's code fails to download (a dropped connection, or files gone after an upgrade).
  await page.route('**/assets/trash-route-*.js', (route) => route.abort());
  await page.goto('/trash');
  const alert = page.getByRole('alert').filter({ hasText: 'This Page Could Not Be Shown' });
  await alert.waitFor();
  expect(await alert.getByRole('button', { name: 'Reload Page' }).isVisible()).toBe(true);

  // Another page still opens from the menu.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
  await page.locator('.note-card').first().waitFor();
  expect(await alert.count()).toBe(0);
  await context.close();
});

it('marks the files the first screen runs for eager compilation, and no file it loads later', async () => {
  const auth = await seededUser('hints', 1);
  const context = await newContext(browser, server.url, 'desktop', { serviceWorkers: 'block' });
  const page = await context.newPage();
  await signInThroughStorage(page, auth.token, auth.user);
  const firstLines = new Map<string, Promise<string>>();
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    const firstLine = response.text().then((t) => t.split('\n', 1)[0]!);
    // A script that comes after the checks below is never looked at, and its body is gone once
    // the context closes: that must not end as an unhandled rejection. The ones the checks await
    // still fail the test if their body cannot be read.
    firstLine.catch(() => undefined);
    firstLines.set(new URL(response.url()).pathname, firstLine);
  });
  await page.goto('/home');
  await page.locator('.note-card').first().waitFor();
  // The editor's code comes once the first cards are on screen.
  await waitFor(
    () => [...firstLines.keys()].some((file) => file.includes('/rich-text-editor-')),
    10_000,
    "the editor's code",
  );

  // index.html names the entry and, as module preloads, every file it imports.
  const html = await (await fetch(`${server.url}/home`)).text();
  const atStart = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
  expect(atStart.length).toBeGreaterThan(1);
  const hint = '//# allFunctionsCalledOnLoad';
  for (const file of atStart) expect([file, await firstLines.get(file)]).toEqual([file, hint]);
  const later = [...firstLines.keys()].filter((file) => !atStart.includes(file));
  expect(later.length).toBeGreaterThan(0);
  for (const file of later) expect([file, await firstLines.get(file)]).not.toEqual([file, hint]);
  await context.close();
});

it('draws the page a user left at once on their next visit, inert until the app replaces it', async () => {
  // Stored with an id, as the app's own sign-in stores a user (the REST answer's `_id` is not
  // one the app keeps anything under).
  const withId = ({ token, user }: Awaited<ReturnType<typeof seededUser>>) => ({
    token,
    user: { ...user, id: user._id },
  });
  const auth = withId(await seededUser('again', 3));
  const other = withId(await seededUser('other', 1));
  const third = withId(await seededUser('third', 1));
  // Blocked so that routing sees the app's entry script (a service worker would answer it).
  const context = await newContext(browser, server.url, 'desktop', { serviceWorkers: 'block' });
  const page = await context.newPage();
  await signInThroughStorage(page, auth.token, auth.user);
  await page.goto('/home');
  await waitFor(async () => (await cardTitles(page)).length === 3, 10_000, 'the cards');

  // The next visit, with the app's code held back: the page as it was left is on screen, and
  // nothing in it can be focused or clicked.
  let release = () => undefined as void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/main-*.js', async (route) => {
    await released;
    await route.continue();
  });
  await page.goto('/home', { waitUntil: 'commit' });
  const copy = page.locator('#root > [inert]');
  await copy.locator('.note-card').first().waitFor();
  expect(await copy.locator('.note-card h3').allTextContents()).toEqual([
    'again note 3',
    'again note 2',
    'again note 1',
  ]);
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);

  // The app's own page replaces it, and answers clicks.
  release();
  await page.locator('.note-card:not([inert] *)').first().waitFor();
  expect(await copy.count()).toBe(0);
  await page.unrouteAll();
  await card(page, 'again note 3').getByRole('button', { name: 'Archive note' }).click();
  await expectTitles(page, ['again note 2', 'again note 1']);

  // Another user on this browser never sees it: not after a sign-out, which forgets it...
  await logout(page, 'desktop', server.url);
  expect(await page.evaluate(() => localStorage.getItem('savedScreen'))).toBeNull();
  // ...nor when their sign-in replaces the first one's in storage: the other's copy is kept
  // (left for a page of the origin without the app), then a third user signs in through storage.
  await signInThroughStorage(page, other.token, other.user);
  await page.goto('/home');
  await waitFor(async () => (await cardTitles(page)).length === 1, 10_000, "the other's card");
  await page.goto('/favicon.svg');
  expect(await page.evaluate(() => localStorage.getItem('savedScreen'))).toContain('other note 1');
  await page.evaluate(
    ([token, user]) => {
      localStorage.setItem('token', token);
      localStorage.setItem('user', user);
    },
    [third.token, JSON.stringify(third.user)] as const,
  );
  await page.route('**/assets/main-*.js', (route) => route.abort());
  await page.goto('/home');
  await page.locator('#root .top-bar').waitFor();
  expect(await page.locator('.note-card').count()).toBe(0);
  await context.close();
});
