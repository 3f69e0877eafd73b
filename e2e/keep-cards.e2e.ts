import fs from 'node:fs';
import type { Browser, Locator, Page } from 'playwright-core';
import { postApi, newAccount, storeSignIn } from './support/app';
import { seriousViolations } from './support/axe';
import { connectBrowser, newContext, type ViewportName } from './support/browser';
import { sharedServer, waitFor, type RunningServer } from './support/server';

/**
 * Issue 38's cards in a real browser, at 375 px (a touch phone) and 1280 px (a mouse), light
 * then dark: a click on a card opens it and one on its checkbox or link does not; the actions
 * show on hover and focus with a mouse, always on touch; the masonry grid (no hole under a short
 * card, the list's order); the fade on a cut card only; `e` and `#` hand the focus on, `j`/`k`
 * keep the card clear of the top bar; a label's page (/label/{name}); the Filters panel's groups
 * and the sort shown; the Archive heading. axe on each screen; screenshots in
 * /tmp/shots-k-cards.
 */
let server: RunningServer;
let browser: Browser;
const password = 'cards-class-pass-1';
const shots = '/tmp/shots-k-cards';

beforeAll(async () => {
  fs.mkdirSync(shots, { recursive: true });
  [server, browser] = await Promise.all([sharedServer(), connectBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const paragraphs = (n: number, word: string) =>
  Array.from({ length: n }, (_, i) => `<p>${word} line ${i + 1}</p>`).join('');

/** Oldest first; the list shows them newest first. Mixed heights, two labels. */
const NOTES: { title: string; content: string; tags: string[] }[] = [
  { title: 'Long story', content: paragraphs(40, 'Story'), tags: [] },
  { title: 'Short one', content: '<p>Hi</p>', tags: ['travel plans'] },
  { title: 'Medium', content: paragraphs(6, 'Medium'), tags: [] },
  {
    title: 'Shopping',
    content:
      '<ul data-checklist><li data-checked="false">Milk</li></ul>' +
      '<p>See <a href="https://example.com/">the shop</a></p>',
    tags: ['travel plans'],
  },
  { title: 'Tiny', content: '<p>.</p>', tags: [] },
  { title: 'Tall', content: paragraphs(9, 'Tall'), tags: [] },
  { title: 'Second short', content: '<p>Yo</p>', tags: [] },
  { title: 'Third', content: paragraphs(3, 'Third'), tags: [] },
];
const NEWEST_FIRST = NOTES.map((note) => note.title).reverse();
/** The cards the keys' test archives (the second) and trashes (the last), and their neighbours. */
const [, SECOND = '', THIRD = ''] = NEWEST_FIRST;
const [LAST = '', BEFORE_LAST = ''] = [...NEWEST_FIRST].reverse();

/** A new user with NOTES, signed in on /home; the phone is a touch screen. */
async function signedIn(viewport: ViewportName): Promise<Page> {
  const email = `cards.${viewport}.${Date.now()}@example.com`;
  const api = (path: string, body: unknown, token?: string) =>
    postApi(server.url, path, body, token);
  const account = await newAccount(
    server.url,
    { firstName: 'Cara', lastName: 'Cards' },
    email,
    password,
  );
  const { token } = account;
  for (const note of NOTES) await api('/api/notes', { note }, token);

  const touch = viewport === 'phone' ? { hasTouch: true, isMobile: true } : {};
  const context = await newContext(browser, server.url, viewport, touch);
  await storeSignIn(context, account, 'light');
  const page = await context.newPage();
  await page.goto('/home');
  await titles(page, NEWEST_FIRST);
  return page;
}

const cardIn = (page: Page, title: string): Locator =>
  page.locator('.notes-grid').getByRole('article', { name: title, exact: true });
const editor = (page: Page) => page.getByRole('dialog', { name: 'Edit note' });

async function titles(page: Page, expected: string[]): Promise<void> {
  await waitFor(
    async () =>
      JSON.stringify(await page.locator('.notes-grid article h3').allTextContents()) ===
      JSON.stringify(expected),
    15_000,
    `the cards ${JSON.stringify(expected)}`,
  );
}

async function expectNoSeriousViolation(page: Page, what: string): Promise<void> {
  const problems = await seriousViolations(page);
  if (problems.length > 0) throw new Error(`axe on ${what}:\n${problems.join('\n')}`);
}

/** The name of the focused element's card, if the focus is on a card. */
const focusedCard = (page: Page) =>
  page.evaluate(() => document.activeElement?.closest('.note-card')?.getAttribute('aria-label'));

/** Every card's box, in the list's (DOM) order. */
const boxes = (page: Page) =>
  page.locator('.notes-grid > li > .note-card').evaluateAll((cards) =>
    cards.map((card) => {
      const { left, top, bottom } = card.getBoundingClientRect();
      return { title: card.getAttribute('aria-label') ?? '', left, top, bottom };
    }),
  );

const actionsOpacity = (card: Locator) =>
  card.locator('.note-card__actions').evaluate((actions) => getComputedStyle(actions).opacity);

async function shoot(page: Page, name: string, viewport: ViewportName, theme: string) {
  await page.screenshot({ path: `${shots}/${name}-${viewport}-${theme}.png` });
}

describe.each(['desktop', 'phone'] as const)('at %s width', (viewport) => {
  let page: Page;

  beforeAll(async () => {
    page = await signedIn(viewport);
  });
  afterAll(() => page?.context().close());

  it('packs the cards in columns, in the list order, with no hole under a short card', async () => {
    const cards = await boxes(page);
    expect(cards.map((card) => card.title)).toEqual(NEWEST_FIRST);
    const columns = [...new Set(cards.map((card) => Math.round(card.left)))].sort((a, b) => a - b);
    if (viewport === 'phone') expect(columns).toHaveLength(1);
    else {
      expect(columns.length).toBeGreaterThanOrEqual(2);
      expect(columns.length).toBeLessThanOrEqual(4);
    }
    // Keep's order: each next card goes under the column whose bottom is highest (leftmost on a
    // tie), so no card sits above an earlier one; in each column, cards follow at most 24 px apart.
    const bottoms = new Map<number, number>();
    let previousTop = -Infinity;
    for (const card of cards) {
      const column = Math.round(card.left);
      expect(card.top).toBeGreaterThanOrEqual(previousTop - 1);
      previousTop = card.top;
      const above = bottoms.get(column);
      if (above !== undefined) {
        expect(card.top - above).toBeGreaterThanOrEqual(0);
        expect(card.top - above).toBeLessThanOrEqual(24);
      }
      const free = columns.filter((c) => !bottoms.has(c));
      const shortest =
        free[0] ?? [...bottoms].reduce((best, next) => (next[1] < best[1] - 1 ? next : best))[0];
      expect({ card: card.title, column }).toEqual({ card: card.title, column: shortest });
      bottoms.set(column, card.bottom);
    }
  });

  it('fades a long card where it is cut, and only that card', async () => {
    const fade = (title: string) =>
      cardIn(page, title)
        .locator('.note-card__body')
        .evaluate((body) => ({
          cut: body.scrollHeight > body.clientHeight,
          mask: getComputedStyle(body).maskImage,
        }));
    const long = await fade('Long story');
    expect(long.cut).toBe(true);
    expect(long.mask).toContain('linear-gradient');
    await cardIn(page, 'Long story').screenshot({ path: `${shots}/cut-${viewport}-light.png` });
    for (const title of ['Short one', 'Tall', 'Medium']) {
      expect(await fade(title)).toEqual({ cut: false, mask: 'none' });
    }
  });

  it('opens a note on a click on its card, not on its checkbox or link', async () => {
    // The link opens a new tab; the browser here has no network, so its default is stopped.
    await page.evaluate(() =>
      document.addEventListener(
        'click',
        (event) => {
          if ((event.target as Element).closest('.note-card a')) event.preventDefault();
        },
        true,
      ),
    );
    const shopping = cardIn(page, 'Shopping');
    await shopping.getByRole('link', { name: 'the shop' }).click();
    const milk = shopping.getByRole('checkbox', { name: 'Milk' });
    await milk.click();
    await waitFor(() => milk.isChecked(), 5_000, 'Milk ticked');
    expect(await editor(page).count()).toBe(0);

    const medium = cardIn(page, 'Medium').getByText('Medium line 2');
    if (viewport === 'phone') await medium.tap();
    else await medium.click();
    const dialog = editor(page);
    await dialog.waitFor();
    expect(await dialog.getByRole('textbox', { name: 'Title' }).inputValue()).toBe('Medium');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });

  it('shows a card’s actions on hover and focus with a mouse, always on a touch screen', async () => {
    const tiny = cardIn(page, 'Tiny');
    // Hidden or not, the actions stay in the accessibility tree.
    await tiny.getByRole('button', { name: 'Archive note' }).waitFor({ state: 'attached' });
    if (viewport === 'phone') {
      expect(await page.evaluate(() => matchMedia('(hover: none)').matches)).toBe(true);
      expect(await actionsOpacity(tiny)).toBe('1');
      return;
    }
    await page.mouse.move(1, 1);
    await waitFor(async () => (await actionsOpacity(tiny)) === '0', 5_000, 'hidden actions');
    await tiny.hover();
    await waitFor(async () => (await actionsOpacity(tiny)) === '1', 5_000, 'actions on hover');
    await page.mouse.move(1, 1);
    await tiny.focus();
    await waitFor(async () => (await actionsOpacity(tiny)) === '1', 5_000, 'actions on focus');
    expect(await actionsOpacity(cardIn(page, 'Tall'))).toBe('0');
  });

  it('j and k keep the focused card clear of the top bar; e and # hand the focus on', async () => {
    const header = await page.locator('.top-bar').evaluate((bar) => bar.getBoundingClientRect());
    const clearOfHeader = () =>
      page.evaluate(
        (bottom) =>
          (document.activeElement as HTMLElement).getBoundingClientRect().top >= bottom - 1,
        header.bottom,
      );
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    for (let i = 0; i < NEWEST_FIRST.length; i++) await page.keyboard.press('j');
    for (let i = NEWEST_FIRST.length - 1; i > 0; i--) {
      expect(await focusedCard(page)).toBe(NEWEST_FIRST[i]);
      await page.keyboard.press('k');
      expect(await clearOfHeader()).toBe(true);
    }
    await shoot(page, 'focused', viewport, 'light');

    // `e` on the second card: the third takes the focus.
    await cardIn(page, SECOND).focus();
    await page.keyboard.press('e');
    await titles(
      page,
      NEWEST_FIRST.filter((title) => title !== SECOND),
    );
    expect(await focusedCard(page)).toBe(THIRD);
    // `#` on the last card: the one before it takes the focus.
    await cardIn(page, LAST).focus();
    await page.keyboard.press('#');
    await titles(
      page,
      NEWEST_FIRST.filter((title) => title !== SECOND && title !== LAST),
    );
    expect(await focusedCard(page)).toBe(BEFORE_LAST);
  });

  it('shows the Archive page with its heading', async () => {
    await page.goto('/archive');
    await page.getByRole('heading', { level: 1, name: 'Archive' }).waitFor();
    await titles(page, [SECOND]);
  });

  it('opens a label as a page of its own: heading, address, current, reload and Back', async () => {
    const nav = async () => {
      if (viewport === 'desktop') return page.getByRole('navigation', { name: 'Main' });
      await page.getByRole('button', { name: 'Open menu' }).click();
      return page.getByRole('navigation', { name: 'Menu' });
    };
    await (await nav()).getByRole('link', { name: 'travel plans' }).click();
    await page.waitForURL('**/label/travel%20plans');
    await page.getByRole('heading', { level: 1, name: 'travel plans' }).waitFor();
    await titles(page, ['Shopping', 'Short one']);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'travel plans' }).waitFor();
    await titles(page, ['Shopping', 'Short one']);
    let menu = await nav();
    const current = menu.getByRole('link', { name: 'travel plans' });
    expect(await current.getAttribute('aria-current')).toBe('page');
    expect(await menu.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBeNull();
    await expectNoSeriousViolation(page, `a label's page (${viewport})`);
    await shoot(page, 'label', viewport, 'light');
    if (viewport === 'phone') await menu.getByRole('button', { name: 'Close' }).click();
    await page.goBack();
    await page.waitForURL('**/archive');
    await page.getByRole('heading', { level: 1, name: 'Archive' }).waitFor();
    menu = await nav();
    await menu.getByRole('link', { name: 'Home' }).click();
    await titles(
      page,
      NEWEST_FIRST.filter((title) => title !== SECOND && title !== LAST),
    );
  });

  it('keeps sorting apart from filtering in the Filters panel, and shows the sort', async () => {
    const shown = page.locator('#sort-shown');
    expect(await shown.textContent()).toBe('Sorted by Latest');
    await page.getByRole('button', { name: 'Filters' }).click();
    const sortBy = page.getByRole('group', { name: 'Sort by', exact: true });
    const filterBy = page.getByRole('group', { name: 'Filter by', exact: true });
    await sortBy.getByRole('group', { name: 'Sort By Date' }).waitFor();
    await sortBy.getByRole('group', { name: 'Sort By Priority' }).waitFor();
    await filterBy.getByRole('group', { name: 'Filter By Tags' }).waitFor();
    await filterBy.getByRole('group', { name: 'Filter By Priority' }).waitFor();
    await sortBy.getByRole('radio', { name: 'Oldest' }).check();
    await waitFor(
      async () => (await shown.textContent()) === 'Sorted by Oldest',
      5_000,
      'the sort shown',
    );
    // What is left after the keys' test, oldest first.
    const left = NEWEST_FIRST.filter((title) => title !== SECOND).slice(0, -1);
    await titles(page, left.reverse());
    await expectNoSeriousViolation(page, `the Filters panel (${viewport})`);
    await shoot(page, 'filters', viewport, 'light');
    await page.getByRole('button', { name: 'Clear', exact: true }).click();
    await page.getByRole('button', { name: 'Filters' }).click();
    expect(await shown.textContent()).toBe('Sorted by Latest');
  });

  it('reads the same in the dark theme: the grid, a hovered card, the panel, a label page', async () => {
    await shoot(page, 'grid', viewport, 'light');
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await waitFor(
      () => page.evaluate(() => document.documentElement.classList.contains('dark')),
      5_000,
      'the dark theme',
    );
    if (viewport === 'desktop') await cardIn(page, 'Tiny').hover();
    await shoot(page, 'grid', viewport, 'dark');
    await page.getByRole('button', { name: 'Filters' }).click();
    await page.getByRole('group', { name: 'Sort by', exact: true }).waitFor();
    await expectNoSeriousViolation(page, `the grid and the Filters panel, dark (${viewport})`);
    await shoot(page, 'filters', viewport, 'dark');
    await page.getByRole('button', { name: 'Filters' }).click();
    await page.goto(`/label/${encodeURIComponent('travel plans')}`);
    await titles(page, ['Shopping', 'Short one']);
    await shoot(page, 'label', viewport, 'dark');
  });
});
