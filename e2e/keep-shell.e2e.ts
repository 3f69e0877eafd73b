import fs from 'node:fs';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { card, countSnackbars, expectTitles, postApi, shownToasts } from './support/app';
import { seriousViolations } from './support/axe';
import { connectBrowser, newContext, viewports, type ViewportName } from './support/browser';
import { sharedServer, waitFor, type RunningServer } from './support/server';

/**
 * Issue 38's snackbar and shell, at phone and desktop width in both themes: one snackbar at the
 * bottom (left on a desktop, across a phone), over neither Filters nor +, one per action (a new
 * label on a card says both its messages in one, sign-up too), none for a checklist tick, 6 s
 * with Undo, in the app's font; sign-up saying what is wrong next to the field before the server
 * does (and the server's refusal as before); the signed-out phone menu offering only what a
 * signed-out user can open; the Edit labels dialog in the app's controls. axe on each screen;
 * screenshots in /tmp/shots-k-shell.
 */
let server: RunningServer;
let browser: Browser;
const password = 'keep-shell-pass-1';
const shots = '/tmp/shots-k-shell';

beforeAll(async () => {
  fs.mkdirSync(shots, { recursive: true });
  [server, browser] = await Promise.all([sharedServer(), connectBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const packing =
  '<ul data-checklist><li data-checked="false">Tent</li><li data-checked="false">Stove</li></ul>';

async function expectNoSeriousViolation(page: Page, what: string): Promise<void> {
  const problems = await seriousViolations(page);
  if (problems.length > 0) throw new Error(`axe on ${what}:\n${problems.join('\n')}`);
}

/** Switches the theme with the top bar's toggle, and waits for the page to wear it. */
async function useTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  const toggle = page.getByRole('button', { name: `Switch to ${theme} theme` });
  if (await toggle.isVisible()) await toggle.click();
  await page.locator(`html.${theme}`).waitFor({ state: 'attached' });
}

/**
 * The snackbar saying `message` (an element of its own), once it has slid in (its own animation,
 * not its progress bar's).
 */
async function settledSnackbar(page: Page, message: string): Promise<Locator> {
  const snackbar = shownToasts(page).filter({ has: page.getByText(message, { exact: true }) });
  await snackbar.waitFor();
  await snackbar.evaluate((toast) =>
    // One cancelled as the next takes over rejects: settled either way.
    Promise.allSettled(toast.getAnimations().map((animation) => animation.finished)),
  );
  return snackbar;
}

/** Whether a click at the centre of `control` reaches it (nothing, a snackbar say, is over it). */
async function reachable(control: Locator): Promise<boolean> {
  return control.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    return hit !== null && element.contains(hit);
  });
}

/** The requests for a GraphQL operation the page has sent since this was called. */
function countOperations(page: Page, name: string): () => number {
  let count = 0;
  page.on('request', (request) => {
    if (!request.url().endsWith('/graphql') || request.method() !== 'POST') return;
    const body = request.postDataJSON() as { operationName?: string } | null;
    if (body?.operationName === name) count += 1;
  });
  return () => count;
}

/** The messages of the snackbar showing now, each as its own element says it. */
async function snackbarMessages(snackbar: Locator): Promise<string[]> {
  return snackbar
    .locator('.snack-messages__message, .undo-toast__message')
    .allTextContents()
    .then((texts) => texts.map((text) => text.trim()));
}

describe.each<[ViewportName, 'light' | 'dark']>([
  ['phone', 'dark'],
  ['desktop', 'light'],
])('at %s width, starting in the %s theme', (viewport, firstTheme) => {
  const otherTheme: 'light' | 'dark' = firstTheme === 'light' ? 'dark' : 'light';
  const shot = (name: string) => `${shots}/${viewport}-${name}.png`;
  const firstName = `Shell${viewport}`;
  const email = `shell.${viewport}.${Date.now()}@example.com`;
  let context: BrowserContext;
  let page: Page;
  let token: string;

  beforeAll(async () => {
    context = await newContext(browser, server.url, viewport);
    page = await context.newPage();
    await page.goto('/');
    await page.evaluate((theme) => localStorage.setItem('theme', theme), firstTheme);
  });

  afterAll(() => context?.close());

  it('signed out, the phone menu offers only what a signed-out user can open', async () => {
    await page.goto('/');
    if (viewport === 'desktop') {
      // No menu on a desktop: the top bar's Login, and no sidebar of pages needing a sign-in.
      await page.getByRole('banner').getByRole('link', { name: 'Login' }).waitFor();
      expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
      return;
    }
    for (const theme of [firstTheme, otherTheme]) {
      await useTheme(page, theme);
      await page.getByRole('button', { name: 'Open menu' }).click();
      const menu = page.getByRole('navigation', { name: 'Menu' });
      await menu.waitFor();
      expect(await menu.getByRole('link').allTextContents()).toEqual(['Login', 'Sign Up']);
      for (const needsSignIn of ['Home', 'Archive', 'Trash', 'Profile', 'Edit labels']) {
        expect(await menu.getByRole('link', { name: needsSignIn }).count()).toBe(0);
      }
      await page.screenshot({ path: shot(`menu-signed-out-${theme}`) });
      await expectNoSeriousViolation(page, `the signed-out menu, ${theme}`);
      await menu.getByRole('button', { name: 'Close' }).click();
      await menu.waitFor({ state: 'detached' });
    }
    await useTheme(page, firstTheme);
  });

  it('sign-up says what is wrong next to the field as the user types, and sends nothing until it is right', async () => {
    await page.goto('/signup');
    const form = page.locator('form', { has: page.getByRole('heading', { name: 'Sign Up' }) });
    const field = (label: string) => form.getByLabel(label, { exact: true });
    const signups = countOperations(page, 'Signup');
    await field('First Name').fill(firstName);
    await field('Last Name').fill('Keeper');

    await field('Email').pressSequentially('ada@example');
    const badEmail = form.getByText('Please Enter A Valid Email Address', { exact: true });
    await badEmail.waitFor();
    expect(await field('Email').getAttribute('aria-invalid')).toBe('true');
    const emailProblem = await field('Email').getAttribute('aria-describedby');
    expect(await form.locator(`[id="${emailProblem}"]`).textContent()).toBe(
      'Please Enter A Valid Email Address',
    );

    await field('Password').pressSequentially('short');
    const shortPassword = form.getByText('Password Must Be At Least 8 Characters', {
      exact: true,
    });
    await shortPassword.waitFor();
    expect(await field('Password').getAttribute('aria-invalid')).toBe('true');
    const passwordProblem = await field('Password').getAttribute('aria-describedby');
    expect(await form.locator(`[id="${passwordProblem}"]`).textContent()).toBe(
      'Password Must Be At Least 8 Characters',
    );
    await field('Confirm Password').fill('short');

    // Refused on the page: no request, and the focus on the first field at fault.
    await form.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await field('Email').and(page.locator(':focus')).waitFor();
    expect(signups()).toBe(0);
    for (const theme of [firstTheme, otherTheme]) {
      await useTheme(page, theme);
      await page.screenshot({ path: shot(`signup-problems-${theme}`), fullPage: true });
      await expectNoSeriousViolation(page, `sign-up with problems, ${theme}`);
    }
    await useTheme(page, firstTheme);

    // Put right, the problems go.
    await field('Password').fill(password);
    await field('Confirm Password').fill(password);
    await shortPassword.waitFor({ state: 'detached' });
    expect(await field('Password').getAttribute('aria-invalid')).toBeNull();
    expect(await field('Password').getAttribute('aria-describedby')).toBeNull();

    // A well-formed email the server refuses (taken): its message, as before, in one snackbar
    // with sign-up's own.
    const taken = `taken.${email}`;
    await postApi(server.url, '/api/auth/signup', {
      firstName: 'Taken',
      lastName: 'Already',
      email: taken,
      password,
      confirmPassword: password,
    });
    await field('Email').fill(taken);
    await badEmail.waitFor({ state: 'detached' });
    expect(await field('Email').getAttribute('aria-invalid')).toBeNull();
    const refusedSnackbars = await countSnackbars(page);
    await form.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await waitFor(() => signups() === 1, 10_000, 'one Signup request');
    const refused = await settledSnackbar(page, 'Signup Failed, Try Again!');
    await waitFor(
      async () => (await snackbarMessages(refused)).length === 2,
      10_000,
      "the refusal's two messages",
    );
    expect(await snackbarMessages(refused)).toEqual([
      'Signup Failed, Try Again!',
      'Unprocessable Entity. Email Already Exists.',
    ]);
    expect(await refusedSnackbars()).toBe(1);
    await page.screenshot({ path: shot('signup-refused'), fullPage: true });

    // Then a free email: signed up and in, both messages in one snackbar.
    const snackbars = await countSnackbars(page);
    await field('Email').fill(email);
    await form.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await page.waitForURL('**/home');
    const welcome = shownToasts(page).filter({
      has: page.getByText('Signup successful!', { exact: true }),
    });
    await welcome.getByText(`Login successful, Welcome ${firstName}`, { exact: true }).waitFor();
    expect(await snackbarMessages(welcome)).toEqual([
      'Signup successful!',
      `Login successful, Welcome ${firstName}`,
    ]);
    expect(await snackbars()).toBe(1);
    expect(signups()).toBe(2);
    token = await page.evaluate(() => localStorage.getItem('token') ?? '');

    for (const note of [
      { title: 'Packing', content: packing },
      { title: 'Groceries', content: '<p>Milk and bread</p>' },
    ]) {
      await postApi(server.url, '/api/notes', { note }, token);
    }
    await page.reload();
    await expectTitles(page, ['Groceries', 'Packing']);
  });

  it('shows the snackbar at the bottom, over neither Filters nor +, 6 s with Undo, in the app font', async () => {
    const snackbars = await countSnackbars(page);
    await card(page, 'Groceries').getByRole('button', { name: 'Archive note' }).click();
    await expectTitles(page, ['Packing']);
    const snackbar = await settledSnackbar(page, 'Note Archived Successfully');
    expect(await snackbarMessages(snackbar)).toEqual(['Note Archived Successfully']);

    const box = (await snackbar.boundingBox())!;
    const { width, height } = viewports[viewport];
    expect(height - (box.y + box.height)).toBeLessThanOrEqual(24);
    if (viewport === 'phone') {
      expect(box.x).toBeLessThanOrEqual(1);
      expect(box.width).toBeGreaterThanOrEqual(width - 2);
    } else {
      expect(box.x).toBeLessThanOrEqual(24);
      expect(box.width).toBeLessThanOrEqual(width / 3);
    }
    for (const name of ['Filters', 'New note']) {
      expect(await reachable(page.getByRole('button', { name, exact: true }))).toBe(true);
    }
    // It offers Undo, and stays 6 s: its progress bar (which closes it when it ends) runs 6 s.
    await snackbar.getByRole('button', { name: 'Undo' }).waitFor();
    expect(
      await snackbar
        .locator('.Toastify__progress-bar')
        .evaluate((bar) => (bar as HTMLElement).style.animationDuration),
    ).toBe('6000ms');
    const fonts = await snackbar.evaluate((toast) => [
      getComputedStyle(toast).fontFamily,
      getComputedStyle(document.body).fontFamily,
    ]);
    expect(fonts[0]).toBe(fonts[1]);
    expect(await snackbars()).toBe(1);
    await page.screenshot({ path: shot(`snackbar-${firstTheme}`) });
    await expectNoSeriousViolation(page, `a snackbar, ${firstTheme}`);

    // Undo: the note comes back, and its message replaces the one showing (one at a time).
    await snackbar.getByRole('button', { name: 'Undo' }).click();
    await expectTitles(page, ['Groceries', 'Packing']);
    await shownToasts(page).getByText('Note Unarchived Successfully', { exact: true }).waitFor();
    expect(await shownToasts(page).count()).toBe(1);

    // The other theme: another action's snackbar, readable there too.
    await useTheme(page, otherTheme);
    await card(page, 'Packing').getByRole('button', { name: 'Pin note' }).click();
    const pinned = await settledSnackbar(page, 'Note Pinned');
    expect(await snackbarMessages(pinned)).toEqual(['Note Pinned']);
    expect(await shownToasts(page).count()).toBe(1);
    for (const name of ['Filters', 'New note']) {
      expect(await reachable(page.getByRole('button', { name, exact: true }))).toBe(true);
    }
    await page.screenshot({ path: shot(`snackbar-${otherTheme}`) });
    await expectNoSeriousViolation(page, `a snackbar, ${otherTheme}`);
    await useTheme(page, firstTheme);
  });

  it('a new label added on a card says both its messages in one snackbar', async () => {
    const snackbars = await countSnackbars(page);
    const groceries = card(page, 'Groceries');
    await groceries.getByRole('button', { name: 'Change labels' }).click();
    await page.getByRole('textbox', { name: 'New label' }).fill(`errands-${viewport}`);
    await page.getByRole('button', { name: 'Add label' }).click();
    const snackbar = shownToasts(page).filter({
      has: page.getByText('New Label Added', { exact: true }),
    });
    await snackbar.getByText('Note tag Updated', { exact: true }).waitFor();
    expect(await snackbarMessages(snackbar)).toEqual(['New Label Added', 'Note tag Updated']);
    await page.keyboard.press('Escape');
    await groceries.getByText(`errands-${viewport}`, { exact: true }).waitFor();
    expect(await snackbars()).toBe(1);
    expect(await shownToasts(page).count()).toBe(1);
    await page.screenshot({ path: shot(`snackbar-two-messages-${firstTheme}`) });
  });

  it('a checklist tick says nothing', async () => {
    // None showing or waiting first: a message of the tick's would show at once.
    const showing = shownToasts(page);
    if ((await showing.count()) > 0) {
      await showing.locator('.Toastify__close-button').first().click();
    }
    await page.locator('.Toastify__toast').first().waitFor({ state: 'detached' });
    const snackbars = await countSnackbars(page);
    const packingCard = card(page, 'Packing');
    await packingCard.getByRole('checkbox', { name: 'Tent' }).click();
    await waitFor(
      async () => {
        const response = await fetch(`${server.url}/api/notes`, {
          headers: { authorization: `Bearer ${token}` },
        });
        const { notes } = (await response.json()) as { notes: { content: string }[] };
        return notes.some((note) => note.content.includes('data-checked="true">Tent'));
      },
      10_000,
      'the tick on the server',
    );
    await packingCard.getByRole('status', { name: 'Saving' }).waitFor({ state: 'detached' });
    // The next action's message is the first one since the tick.
    await packingCard.getByRole('button', { name: 'Unpin note' }).click();
    await settledSnackbar(page, 'Note Unpinned');
    expect(await snackbars()).toBe(1);
  });

  it('the Edit labels dialog wears the app’s controls and colours, in both themes', async () => {
    const dialog = page.getByRole('dialog', { name: 'Edit labels' });
    const create = dialog.getByRole('textbox', { name: 'Create new label' });
    for (const theme of [firstTheme, otherTheme]) {
      await useTheme(page, theme);
      if (viewport === 'phone') await page.getByRole('button', { name: 'Open menu' }).click();
      const nav = page.getByRole('navigation', { name: viewport === 'phone' ? 'Menu' : 'Main' });
      await nav.getByRole('link', { name: 'Edit labels' }).click();
      await dialog.waitFor();
      // The field as the app's other fields are: its surface, text and border colours.
      const [field, app] = await create.evaluate((input) => {
        const probe = document.createElement('input');
        const wrapper = document.createElement('label');
        wrapper.className = 'field';
        wrapper.append(probe);
        document.body.append(wrapper);
        const look = (element: Element) => {
          const style = getComputedStyle(element);
          return [style.backgroundColor, style.color, style.borderTopColor, style.borderRadius];
        };
        const seen = [look(input), look(probe)];
        wrapper.remove();
        return seen;
      });
      expect(field).toEqual(app);
      await page.screenshot({ path: shot(`edit-labels-${theme}`) });
      await expectNoSeriousViolation(page, `Edit labels, ${theme}`);
      await dialog.getByRole('button', { name: 'Done' }).click();
      await dialog.waitFor({ state: 'detached' });
    }
    await useTheme(page, firstTheme);
  });
});
