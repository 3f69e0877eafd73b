import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  card,
  closeMenu,
  expectText,
  expectTitles,
  expectToast,
  logout,
  navigate,
  notesList,
  openMenu,
  openNewNote,
  submitLogin,
} from './support/app';
import { connectBrowser, newContext, type ViewportName } from './support/browser';
import { sharedServer, type RunningServer } from './support/server';

/**
 * The whole product as one user meets it (issue 3, "What it must show"), at phone and desktop
 * width: one server and one browser for the file, a fresh user and browser context per width.
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

const PLAN = 'Weekly plan';
const PLAN_EDITED = 'Weekly plan, edited';
const PLAN_ARCHIVED = 'Weekly plan, edited in the archive';
const READING = 'Reading list';

/** The GraphQL operations the page sent, by name. */
function recordOperations(page: Page): string[] {
  const operations: string[] = [];
  page.on('request', (request) => {
    if (request.method() !== 'POST' || !request.url().endsWith('/graphql')) return;
    const body = request.postDataJSON() as { operationName?: string } | null;
    operations.push(body?.operationName ?? '(anonymous)');
  });
  return operations;
}

async function htmlClass(page: Page): Promise<string> {
  return page.evaluate(() => document.documentElement.className);
}

describe.each<ViewportName>(['phone', 'desktop'])('walkthrough at %s width', (viewport) => {
  let context: BrowserContext;
  let page: Page;
  let operations: string[];
  const user = {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: `ada.${viewport}.${Date.now()}@example.com`,
    password: 'analytical-engine-1843',
  };

  beforeAll(async () => {
    context = await newContext(browser, server.url, viewport);
    page = await context.newPage();
    operations = recordOperations(page);
  });

  afterAll(async () => {
    await context?.close();
  });

  it('landing → signup with password checks → auto-login', async () => {
    await page.goto('/');
    await page.getByRole('heading', { name: 'Meet Jotter' }).waitFor();
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.waitForURL('**/signup');

    const form = page.locator('form', { has: page.getByRole('heading', { name: 'Sign Up' }) });
    await form.getByLabel('First Name').fill(user.firstName);
    await form.getByLabel('Last Name').fill(user.lastName);
    await form.getByLabel('Email').fill(user.email);
    await form.getByLabel('Password', { exact: true }).fill(user.password);
    await form.getByLabel('Confirm Password').fill(`${user.password}-typo`);
    await form.getByRole('status').filter({ hasText: 'Password Not Matched' }).waitFor();

    await form.getByRole('button', { name: 'Sign Up' }).click();
    await expectToast(page, "Password Doesn't match! Please Try Again");
    expect(operations).not.toContain('Signup');
    expect(new URL(page.url()).pathname).toBe('/signup');

    await form.getByLabel('Confirm Password').fill(user.password);
    await form.getByRole('status').filter({ hasText: 'Password Matched!' }).waitFor();
    await form.getByRole('button', { name: 'Sign Up' }).click();
    await expectToast(page, 'Signup successful!');
    await expectToast(page, `Login successful, Welcome ${user.firstName}`);
    await page.waitForURL('**/home');
    expect(operations.filter((name) => name === 'Signup')).toHaveLength(1);
    await page.getByRole('button', { name: 'Account menu for Ada Lovelace' }).waitFor();
    await expectText(page, 'No Notes Available');
  });

  it('adds a note with bold text, a colour, a priority and two labels', async () => {
    // The new-note area rests as one line until opened (issue 38).
    const editor = await openNewNote(page);
    await editor.getByPlaceholder('Enter Title Here').fill(PLAN);
    const body = editor.getByRole('textbox', { name: 'Note body' });
    await body.click();
    // Bold through the toolbar on one width and the shortcut on the other: both must work.
    if (viewport === 'phone') await editor.getByRole('button', { name: 'Bold' }).click();
    else await page.keyboard.press('Control+B');
    await page.keyboard.type('Buy milk');
    if (viewport === 'phone') await editor.getByRole('button', { name: 'Bold' }).click();
    else await page.keyboard.press('Control+B');
    await page.keyboard.type(' and bread');
    await body.locator('strong', { hasText: 'Buy milk' }).waitFor();

    await editor.getByRole('button', { name: 'Choose colour' }).click();
    await editor.getByRole('button', { name: 'Colour #3AB0FF' }).click();
    await editor.getByRole('button', { name: 'Choose priority' }).click();
    await editor.getByRole('radio', { name: 'High' }).click();
    for (const label of ['work', 'urgent']) {
      // Closing the toast (a click outside) may or may not have closed the menu.
      await openMenu(editor.getByRole('button', { name: 'Choose labels' }));
      await editor.getByRole('textbox', { name: 'New label' }).fill(` ${label} `);
      await editor.getByRole('button', { name: 'Add label' }).click();
      await expectToast(page, 'New Label Added');
    }
    await closeMenu(editor.getByRole('button', { name: 'Choose labels' }));
    const chosen = editor.getByRole('list', { name: 'Chosen priority and labels' });
    expect(await chosen.getByRole('listitem').allTextContents()).toEqual([
      'High',
      'work',
      'urgent',
    ]);

    await editor.getByRole('button', { name: 'Add', exact: true }).click();
    await expectToast(page, 'Note Added');
    const plan = card(page, PLAN);
    await plan.locator('strong', { hasText: 'Buy milk' }).waitFor();
    expect(await plan.textContent()).toContain('Buy milk and bread');
    expect(
      await plan
        .getByRole('list', { name: 'Priority and labels' })
        .getByRole('listitem')
        .allTextContents(),
    ).toEqual(['High', 'work', 'urgent']);
    // #3AB0FF in the dark theme (the default) is its dark variant (issue 38).
    expect(await plan.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(
      'rgb(29, 74, 107)',
    );

    // A second note to search, sort and filter against.
    await page.getByRole('button', { name: 'New note' }).click();
    const second = page.getByRole('region', { name: 'New note' });
    await second.getByPlaceholder('Enter Title Here').fill(READING);
    await second.getByRole('textbox', { name: 'Note body' }).click();
    await page.keyboard.type('Dune by Frank Herbert');
    await second.getByRole('button', { name: 'Choose priority' }).click();
    await second.getByRole('radio', { name: 'Low' }).click();
    await second.getByRole('button', { name: 'Choose labels' }).click();
    await second.getByRole('textbox', { name: 'New label' }).fill('books');
    await second.getByRole('button', { name: 'Add label' }).click();
    await expectToast(page, 'New Label Added');
    await closeMenu(second.getByRole('button', { name: 'Choose labels' }));
    await second.getByRole('button', { name: 'Add', exact: true }).click();
    await expectToast(page, 'Note Added');
    await expectTitles(page, [READING, PLAN]);
  });

  it('edits the note in the modal', async () => {
    await card(page, PLAN).getByRole('button', { name: 'Edit note' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit note' });
    await dialog.waitFor();
    await dialog
      .getByRole('textbox', { name: 'Note body' })
      .locator('strong', { hasText: 'Buy milk' })
      .waitFor();
    await dialog.getByPlaceholder('Enter Title Here').fill(PLAN_EDITED);
    await dialog.getByRole('button', { name: 'Edit', exact: true }).click();
    await expectToast(page, 'Note Edited');
    await dialog.waitFor({ state: 'hidden' });
    await card(page, PLAN_EDITED).locator('strong', { hasText: 'Buy milk' }).waitFor();
    await expectTitles(page, [READING, PLAN_EDITED]);
  });

  it('searches: a hit, a miss, and clearing', async () => {
    const search = page.getByRole('searchbox', { name: 'Search notes' });
    await search.fill('Dune');
    await expectTitles(page, [READING]);
    await page.getByRole('button', { name: 'Clear search' }).click();
    await expectTitles(page, [READING, PLAN_EDITED]);

    await search.fill('milk');
    await expectTitles(page, [PLAN_EDITED]);
    await search.fill('no such words anywhere');
    await expectText(page, 'No Notes Found On Search');
    await page.getByRole('button', { name: 'Clear Search And Filters' }).click();
    await expectToast(page, 'Search And Filter Cleared');
    await expectTitles(page, [READING, PLAN_EDITED]);
    expect(await search.inputValue()).toBe('');
  });

  it('sorts and filters by priority, by tag and by date', async () => {
    await page.getByRole('button', { name: 'Filters' }).click();
    const panel = page.getByRole('region', { name: 'Filters' });
    await panel.waitFor();
    // Opening the filter panel closes the new-note editor (spec §4).
    expect(await page.getByRole('region', { name: 'New note' }).count()).toBe(0);

    await panel.getByRole('radio', { name: 'High To Low' }).check();
    await expectTitles(page, [PLAN_EDITED, READING]);
    await panel.getByRole('radio', { name: 'Low To High' }).check();
    await expectTitles(page, [READING, PLAN_EDITED]);
    await panel.getByRole('radio', { name: 'High', exact: true }).check();
    await expectTitles(page, [PLAN_EDITED]);
    await panel.getByRole('radio', { name: 'Low', exact: true }).check();
    await expectTitles(page, [READING]);
    await panel.getByRole('button', { name: 'Clear' }).click();
    await expectTitles(page, [READING, PLAN_EDITED]);

    await panel.getByRole('checkbox', { name: 'books' }).check();
    await expectTitles(page, [READING]);
    await panel.getByRole('checkbox', { name: 'urgent' }).check();
    await expectTitles(page, [READING, PLAN_EDITED]);
    await panel.getByRole('checkbox', { name: 'books' }).uncheck();
    await expectTitles(page, [PLAN_EDITED]);
    await panel.getByRole('button', { name: 'Clear' }).click();
    await panel.getByRole('checkbox', { checked: true }).first().waitFor({ state: 'detached' });
    await expectTitles(page, [READING, PLAN_EDITED]);

    await panel.getByRole('radio', { name: 'Oldest' }).check();
    await expectTitles(page, [PLAN_EDITED, READING]);
    await panel.getByRole('radio', { name: 'Latest' }).check();
    await expectTitles(page, [READING, PLAN_EDITED]);
    await panel.getByRole('button', { name: 'Clear' }).click();
    await page.getByRole('button', { name: 'Filters' }).click();
    await panel.waitFor({ state: 'hidden' });
  });

  it('archives, edits in the archive, trashes from the archive, restores back to the archive', async () => {
    await card(page, PLAN_EDITED).getByRole('button', { name: 'Archive note' }).click();
    await expectToast(page, 'Note Archived Successfully');
    await expectTitles(page, [READING]);

    await navigate(page, viewport, 'Archive');
    // The archive opens with the new-note editor closed.
    await card(page, PLAN_EDITED).waitFor();
    await page.getByRole('region', { name: 'New note' }).waitFor({ state: 'hidden' });
    await card(page, PLAN_EDITED).getByRole('button', { name: 'Edit note' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit note' });
    await dialog.getByPlaceholder('Enter Title Here').fill(PLAN_ARCHIVED);
    await dialog.getByRole('button', { name: 'Edit', exact: true }).click();
    await expectToast(page, 'Archive Note Updated Successfully');
    await dialog.waitFor({ state: 'hidden' });
    await expectTitles(page, [PLAN_ARCHIVED]);

    await card(page, PLAN_ARCHIVED).getByRole('button', { name: 'Move note to trash' }).click();
    await expectToast(page, 'Archive Note Moved To Trash');
    await expectText(page, 'No Archived Notes Available');

    await navigate(page, viewport, 'Trash');
    const trashed = card(page, PLAN_ARCHIVED);
    await trashed.waitFor();
    // Trash cards only restore or delete forever.
    expect(
      await trashed
        .getByRole('button')
        .evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label'))),
    ).toEqual(['Restore note', 'Delete note forever']);
    await trashed.getByRole('button', { name: 'Restore note' }).click();
    await expectToast(page, 'Note Restored');
    await expectText(page, 'No Notes In Trash');

    await navigate(page, viewport, 'Archive');
    await expectTitles(page, [PLAN_ARCHIVED]);
  });

  it('trashes from the notes and deletes forever', async () => {
    await navigate(page, viewport, 'Home');
    await card(page, READING).getByRole('button', { name: 'Move note to trash' }).click();
    await expectToast(page, 'Note Moved To Trash');
    await expectText(page, 'No Notes Available');

    await navigate(page, viewport, 'Trash');
    await card(page, READING).getByRole('button', { name: 'Delete note forever' }).click();
    // It cannot be undone, so it asks first (issue 13).
    await page.getByRole('dialog').getByRole('button', { name: 'Delete Forever' }).click();
    await expectToast(page, 'Note Permanently deleted');
    await expectText(page, 'No Notes In Trash');
  });

  it('keeps everything across a reload', async () => {
    await page.reload();
    await expectText(page, 'No Notes In Trash');
    await navigate(page, viewport, 'Archive');
    const plan = card(page, PLAN_ARCHIVED);
    await plan.locator('strong', { hasText: 'Buy milk' }).waitFor();
    expect(
      await plan
        .getByRole('list', { name: 'Priority and labels' })
        .getByRole('listitem')
        .allTextContents(),
    ).toEqual(['High', 'work', 'urgent']);
    // #3AB0FF in the dark theme (the default) is its dark variant (issue 38).
    expect(await plan.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(
      'rgb(29, 74, 107)',
    );
    await page.reload();
    await expectTitles(page, [PLAN_ARCHIVED]);
    await navigate(page, viewport, 'Home');
    await expectText(page, 'No Notes Available');
    expect(await notesList(page).count()).toBe(0);
  });

  it('logs out, guards /archive and returns there after login', async () => {
    await logout(page, viewport, server.url);
    expect(
      await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('isAuth')]),
    ).toEqual([null, null]);

    await page.goto('/archive');
    await page.waitForURL('**/login');
    await expectToast(page, 'Please Login First');
    await submitLogin(page, user.email, user.password);
    await expectToast(page, `Login successful, Welcome ${user.firstName}`);
    await page.waitForURL('**/archive');
    await expectTitles(page, [PLAN_ARCHIVED]);
  });

  it('logs in with the test credentials', async () => {
    await logout(page, viewport, server.url);
    if (viewport === 'phone') {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page
        .getByRole('navigation', { name: 'Menu' })
        .getByRole('link', { name: 'Login' })
        .click();
    } else {
      await page.getByRole('banner').getByRole('link', { name: 'Login' }).click();
    }
    await page.waitForURL('**/login');
    await page.getByRole('button', { name: 'Login With Test Credentials' }).click();
    await expectToast(page, 'Login successful, Welcome Demo');
    await page.waitForURL('**/home');
    await page.getByRole('button', { name: 'Account menu for Demo User' }).waitFor();
  });

  it('keeps the theme across a reload', async () => {
    expect(await htmlClass(page)).toContain('dark');
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    await page.getByRole('button', { name: 'Switch to dark theme' }).waitFor();
    expect(await htmlClass(page)).toContain('light');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');

    await page.reload();
    await page.getByRole('button', { name: 'Switch to dark theme' }).waitFor();
    expect(await htmlClass(page)).toContain('light');
    expect(await htmlClass(page)).not.toContain('dark');
  });

  it('shows the 404 page with a way home', async () => {
    await page.goto('/no/such/page');
    await page.getByRole('heading', { name: 'ERROR 404 : PAGE NOT FOUND' }).waitFor();
    await page.getByRole('link', { name: 'Go To Home' }).click();
    await page.waitForURL('**/home');
  });

  it('request tester: the default GET answers 200, bad JSON is refused', async () => {
    await page.goto('/mock');
    const response = page.getByRole('region', { name: 'Response' });
    await response.getByText('Response is undefined.').waitFor();
    expect(await page.getByLabel('Endpoint').inputValue()).toBe('/api/test-todos');
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/test-todos'));
    await page.getByRole('button', { name: 'Send' }).click();
    expect((await answered).status()).toBe(200);
    await response.getByText(/^200\b/).waitFor();

    await page.getByLabel('Body (JSON)').fill('{ "title": ');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByRole('alert').filter({ hasText: 'Error in JSON format' }).waitFor();
  });

  it('GraphiQL at /graphql runs a query with the signed-in token', async () => {
    await page.goto('/graphql');
    const queryEditor = page.locator('.graphiql-query-editor .CodeMirror');
    await queryEditor.waitFor();
    // The headers editor comes prefilled with the signed-in user's token.
    await page
      .locator('.graphiql-editor-tool .CodeMirror-line', { hasText: '"authorization": "Bearer ' })
      .waitFor();
    await queryEditor.click();
    await page.keyboard.press('Control+A');
    await page.keyboard.insertText('{ me { email } }');
    // GraphiQL re-reads the operation 100 ms after an edit; it then saves the query.
    await page.waitForFunction(() => localStorage.getItem('graphiql:query') === '{ me { email } }');
    const answered = page.waitForResponse(
      (r) =>
        r.url().endsWith('/graphql') &&
        r.request().method() === 'POST' &&
        (r.request().postData() ?? '').includes('me { email }'),
    );
    await page.getByRole('button', { name: 'Execute query (Ctrl-Enter)' }).click();
    expect((await answered).status()).toBe(200);
    await page.locator('.graphiql-response').getByText('"demo@jotter.app"').waitFor();
  });
});
