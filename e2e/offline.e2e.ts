import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  card,
  expectFirstTitles,
  expectTitles,
  logout,
  navigate,
  openNewNote,
  postApi,
  scrollUntilTitles,
  signInThroughStorage,
  submitLogin,
} from './support/app';
import { connectBrowser, launchProfile, newContext, type ViewportName } from './support/browser';
import { sharedServer, startServer, waitFor, type RunningServer } from './support/server';

/**
 * Issue 15: Jotter installs as an app (manifest, icons, a service worker that precaches the app
 * shell), and opens from its own caches: after one visit, a reload with the network cut shows the
 * last known notes and says Offline. Changes made offline wait in the outbox, survive a reload
 * and reach the server when the network returns; one that meets a change made on another device
 * is offered as a choice. Drafts survive a reload and an expired session. A second user on the
 * same browser never sees the first one's cached notes.
 */
let server: RunningServer;
let browser: Browser;
const password = 'offline-pass-1';
const shots = '/tmp/shots-offline';

beforeAll(async () => {
  fs.mkdirSync(shots, { recursive: true });
  [server, browser] = await Promise.all([sharedServer(), connectBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A new account with notes titled `${prefix} note 1…count` (the newest first on /home). */
async function seededUser(prefix: string, count: number) {
  const email = `${prefix}.${Date.now()}@example.com`;
  await postApi(server.url, '/api/auth/signup', {
    firstName: prefix,
    lastName: 'Offline',
    email,
    password,
    confirmPassword: password,
  });
  const login = await postApi(server.url, '/api/auth/login', { email, password });
  for (let i = 1; i <= count; i += 1) {
    await postApi(
      server.url,
      '/api/notes',
      { note: { title: `${prefix} note ${i}`, content: `<p>${prefix} body ${i}</p>` } },
      login.encodedToken as string,
    );
  }
  const titles = Array.from({ length: count }, (_, i) => `${prefix} note ${count - i}`);
  // The user as the app keeps it after signing in (REST calls the id `_id`).
  const found = login.foundUser as Record<string, unknown>;
  const user = {
    id: found._id,
    firstName: found.firstName,
    lastName: found.lastName,
    email: found.email,
    createdAt: found.createdAt,
    updatedAt: found.updatedAt,
  };
  return { email, titles, token: login.encodedToken as string, user };
}

async function signIn(page: Page, user: { email: string; titles: string[] }) {
  await page.goto('/login');
  await submitLogin(page, user.email, password);
  await page.waitForURL('**/home');
  await expectTitles(page, user.titles);
}

/** Waits until a service worker is active for the page's scope: its precache is complete. */
async function serviceWorkerActive(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
}

/**
 * The caches saved in this browser's IndexedDB, as key → the titles of the notes in each. Read
 * without creating the database when it does not exist (the app creates it, with its store).
 */
function savedCaches(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(async () => {
    const databases = await indexedDB.databases();
    if (!databases.some((db) => db.name === 'jotter')) return {};
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('jotter');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error ?? new Error('IndexedDB would not open'));
    });
    try {
      if (!db.objectStoreNames.contains('apollo-cache')) return {};
      const store = db.transaction('apollo-cache').objectStore('apollo-cache');
      const read = <T>(request: IDBRequest<T>) =>
        new Promise<T>((resolve, reject) => {
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error ?? new Error('IndexedDB would not read'));
        });
      const [keys, values] = await Promise.all([
        read(store.getAllKeys() as IDBRequest<string[]>),
        read(store.getAll() as IDBRequest<Array<Record<string, unknown>>>),
      ]);
      // A user's first record keeps its entities under `data`; the one apart is the entities.
      type Entities = Record<string, { title?: string }>;
      const entities = (value: Record<string, unknown> | undefined) =>
        (value?.data ?? value ?? {}) as Entities;
      return Object.fromEntries(
        keys.map((key, i) => [
          key,
          Object.entries(entities(values[i]))
            .filter(([id]) => id.startsWith('Note:'))
            .map(([, note]) => note.title ?? '')
            .sort(),
        ]),
      );
    } finally {
      db.close();
    }
  });
}

