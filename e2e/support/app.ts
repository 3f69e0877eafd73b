import type { BrowserContext, Locator, Page } from 'playwright-core';
import type { ViewportName } from './browser';
import { waitFor } from './server';

/** The pages behind the sidebar and the phone menu. */
export type NavTarget = 'Home' | 'Archive' | 'Trash' | 'Profile';

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Matches an element whose whole text is `text` (surrounding whitespace aside). */
export function exactText(text: string): RegExp {
  return new RegExp(`^\\s*${escapeRegExp(text)}\\s*$`);
}

/** The snackbars showing now (not one already claimed whole, nor one on its way out). */
export function shownToasts(page: Page): Locator {
  return page.locator('.Toastify__toast:not([data-e2e-seen]):not([class*="-exit"])');
}

/**
 * Waits for a snackbar message reading exactly `message` (an element of its own: a snackbar may
 * say another message of the same action beside it, or offer Undo) that no earlier call has
 * claimed, and marks it as claimed (so an older message with the same text can never satisfy a
 * later wait). Once every message of its snackbar is claimed, closes the snackbar with its close
 * button, so the next step's message is the one showing.
 */
export async function expectToast(page: Page, message: string): Promise<void> {
  const text = shownToasts(page)
    .getByText(message, { exact: true })
    .and(page.locator(':not([data-e2e-seen])'))
    .first();
  await text.waitFor({ state: 'visible' });
  const handle = await text.elementHandle();
  const allClaimed = await handle.evaluate((element) => {
    element.setAttribute('data-e2e-seen', '');
    const toast = element.closest('.Toastify__toast');
    const body = toast?.querySelector('.Toastify__toast-body') ?? toast;
    if (!toast || !body) return false;
    const walker = document.createTreeWalker(body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!node.textContent?.trim() || !parent || parent.closest('button')) continue;
      if (!parent.closest('[data-e2e-seen]')) return false;
    }
    toast.setAttribute('data-e2e-seen', '');
    return true;
  });
  if (allClaimed) {
    // Closed with its × (a click on the snackbar itself could land on its Undo). It may close
    // by itself before the click lands: that is fine too.
    await handle
      .evaluateHandle((element) => element.closest('.Toastify__toast'))
      .then((toast) => toast.asElement()?.$('.Toastify__close-button'))
      .then((close) => close?.click({ timeout: 2_000 }))
      .catch(() => undefined);
  }
  await handle.dispose();
}

/**
 * Starts counting the snackbars that appear on `page` from now on; the function returned says
 * how many have.
 */
export async function countSnackbars(page: Page): Promise<() => Promise<number>> {
  await page.evaluate(() => {
    const seen = new Set<Element>();
    const record = () =>
      document.querySelectorAll('.Toastify__toast:not([class*="-exit"])').forEach((toast) => {
        seen.add(toast);
      });
    const before = new Set(Array.from(document.querySelectorAll('.Toastify__toast')));
    new MutationObserver(record).observe(document.body, { childList: true, subtree: true });
    (window as unknown as { snackbarsSince: () => number }).snackbarsSince = () =>
      [...seen].filter((toast) => !before.has(toast)).length;
  });
  return () =>
    page.evaluate(() => (window as unknown as { snackbarsSince: () => number }).snackbarsSince());
}

/** Goes to a signed-in page the way a user at this width would: sidebar, or the hamburger menu. */
export async function navigate(
  page: Page,
  viewport: ViewportName,
  target: NavTarget,
): Promise<void> {
  if (viewport === 'phone') {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page
      .getByRole('navigation', { name: 'Menu' })
      .getByRole('link', { name: target })
      .click();
    await page.getByRole('navigation', { name: 'Menu' }).waitFor({ state: 'hidden' });
  } else {
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: target })
      .click();
  }
  await page.waitForURL(`**/${target.toLowerCase()}`);
}

/** Logs out through the phone menu or the avatar menu, and checks the toast and the landing page. */
export async function logout(page: Page, viewport: ViewportName, baseURL: string): Promise<void> {
  if (viewport === 'phone') {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page
      .getByRole('navigation', { name: 'Menu' })
      .getByRole('button', { name: 'Logout' })
      .click();
  } else {
    await page.getByRole('button', { name: /^Account menu for / }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
  }
  await expectToast(page, 'You Are Now Logged Out');
  await page.waitForURL(`${baseURL}/`);
}

/** Fills the login form and submits it. */
export async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  const form = page.locator('form', { has: page.getByRole('heading', { name: 'Login' }) });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Login', exact: true }).click();
}

/** The list of note cards on the current page. */
export function notesList(page: Page): Locator {
  return page.getByRole('list', { name: 'Notes' });
}

/** The card of the note titled `title`. */
export function card(page: Page, title: string): Locator {
  return notesList(page).getByRole('article', { name: title, exact: true });
}

/** Waits for a text to be shown on the page (exactly, as a whole element). */
export async function expectText(page: Page, text: string): Promise<void> {
  await page.getByText(text, { exact: true }).first().waitFor();
}

/** Opens a popover or menu by its toggle button unless it is already open. */
export async function openMenu(toggle: Locator): Promise<void> {
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
}

