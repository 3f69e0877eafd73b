import fs from 'node:fs';
import type { Locator, Page, Browser } from 'playwright-core';
import { expectTitles, expectToast, postApi, newAccount, storeSignIn } from './support/app';
import { seriousViolations } from './support/axe';
import { connectBrowser, newContext, type ViewportName } from './support/browser';
import { sharedServer, type RunningServer } from './support/server';

/**
 * Issue 38 in a real browser, at phone and desktop width, in both themes (DESIGN.md, "Deliberate
 * departures"): search forgives letter case ("groceries" finds "Groceries", "STRASSE" finds
 * "Straße", "ÉTÉ" finds "été"), online and from the offline copy alike; a title is shown exactly
 * as typed, markup-like text too; a label differing from another only in case is a duplicate
 * ("{label} Already Exists"), while a label may change only its own case. Axe on each screen;
 * screenshots in /tmp/shots-k-server.
 */
let server: RunningServer;
let browser: Browser;
const password = 'forgiving-pass-1';
const shots = '/tmp/shots-k-server';
const MARKUP_TITLE = `Tom & Jerry's <b>"best"</b>`;

beforeAll(async () => {
  fs.mkdirSync(shots, { recursive: true });
  [server, browser] = await Promise.all([sharedServer(), connectBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A new user with four notes, signed in on /home. */
async function signedIn(viewport: ViewportName): Promise<Page> {
  const email = `forgiving.${viewport}.${Date.now()}@example.com`;
  const api = (path: string, body: unknown, token?: string) =>
    postApi(server.url, path, body, token);
  const account = await newAccount(
    server.url,
    { firstName: 'Fay', lastName: 'Folded' },
    email,
    password,
  );
  const { token } = account;
  for (const [title, text, tags] of [
    ['Groceries', 'Milk and eggs', ['shopping']],
    ['Hauptstraße 5', 'The office', ['travel']],
    ['Summer', 'un été chaud', []],
    [MARKUP_TITLE, 'A cartoon', []],
  ] as const) {
    await api('/api/notes', { note: { title, content: `<p>${text}</p>`, tags } }, token);
  }
  const context = await newContext(browser, server.url, viewport);
  await storeSignIn(context, account, 'light');
  const page = await context.newPage();
  await page.goto('/home');
  await expectTitles(page, [MARKUP_TITLE, 'Summer', 'Hauptstraße 5', 'Groceries']);
  return page;
}

async function expectNoSeriousViolation(page: Page, what: string): Promise<void> {
  const problems = await seriousViolations(page);
  if (problems.length > 0) throw new Error(`axe on ${what}:\n${problems.join('\n')}`);
}

/** Opens the phone menu when the sidebar is hidden; the place the labels are. */
async function labelNav(page: Page, viewport: ViewportName): Promise<Locator> {
  if (viewport === 'desktop') return page.getByRole('navigation', { name: 'Main' });
  await page.getByRole('button', { name: 'Open menu' }).click();
  return page.getByRole('navigation', { name: 'Menu' });
}

describe.each(['phone', 'desktop'] as const)('at %s width', (viewport) => {
  let page: Page;

  beforeAll(async () => {
    page = await signedIn(viewport);
  });
  afterAll(() => page?.context().close());

  const search = () => page.getByRole('searchbox', { name: 'Search notes' });

  it('shows a title exactly as typed, markup-like text as text', async () => {
    const heading = page.getByRole('article', { name: MARKUP_TITLE }).locator('h3');
    expect(await heading.textContent()).toBe(MARKUP_TITLE);
    expect(await heading.locator('b').count()).toBe(0);
  });

  it('finds notes whatever the letter case, in both themes', async () => {
    for (const theme of ['light', 'dark'] as const) {
      if (theme === 'dark') {
        await page.evaluate(() => localStorage.setItem('theme', 'dark'));
        await page.reload();
        await expectTitles(page, [MARKUP_TITLE, 'Summer', 'Hauptstraße 5', 'Groceries']);
      }
      await search().fill('groceries');
      await expectTitles(page, ['Groceries']);
      await search().fill('MILK AND');
      await expectTitles(page, ['Groceries']);
      await search().fill('STRASSE');
      await expectTitles(page, ['Hauptstraße 5']);
      await search().fill('ÉTÉ');
      await expectTitles(page, ['Summer']);
      await search().fill('<B>"BEST"');
      await expectTitles(page, [MARKUP_TITLE]);
      await search().fill('groceries');
      await expectTitles(page, ['Groceries']);
      await expectNoSeriousViolation(page, `a search (${viewport}, ${theme})`);
      await page.screenshot({ path: `${shots}/search-${viewport}-${theme}.png` });
      await page.getByRole('button', { name: 'Clear search' }).click();
      await expectTitles(page, [MARKUP_TITLE, 'Summer', 'Hauptstraße 5', 'Groceries']);
    }
  });

  it('finds notes whatever the letter case offline, from the saved copy', async () => {
    await page.context().setOffline(true);
    try {
      await search().fill('hauptSTRASSE');
      await expectTitles(page, ['Hauptstraße 5']);
      await search().fill('summer');
      await expectTitles(page, ['Summer']);
    } finally {
      await page.getByRole('button', { name: 'Clear search' }).click();
      await page.context().setOffline(false);
    }
    await expectTitles(page, [MARKUP_TITLE, 'Summer', 'Hauptstraße 5', 'Groceries']);
  });

  it('refuses a label that differs from another only in case; a label may change its own case', async () => {
    const nav = await labelNav(page, viewport);
    await nav.getByRole('link', { name: 'Edit labels' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit labels' });
    const shopping = dialog.getByRole('textbox', { name: 'Label name: shopping' });
    await shopping.fill('Travel');
    await shopping.press('Enter');
    await expectToast(page, 'Travel Already Exists');
    await page.screenshot({ path: `${shots}/label-duplicate-${viewport}-dark.png` });
    await expectNoSeriousViolation(page, `Edit labels (${viewport})`);
    await shopping.fill('Shopping');
    await shopping.press('Enter');
    await dialog.getByRole('textbox', { name: 'Label name: Shopping' }).waitFor();
  });
});