/** The signed-in user's id, as the app keeps it. */
const userId = (page: Page) =>
  page.evaluate(() => (JSON.parse(localStorage.getItem('user') ?? '{}') as { id?: string }).id);

/**
 * Waits until the signed-in user's saved cache holds notes with exactly these titles: in its
 * first record, and in the one kept apart for the notes past each list's first page.
 */
async function savedTitles(page: Page, titles: string[]): Promise<void> {
  const key = `apollo-cache:${await userId(page)}`;
  const saved = async () => {
    const caches = await savedCaches(page);
    return [...(caches[key] ?? []), ...(caches[`${key}:later`] ?? [])].sort();
  };
  try {
    await waitFor(
      async () => JSON.stringify(await saved()) === JSON.stringify([...titles].sort()),
      10_000,
      `the saved cache to hold ${JSON.stringify(titles)}`,
    );
  } catch (error) {
    const actual = await saved().catch(() => []);
    throw new Error(`${(error as Error).message}; it holds ${JSON.stringify(actual)}`);
  }
}

/**
 * Signs `user` in on `page` and waits until the service worker is active and the user's notes
 * are saved in the browser: what one visit leaves for the next, offline or not.
 */
async function firstVisit(page: Page, user: { email: string; titles: string[] }): Promise<void> {
  await signIn(page, user);
  await serviceWorkerActive(page);
  await savedTitles(page, user.titles);
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

describe.each<ViewportName>(['phone', 'desktop'])('offline at %s width', (viewport) => {
  let context: BrowserContext;

  afterEach(async () => {
    await context?.close();
  });

  it('opens after one visit with the network cut: the last known notes, and "Offline"', async () => {
    const user = await seededUser(`${viewport}-reader`, 3);
    context = await newContext(browser, server.url, viewport);
    const page = await context.newPage();
    await firstVisit(page, user);

    await context.setOffline(true);
    await page.reload();
    await expectTitles(page, user.titles);
    await page.getByRole('status').filter({ hasText: 'Offline' }).waitFor();
    // The editor's code, loaded lazily (once the page is idle, or when the new-note area is
    // opened), comes from the precache too.
    await openNewNote(page);
    await page.screenshot({ path: `${shots}/offline-home-${viewport}.png`, fullPage: true });
  });
});

it("a visit the service worker answers draws the page left first, and only then asks for the app's code", async () => {
  const user = await seededUser('returning', 3);
  const context = await newContext(browser, server.url, 'desktop');
  try {
    const page = await context.newPage();
    await firstVisit(page, user);

    // Leaving keeps a copy of the page; the next visit is answered by the service worker.
    const visit = await page.reload();
    expect(visit?.fromServiceWorker()).toBe(true);
    await expectTitles(page, user.titles);
    await page.locator('.note-card:not([inert] *)').first().waitFor();
    const { firstPaint, appRequested } = await page.evaluate(() => ({
      firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
      appRequested:
        performance
          .getEntriesByType('resource')
          .find((entry) => /\/assets\/main-[\w-]+\.js$/.test(entry.name))?.startTime ?? null,
    }));
    // The copy was painted before the app's entry script was even asked for (index.html, which a
    // first visit gets from the network, asks for it while the page is still being read).
    expect(firstPaint).not.toBeNull();
    expect(appRequested).not.toBeNull();
    expect(appRequested!).toBeGreaterThanOrEqual(firstPaint!);
    // And the app's page, which replaced it, answers clicks.
    await card(page, user.titles[0]!).getByRole('button', { name: 'Archive note' }).click();
    await expectTitles(page, user.titles.slice(1));
  } finally {
    await context.close();
  }
});

it('opens a long saved list offline a page of cards at a time, drawing the rest as the user scrolls', async () => {
  const user = await seededUser('scroller', 45);
  // A phone's single column: a page of cards is far taller than the screen.
  const context = await newContext(browser, server.url, 'phone');
  try {
    const page = await context.newPage();
    await page.goto('/login');
    await submitLogin(page, user.email, password);
    await expectFirstTitles(page, user.titles);
    await scrollUntilTitles(page, user.titles);
    await serviceWorkerActive(page);
    await savedTitles(page, user.titles);

    // Back at the top, where the reload opens the page again.
    await page.evaluate(() => window.scrollTo(0, 0));
    await context.setOffline(true);
    await page.reload();
    // Every saved note is back in the list, but those past the first cards wait at its end.
    await expectFirstTitles(page, user.titles);
    await page.locator('.sentinel').waitFor({ state: 'attached' });
    await expectFirstTitles(page, user.titles);
    await scrollUntilTitles(page, user.titles);
  } finally {
    await context.close();
  }
});

it("never shows one user's cached notes to another who signs in on the same browser", async () => {
  const alice = await seededUser('alice', 2);
  const bob = await seededUser('bob', 2);
  const context = await newContext(browser, server.url, 'desktop');
  const page = await context.newPage();
  await signIn(page, alice);
  await serviceWorkerActive(page);
  await savedTitles(page, alice.titles);

  // Logging out deletes Alice's copy; Bob then sees his own notes only.
  await logout(page, 'desktop', server.url);
  await waitFor(async () => Object.keys(await savedCaches(page)).length === 0, 10_000, 'no copy');
  await signIn(page, bob);
  await savedTitles(page, bob.titles);
  expect(Object.keys(await savedCaches(page))).toEqual([`apollo-cache:${await userId(page)}`]);

  // Bob does not log out; Alice signs in on this browser in another tab (the sign-in is shared
  // through localStorage). Her next visit, with the network cut, must not show Bob's notes: his
  // copy is deleted, not merely left unread.
  const other = await context.newPage();
  await signInThroughStorage(other, alice.token, alice.user);
  await other.close();
  await context.setOffline(true);
  await page.reload();
  await page.getByRole('status').filter({ hasText: 'Offline' }).waitFor();
  await waitFor(
    async () => Object.keys(await savedCaches(page)).length === 0,
    10_000,
    "Bob's copy to be deleted",
  );
  expect(await page.getByText(/^bob note/).count()).toBe(0);
  await page.screenshot({ path: `${shots}/offline-other-user-desktop.png`, fullPage: true });
  await context.close();
});

it('offers a new version when one is out, and reloads into it on request', async () => {
  // A server of its own, over a copy of the build that can be changed as a deploy would.
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'jotter-dist-'));
  fs.cpSync(path.join(__dirname, '../client/dist'), dist, { recursive: true });
  const deployed = await startServer({ CLIENT_DIST: dist });
  const context = await newContext(browser, deployed.url, 'desktop');
  try {
    const page = await context.newPage();
    await page.goto('/');
    await serviceWorkerActive(page);
    // A returning visitor: the page is now served, and controlled, by the service worker.
    await page.reload();
    await waitFor(
      () => page.evaluate(() => navigator.serviceWorker.controller !== null),
      10_000,
      'the service worker to control the page',
    );

    // A new build is deployed (its service worker differs), and the tab checks for it.
    fs.appendFileSync(path.join(dist, 'sw.js'), '\n// the next build\n');
    await page.evaluate(async () => {
      await (await navigator.serviceWorker.getRegistration())?.update();
    });
    const prompt = page.locator('.Toastify__toast').filter({
      hasText: 'A new version of Jotter is ready',
    });
    await prompt.waitFor();
    // Once it has slid in, for the picture.
    await prompt.evaluate((toast) =>
      Promise.all(toast.getAnimations({ subtree: true }).map((animation) => animation.finished)),
    );
    await page.screenshot({ path: `${shots}/update-prompt-desktop.png` });

    await Promise.all([
      page.waitForEvent('load'),
      prompt.getByRole('button', { name: 'Reload' }).click(),
    ]);
    await waitFor(
      () =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration();
          return registration?.waiting === null && navigator.serviceWorker.controller !== null;
        }),
      10_000,
      'the new version to control the reloaded page',
    );
    expect(await prompt.count()).toBe(0);
  } finally {
    await context.close();
    await deployed.stop();
    fs.rmSync(dist, { recursive: true, force: true });
  }
});

