import fs from 'node:fs';

import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import {
  card,
  expectText,
  expectToast,
  navigate,
  openNewNote,
  postApi,
  signInThroughStorage,
} from './support/app';
import { connectBrowser, newContext, type ViewportName } from './support/browser';
import { startServer, type RunningServer } from './support/server';

/**
 * Issue 14: a note's version history in the editor (the list, a read-only preview, Restore with
 * Undo) and the trash's retention (the page's line, each card's countdown), at phone and desktop
 * widths, on a server keeping the trash 7 days.
 */
let server: RunningServer;
let browser: Browser;
const shots = '/tmp/shots-history';
const password = 'history-pass-123';

beforeAll(async () => {
  fs.mkdirSync(shots, { recursive: true });
  // A server of its own (its trash is kept 7 days), the suite's browser.
  server = await startServer({ TRASH_RETENTION_DAYS: '7' });
  browser = await connectBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A new user, signed in at this width, on /home. */
async function signedIn(viewport: ViewportName): Promise<Page> {
  const email = `history.${viewport}.${Date.now()}@example.com`;
  await postApi(server.url, '/api/auth/signup', {
    firstName: 'Hist',
    lastName: 'Ory',
    email,
    password,
    confirmPassword: password,
  });
  const login = await postApi(server.url, '/api/auth/login', { email, password });
  const page = await (await newContext(browser, server.url, viewport)).newPage();
  await signInThroughStorage(page, login.encodedToken as string, login.foundUser);
  await page.goto('/home');
  await page.getByText('No Notes Available').waitFor();
  return page;
}

/** The toast of an action that can be undone: its message, beside its Undo button. */
const undoToast = (page: Page, message: string) =>
  page
    .locator('.Toastify__toast:not([class*="-exit"]) .undo-toast')
    .filter({ has: page.getByText(message, { exact: true }) })
    .first();

async function addNote(page: Page, title: string, body: string) {
  const editor = await openNewNote(page);
  await editor.getByPlaceholder('Enter Title Here').fill(title);
  await editor.getByRole('textbox', { name: 'Note body' }).click();
  await page.keyboard.type(body);
  await editor.getByRole('button', { name: 'Add', exact: true }).click();
  await expectToast(page, 'Note Added');
}

/** Replaces the body of the note titled `title` through its editor and saves. */
async function editBody(page: Page, title: string, body: string) {
  await card(page, title).getByRole('button', { name: 'Edit note' }).click();
  const modal = page.getByRole('dialog', { name: 'Edit note' });
  await modal.getByRole('textbox', { name: 'Note body' }).click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(body);
  await modal.getByRole('button', { name: 'Edit', exact: true }).click();
  await undoToast(page, 'Note Edited').waitFor();
}

/** axe's serious and critical findings inside `selector`, one line each. */
async function accessibilityProblems(page: Page, selector: string): Promise<string[]> {
  const results = await new AxeBuilder({ page }).include(selector).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

async function openHistory(page: Page, title: string) {
  await card(page, title).getByRole('button', { name: 'Edit note' }).click();
  await page
    .getByRole('dialog', { name: 'Edit note' })
    .getByRole('button', { name: 'Version history' })
    .click();
  return page.getByRole('dialog', { name: 'Version history' });
}

describe.each(['phone', 'desktop'] as const)('at %s width', (viewport) => {
  it('restores an earlier version from the history, and Undo brings back the later one', async () => {
    const page = await signedIn(viewport);
    await addNote(page, 'Recipe', 'Flour and water');
    await editBody(page, 'Recipe', 'Flour, water and salt');
    await card(page, 'Recipe').getByText('Flour, water and salt').waitFor();

    const history = await openHistory(page, 'Recipe');
    const versions = history.getByRole('list', { name: 'Earlier versions' }).getByRole('button');
    await versions.first().waitFor();
    expect(await versions.count()).toBe(1);
    const preview = history.getByRole('article', { name: 'Preview of the chosen version' });
    await preview.getByText('Flour and water').waitFor();
    expect(await preview.locator('[contenteditable="true"]').count()).toBe(0);
    await page.screenshot({ path: `${shots}/${viewport}-history.png` });
    expect(await accessibilityProblems(page, '.history-dialog')).toEqual([]);

    await history.getByRole('button', { name: 'Restore', exact: true }).click();
    const restored = undoToast(page, 'Earlier Version Restored');
    await restored.waitFor();
    await history.waitFor({ state: 'hidden' });
    // The open editor follows the restored text; the card shows it too.
    const editor = page.getByRole('dialog', { name: 'Edit note' });
    await editor.getByText('Flour and water').waitFor();
    await page.screenshot({ path: `${shots}/${viewport}-restored.png` });
    await restored.getByRole('button', { name: 'Undo' }).click();
    await expectToast(page, 'Restore Undone');
    await editor.getByText('Flour, water and salt').waitFor();
    await editor.getByRole('button', { name: 'Cancel' }).click();
    await card(page, 'Recipe').getByText('Flour, water and salt').waitFor();

    // The restore and its undo each kept the text they replaced.
    const again = await openHistory(page, 'Recipe');
    const all = again.getByRole('list', { name: 'Earlier versions' }).getByRole('button');
    await all.nth(2).waitFor();
    expect(await all.count()).toBe(3);
    await page.screenshot({ path: `${shots}/${viewport}-history-after.png` });
    await again.getByRole('button', { name: 'Close' }).click();
    await page
      .getByRole('dialog', { name: 'Edit note' })
      .getByRole('button', { name: 'Cancel' })
      .click();
    await page.context().close();
  });

  it('the trash says how long notes stay, and each card how long it has left', async () => {
    const page = await signedIn(viewport);
    await addNote(page, 'Old list', 'Eggs');
    await card(page, 'Old list').getByRole('button', { name: 'Move note to trash' }).click();
    await undoToast(page, 'Note Moved To Trash').waitFor();
    await navigate(page, viewport, 'Trash');
    await expectText(page, 'Notes in the trash are deleted after 7 days.');
    await card(page, 'Old list').getByText('Deleted in 7 days').waitFor();
    await page.screenshot({ path: `${shots}/${viewport}-trash.png` });
    expect(await accessibilityProblems(page, 'main')).toEqual([]);
    await page.context().close();
  });
});