/** Closes a popover or menu by its toggle button if it is open. */
export async function closeMenu(toggle: Locator): Promise<void> {
  if ((await toggle.getAttribute('aria-expanded')) === 'true') await toggle.click();
  await toggle.and(toggle.page().locator('[aria-expanded="false"]')).waitFor();
}

/**
 * Signs `page` in through localStorage, as a returning user who opens the app directly: it loads
 * the landing page and stores a login answer's token and user (`encodedToken`, `foundUser`).
 */
export async function signInThroughStorage(
  page: Page,
  token: string,
  user: unknown,
): Promise<void> {
  await page.goto('/');
  await page.evaluate(
    ([storedToken, storedUser]) => {
      localStorage.setItem('token', storedToken);
      localStorage.setItem('user', storedUser);
      localStorage.setItem('isAuth', 'true');
    },
    [token, JSON.stringify(user)] as const,
  );
}

/** Signs a new account up and logs it in through the REST API: its token and user. */
export async function newAccount(
  baseURL: string,
  names: { firstName: string; lastName: string },
  email: string,
  password: string,
): Promise<{ token: string; user: unknown }> {
  await postApi(baseURL, '/api/auth/signup', {
    ...names,
    email,
    password,
    confirmPassword: password,
  });
  const login = await postApi(baseURL, '/api/auth/login', { email, password });
  return { token: login.encodedToken as string, user: login.foundUser };
}

/**
 * Makes the first page of `context` open signed in as a returning user (a login answer's token
 * and user in localStorage), in `theme` unless the page has chosen one since. Once only: a marker
 * keeps a later reload from putting back a token the app has since dropped (a logout, an ended
 * session), which would race the app's own redirect to /login.
 */
export async function storeSignIn(
  context: BrowserContext,
  { token, user }: { token: string; user: unknown },
  theme: 'light' | 'dark',
): Promise<void> {
  await context.addInitScript(
    ([auth, stored, chosen]) => {
      if (localStorage.getItem('e2e:stored-sign-in') === auth) return;
      localStorage.setItem('e2e:stored-sign-in', auth);
      localStorage.setItem('token', auth);
      localStorage.setItem('user', stored);
      localStorage.setItem('isAuth', 'true');
      if (!localStorage.getItem('theme')) localStorage.setItem('theme', chosen);
    },
    [token, JSON.stringify(user), theme] as const,
  );
}

/** POSTs JSON to the server's REST API (with a token when given); a non-2xx answer throws. */
export async function postApi(
  baseURL: string,
  path: string,
  body: unknown,
  token?: string,
): Promise<Record<string, unknown>> {
  const response = await fetch(`${baseURL}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${JSON.stringify(json)}`);
  return json;
}

/** The titles of the cards on the current page, in order. */
export function cardTitles(page: Page): Promise<string[]> {
  return notesList(page).locator('article h3').allTextContents();
}

/** Waits until `shown` holds, failing with what the cards show then if it never does. */
async function waitForCards(
  page: Page,
  shown: (titles: string[]) => boolean | Promise<boolean>,
  timeout: number,
  what: string,
): Promise<void> {
  try {
    await waitFor(async () => shown(await cardTitles(page)), timeout, what);
  } catch (error) {
    const actual = await cardTitles(page).catch(() => []);
    throw new Error(`${(error as Error).message}; the page shows ${JSON.stringify(actual)}`);
  }
}

const same = (a: string[], b: string[]) => JSON.stringify(a) === JSON.stringify(b);

/** Waits until the cards show exactly these titles, in this order. */
export async function expectTitles(page: Page, expected: string[]): Promise<void> {
  await waitForCards(
    page,
    (now) => same(now, expected),
    10_000,
    `the cards ${JSON.stringify(expected)}`,
  );
}

/**
 * Waits until the cards show the first titles of `expected`, in order, but not all of them: a long
 * list draws its first cards, and the rest only as the user scrolls to them.
 */
export async function expectFirstTitles(page: Page, expected: string[]): Promise<void> {
  await waitForCards(
    page,
    (now) =>
      now.length > 0 && now.length < expected.length && same(now, expected.slice(0, now.length)),
    10_000,
    `the first of the cards ${JSON.stringify(expected)}`,
  );
}

/**
 * Scrolls to the end of the list of notes, again and again as a user reaching for more would,
 * until the cards show exactly `expected`.
 */
export async function scrollUntilTitles(page: Page, expected: string[]): Promise<void> {
  await waitForCards(
    page,
    async (now) => {
      if (same(now, expected)) return true;
      await notesList(page).locator('li').last().scrollIntoViewIfNeeded();
      await page.mouse.wheel(0, 5000);
      return false;
    },
    15_000,
    `the cards ${JSON.stringify(expected)}`,
  );
}

/**
 * Opens the new-note editor from the one-line bar it rests as ("Take a note…"), as a click
 * would, unless it is open already; returns the editor, its body ready to type in.
 */
export async function openNewNote(page: Page): Promise<Locator> {
  const editor = page.getByRole('region', { name: 'New note' });
  const bar = page.getByRole('textbox', { name: 'Take a note…', exact: true });
  await editor.or(bar).first().waitFor();
  if (await bar.isVisible()) await bar.click();
  await editor.getByRole('textbox', { name: 'Note body' }).waitFor();
  return editor;
}