/** The user's notes on the server, as titles by place (what the server holds, not the page). */
async function serverTitles(token: string) {
  const read = async (path: string) => {
    const response = await fetch(`${server.url}${path}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const body = (await response.json()) as Record<string, Array<{ title: string }>>;
    return Object.values(body)[0]!
      .map((note) => note.title)
      .sort();
  };
  return { notes: await read('/api/notes'), trash: await read('/api/trash') };
}

/** The top bar's quiet status, once it reads `text`. */
const statusWith = (page: Page, text: string | RegExp) =>
  page.getByRole('banner').getByRole('status').filter({ hasText: text });

async function addNote(page: Page, title: string, body: string) {
  const panel = await openNewNote(page);
  await panel.getByPlaceholder('Enter Title Here').fill(title);
  await panel.getByRole('textbox', { name: 'Note body' }).click();
  await page.keyboard.type(body);
  await panel.getByRole('button', { name: 'Add', exact: true }).click();
}

async function editTitle(page: Page, from: string, to: string) {
  await card(page, from).getByRole('button', { name: 'Edit note' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit note' });
  await dialog.getByRole('textbox', { name: 'Title' }).fill(to);
  await dialog.getByRole('button', { name: 'Edit', exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
}

describe.each<ViewportName>(['phone', 'desktop'])('writing offline at %s width', (viewport) => {
  it('adds, edits and trashes offline, keeps it all through a reload, and syncs on return', async () => {
    const user = await seededUser(`${viewport}-writer`, 3);
    const context = await newContext(browser, server.url, viewport);
    try {
      const page = await context.newPage();
      await firstVisit(page, user);
      const [third, second, first] = user.titles as [string, string, string];

      await context.setOffline(true);
      await statusWith(page, 'Offline').waitFor();
      await addNote(page, 'Written offline', 'on the train');
      await card(page, 'Written offline').getByText('Not saved to the server yet').waitFor();
      await editTitle(page, first, `${first}, edited offline`);
      await card(page, second).getByRole('button', { name: /trash/i }).click();
      await expectTitles(page, ['Written offline', third, `${first}, edited offline`]);
      await statusWith(page, 'Offline · 3 unsaved').waitFor();
      // Half a new note, not saved: a draft.
      await page.getByRole('button', { name: 'New note' }).click();
      await page
        .getByRole('region', { name: 'New note' })
        .getByPlaceholder('Enter Title Here')
        .fill('Half written');
      await page.screenshot({ path: `${shots}/offline-writes-${viewport}.png`, fullPage: true });
      // The status fits the top bar: the page does not grow wider than the screen.
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      ).toBe(true);

      // A reload with the network still cut: the changes and the draft are all still here.
      await page.reload();
      await expectTitles(page, ['Written offline', third, `${first}, edited offline`]);
      await statusWith(page, 'Offline · 3 unsaved').waitFor();
      await page
        .getByRole('region', { name: 'New note' })
        .getByPlaceholder('Enter Title Here')
        .and(page.locator('[value="Half written"]'))
        .waitFor();
      expect(await serverTitles(user.token)).toEqual({
        notes: [first, second, third].sort(),
        trash: [],
      });

      // Back online: everything reaches the server, once, and the page says nothing is waiting.
      await context.setOffline(false);
      await waitFor(
        async () => (await page.getByText('Not saved to the server yet').count()) === 0,
        15_000,
        'every change to be saved',
      );
      await statusWith(page, /unsaved|Saving|Offline|Reconnecting/).waitFor({ state: 'detached' });
      expect(await serverTitles(user.token)).toEqual({
        notes: ['Written offline', third, `${first}, edited offline`].sort(),
        trash: [second],
      });
      await expectTitles(page, ['Written offline', third, `${first}, edited offline`]);
    } finally {
      await context.close();
    }
  });
});

it('keeps every keystroke typed offline on a slow phone (8× CPU), through a reload, to the server', async () => {
  const user = await seededUser('slow-phone', 1);
  const context = await newContext(browser, server.url, 'phone');
  try {
    const page = await context.newPage();
    await firstVisit(page, user);
    const cdp = await context.newCDPSession(page);
    await context.setOffline(true);
    await statusWith(page, 'Offline').waitFor();
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 8 });

    // Opened cold from the service worker, at 8× slowdown, and typed into at once.
    await page.reload();
    await statusWith(page, 'Offline').waitFor();
    const panel = await openNewNote(page);
    await panel.getByPlaceholder('Enter Title Here').fill('Typed on the slow phone');
    const body = panel.getByRole('textbox', { name: 'Note body' });
    await body.click();
    await page.keyboard.type('First line');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Second line');
    await panel.getByRole('button', { name: 'Add', exact: true }).click();
    await card(page, 'Typed on the slow phone').getByText('Not saved to the server yet').waitFor();
    await editTitle(page, user.titles[0]!, 'Renamed on the slow phone');
    await statusWith(page, 'Offline · 2 unsaved').waitFor();

    await page.reload();
    await expectTitles(page, ['Typed on the slow phone', 'Renamed on the slow phone']);
    await context.setOffline(false);
    await statusWith(page, /unsaved|Saving|Offline|Reconnecting/).waitFor({ state: 'detached' });
    const response = await fetch(`${server.url}/api/notes`, {
      headers: { authorization: `Bearer ${user.token}` },
    });
    const { notes } = (await response.json()) as {
      notes: Array<{ title: string; textContent: string }>;
    };
    expect(notes.map((note) => note.title).sort()).toEqual(
      ['Renamed on the slow phone', 'Typed on the slow phone'].sort(),
    );
    expect(notes.find((note) => note.title === 'Typed on the slow phone')?.textContent).toBe(
      'First line\nSecond line',
    );
  } finally {
    await context.close();
  }
});

it('queues in two tabs of one browser offline, and sends each change once when back', async () => {
  const user = await seededUser('two-tabs', 2);
  const context = await newContext(browser, server.url, 'desktop');
  try {
    const first = await context.newPage();
    await signIn(first, user);
    await serviceWorkerActive(first);
    const second = await context.newPage();
    await second.goto('/home');
    await expectTitles(second, user.titles);
    const [newer, older] = user.titles as [string, string];

    await context.setOffline(true);
    await statusWith(first, 'Offline').waitFor();
    await statusWith(second, 'Offline').waitFor();
    await addNote(first, 'From the first tab', 'added offline');
    await editTitle(second, older, 'Renamed in the second tab');
    // Each tab shows both changes waiting: they share one outbox.
    for (const page of [first, second]) {
      await statusWith(page, 'Offline · 2 unsaved').waitFor();
      await expectTitles(page, ['From the first tab', newer, 'Renamed in the second tab']);
    }

    await context.setOffline(false);
    for (const page of [first, second]) {
      await statusWith(page, /unsaved|Saving|Offline|Reconnecting/).waitFor({ state: 'detached' });
    }
    // Each change reached the server once: one new note, not two.
    expect(await serverTitles(user.token)).toEqual({
      notes: ['From the first tab', newer, 'Renamed in the second tab'].sort(),
      trash: [],
    });
    for (const page of [first, second]) {
      await expectTitles(page, ['From the first tab', newer, 'Renamed in the second tab']);
    }
  } finally {
    await context.close();
  }
});

describe.each<[ViewportName, ViewportName]>([
  ['desktop', 'phone'],
  ['phone', 'desktop'],
])('a note edited offline at %s width and changed on the %s meanwhile', (viewport, elsewhere) => {
  it('offers the choice, and Keep Both keeps both', async () => {
    const user = await seededUser(`conflict-${viewport}`, 2);
    const [travelling, elsewhereDevice] = await Promise.all([
      newContext(browser, server.url, viewport),
      newContext(browser, server.url, elsewhere),
    ]);
    try {
      const page = await travelling.newPage();
      await signIn(page, user);
      await serviceWorkerActive(page);
      const other = await elsewhereDevice.newPage();
      await signIn(other, user);
      const [, first] = user.titles as [string, string];

      await travelling.setOffline(true);
      await statusWith(page, 'Offline').waitFor();
      await editTitle(page, first, 'Mine, from the train');
      // Meanwhile, on the other device, the same note gets another title.
      await editTitle(other, first, 'Theirs, from the phone');

      await travelling.setOffline(false);
      const notice = page.getByRole('region', { name: 'Changes to review' });
      await notice
        .getByText('A note you changed offline was also changed on another device')
        .waitFor();
      expect((await serverTitles(user.token)).notes).toContain('Theirs, from the phone');
      await page.screenshot({
        path: `${shots}/offline-conflict-notice-${viewport}.png`,
        fullPage: true,
      });
      // The notice fits the screen: the page does not grow wider than it.
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      ).toBe(true);

      await notice.getByRole('button', { name: 'Choose' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit note' });
      const banner = dialog.getByRole('alert');
      await banner.waitFor();
      await page.screenshot({ path: `${shots}/offline-conflict-choice-${viewport}.png` });
      await banner.getByRole('button', { name: 'Keep Both' }).click();
      await dialog
        .getByRole('textbox', { name: 'Title' })
        .and(page.locator('[value="Theirs, from the phone"]'))
        .waitFor();
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await notice.waitFor({ state: 'detached' });

      // Nothing lost: theirs in place, mine beside it.
      await waitFor(
        async () => (await serverTitles(user.token)).notes.includes('Mine, from the train'),
        10_000,
        'mine to be saved as a new note',
      );
      expect((await serverTitles(user.token)).notes).toEqual(
        ['Mine, from the train', 'Theirs, from the phone', user.titles[0]!].sort(),
      );
    } finally {
      await Promise.all([travelling.close(), elsewhereDevice.close()]);
    }
  });
});

it('keeps what was typed through an expired session: signed in again, the draft is there', async () => {
  const user = await seededUser('expiry', 1);
  const context = await newContext(browser, server.url, 'desktop');
  try {
    const page = await context.newPage();
    await signIn(page, user);
    const [only] = user.titles as [string];
    await card(page, only).getByRole('button', { name: 'Edit note' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit note' });
    await dialog.getByRole('textbox', { name: 'Note body' }).click();
    await page.keyboard.press('End');
    await page.keyboard.type(' and a thought not yet saved');

    // The tab's session is ended from another device (its profile's list of sessions): this
    // tab is told and leaves.
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${user.token}` };
    const listed = await fetch(`${server.url}/api/auth/sessions`, { headers });
    const { sessions } = (await listed.json()) as {
      sessions: Array<{ _id: string; current: boolean }>;
    };
    const others = sessions.filter((s) => !s.current);
    expect(others.length).toBeGreaterThan(0);
    for (const other of others) {
      const ended = await fetch(`${server.url}/api/auth/sessions/${other._id}`, {
        method: 'DELETE',
        headers,
      });
      expect(ended.ok).toBe(true);
    }
    await page.waitForURL('**/login');

    await submitLogin(page, user.email, password);
    await page.waitForURL('**/home');
    await card(page, only).getByRole('button', { name: 'Edit note' }).click();
    const again = page.getByRole('dialog', { name: 'Edit note' });
    await again.getByText('Your unsaved changes are back.').waitFor();
    await again
      .getByRole('textbox', { name: 'Note body' })
      .getByText('and a thought not yet saved')
      .waitFor();
  } finally {
    await context.close();
  }
});

it('says Offline when the server stops answering while the browser says it is online, and saves what waited', async () => {
  const user = await seededUser('unreachable', 2);
  const context = await newContext(browser, server.url, 'desktop');
  try {
    const page = await context.newPage();
    await signIn(page, user);
    const [newer, older] = user.titles as [string, string];

    // No answer from the server (a network with no way out, a server that is down), while
    // navigator.onLine stays true: every request to it fails as a dropped connection does.
    await context.route('**/graphql', (route) => route.abort('connectionrefused'));
    expect(await page.evaluate(() => navigator.onLine)).toBe(true);
    await editTitle(page, older, 'Renamed while the server was away');
    await statusWith(page, 'Offline · 1 unsaved').waitFor();
    await card(page, 'Renamed while the server was away')
      .getByText('Not saved to the server yet')
      .waitFor();
    await page.screenshot({ path: `${shots}/server-unreachable.png` });

    // The server answers again: the change reaches it, and the top bar has nothing to say.
    await context.unroute('**/graphql');
    await statusWith(page, /unsaved|Saving|Offline|Reconnecting/).waitFor({
      state: 'detached',
      timeout: 30_000,
    });
    expect((await serverTitles(user.token)).notes).toEqual(
      [newer, 'Renamed while the server was away'].sort(),
    );
  } finally {
    await context.close();
  }
});

it('saves what waited when the browser says it is offline but the server answers (Jotter on the same machine)', async () => {
  const user = await seededUser('local', 2);
  const context = await newContext(browser, server.url, 'desktop');
  try {
    // A laptop with Wi-Fi off and Jotter running on it: the browser reports no network (and
    // never fires 'online'), yet every request to the server on this machine is answered.
    await context.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'onLine', { get: () => false });
    });
    const page = await context.newPage();
    await signIn(page, user);
    const [newer, older] = user.titles as [string, string];
    expect(await page.evaluate(() => navigator.onLine)).toBe(false);

    await editTitle(page, older, 'Renamed with the Wi-Fi off');
    await waitFor(
      async () =>
        (await serverTitles(user.token)).notes.includes('Renamed with the Wi-Fi off') &&
        (await page.getByText('Not saved to the server yet').count()) === 0,
      15_000,
      'the change to reach the server',
    );
    expect((await serverTitles(user.token)).notes).toEqual(
      [newer, 'Renamed with the Wi-Fi off'].sort(),
    );
    await page.screenshot({ path: `${shots}/browser-offline-server-local.png` });
  } finally {
    await context.close();
  }
});

describe.each<ViewportName>(['phone', 'desktop'])(
  'every list seen, offline, at %s width',
  (viewport) => {
    let context: BrowserContext;

    afterEach(async () => {
      await context?.close();
    });

    it('opens /archive and /trash offline with their notes after one online visit each', async () => {
      const user = await seededUser(`${viewport}-places`, 4);
      const [archived, binned, ...kept] = user.titles as [string, string, ...string[]];
      const response = await fetch(`${server.url}/api/notes`, {
        headers: { authorization: `Bearer ${user.token}` },
      });
      const { notes } = (await response.json()) as { notes: { _id: string; title: string }[] };
      const idOf = (title: string) => notes.find((note) => note.title === title)!._id;
      await postApi(server.url, `/api/notes/archives/${idOf(archived)}`, {}, user.token);
      await postApi(server.url, `/api/notes/trash/${idOf(binned)}`, {}, user.token);

      context = await newContext(browser, server.url, viewport);
      const page = await context.newPage();
      await firstVisit(page, { email: user.email, titles: kept });
      // Each list visited once, by its address, moving on as soon as its cards show.
      await page.goto('/archive');
      await expectTitles(page, [archived]);
      await page.goto('/trash');
      await expectTitles(page, [binned]);
      await page.goto('/home');
      await expectTitles(page, kept);
      await savedTitles(page, user.titles);

      await context.setOffline(true);
      await page.goto('/archive');
      await expectTitles(page, [archived]);
      await page.getByRole('status').filter({ hasText: 'Offline' }).waitFor();
      await page.screenshot({ path: `${shots}/offline-archive-${viewport}.png`, fullPage: true });
      await page.goto('/trash');
      await expectTitles(page, [binned]);
      await page.screenshot({ path: `${shots}/offline-trash-${viewport}.png`, fullPage: true });
      // And from the sidebar or the menu, as the app moves between them.
      await navigate(page, viewport, 'Home');
      await expectTitles(page, kept);
      await navigate(page, viewport, 'Archive');
      await expectTitles(page, [archived]);
    });
  },
);
