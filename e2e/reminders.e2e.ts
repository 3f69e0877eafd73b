import fs from 'node:fs';

import type { Browser, BrowserContext, Page } from 'playwright-core';
import { card, expectToast, newAccount, postApi, storeSignIn } from './support/app';
import { seriousViolations } from './support/axe';
import { connectBrowser, newContext, type ViewportName } from './support/browser';
import { sharedServer, type RunningServer } from './support/server';

/**
 * Issue 41 in the browser: the bell and its quick picks, the chip, the Reminders place, the toast
 * when a reminder fires in an open tab (Done), and the notification permission (the app's
 * dialog first; granted → subscribed; denied → said once), at 375 and 1280 px, in both themes,
 * axe clean. Needs the server's reminders (f-reminders).
 */
let server: RunningServer;
let browser: Browser;
const shots = '/tmp/shots-g-reminders-app';
const password = 'remind-pass-123';

beforeAll(async () => {
  fs.mkdirSync(shots, { recursive: true });
  server = await sharedServer();
  browser = await connectBrowser();
});

afterAll(async () => {
  await browser?.close();
});

interface Signed {
  page: Page;
  context: BrowserContext;
  token: string;
}

/** A new user with one note, signed in at this width and theme, on /home. */
async function signedIn(
  viewport: ViewportName,
  theme: 'light' | 'dark',
  title: string,
  setUp: (context: BrowserContext) => Promise<void> = () => Promise.resolve(),
): Promise<Signed & { noteId: string }> {
  const email = `remind.${viewport}.${theme}.${Date.now()}@example.com`;
  const auth = await newAccount(
    server.url,
    { firstName: 'Rem', lastName: 'Inder' },
    email,
    password,
  );
  const added = await postApi(
    server.url,
    '/api/notes',
    { note: { title, content: '<p>Body</p>' } },
    auth.token,
  );
  // The add answers the list (spec §7), the new account's one note in it; its id is `_id`.
  const [{ _id: noteId }] = added.notes as [{ _id: string }];
  const context = await newContext(browser, server.url, viewport);
  await setUp(context);
  await storeSignIn(context, auth, theme);
  const page = await context.newPage();
  await page.goto('/home');
  await card(page, title).waitFor();
  return { page, context, token: auth.token, noteId };
}

const bell = (page: Page, title: string) =>
  card(page, title).getByRole('button', { name: 'Remind me' });
const chip = (page: Page, title: string) =>
  card(page, title).getByRole('button', { name: /^Reminder: / });

describe.each([
  ['phone', 'light'],
  ['desktop', 'dark'],
] as const)('reminders at %s width, %s theme', (viewport, theme) => {
  it('sets Tomorrow from the bell, shows the chip, lists it in Reminders, and removes it', async () => {
    const { page, context } = await signedIn(viewport, theme, 'Call the plumber', async (c) => {
      // Decided already: this test is about the menu, not the permission.
      await c.addInitScript(() => localStorage.setItem('jotter.notifications-asked', 'later'));
    });
    await card(page, 'Call the plumber').hover();
    await bell(page, 'Call the plumber').click();
    const menu = page.getByRole('menu', { name: 'Remind me' });
    await menu.getByRole('menuitem', { name: /^Tomorrow/ }).waitFor();
    await menu.getByRole('menuitem', { name: /^Next week/ }).waitFor();
    await menu.getByRole('menuitem', { name: 'Pick date and time' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${shots}/menu-${viewport}-${theme}.png` });

    await menu.getByRole('menuitem', { name: /^Tomorrow/ }).click();
    await expectToast(page, 'Reminder Set');
    await chip(page, 'Call the plumber').waitFor();
    expect(await chip(page, 'Call the plumber').getAttribute('aria-label')).toMatch(
      /^Reminder: Tomorrow, /,
    );
    await page.screenshot({ path: `${shots}/chip-${viewport}-${theme}.png` });

    // It stays after a reload: the server has it.
    await page.reload();
    await chip(page, 'Call the plumber').waitFor();

    // The Reminders place, from the navigation.
    await page.goto('/reminders');
    const upcoming = page.getByRole('list', { name: 'Upcoming reminders' });
    await upcoming.getByRole('article', { name: 'Call the plumber' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${shots}/reminders-${viewport}-${theme}.png` });

    // The chip opens the menu; "Remove reminder" takes it away from the place at once.
    await upcoming
      .getByRole('article', { name: 'Call the plumber' })
      .getByRole('button', { name: /^Reminder: / })
      .click();
    await page.getByRole('menuitem', { name: 'Remove reminder' }).click();
    await expectToast(page, 'Reminder Removed');
    await page.getByText('Notes with a reminder show here').waitFor();

    // The profile's Notifications: this device, the devices, email, the test button.
    await page.goto('/profile');
    const panel = page.getByRole('region', { name: 'Notifications', exact: true });
    await panel.getByText('Email me when a reminder is due').waitFor();
    await panel.getByRole('button', { name: 'Send a test notification' }).waitFor();
    await panel.getByText('No device receives notifications yet.').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await panel.screenshot({ path: `${shots}/profile-${viewport}-${theme}.png` });
    await context.close();
  });

  it('shows the toast when a reminder fires in the open tab, and Done clears it', async () => {
    const { page, context, token, noteId } = await signedIn(viewport, theme, 'Take the cake out');
    // The live feed is up once the connection badge says nothing is wrong; set a reminder a few
    // seconds ahead through the API (as another device would) and wait for the toast.
    const at = new Date(Date.now() + 3000).toISOString();
    await postApi(
      server.url,
      `/api/notes/${noteId}`,
      { note: { reminder: { at, repeat: 'none', timeZone: 'Europe/Berlin' } } },
      token,
    );
    const toast = page.locator('.reminder-toast');
    await toast.getByText('Reminder: Take the cake out').waitFor({ timeout: 30_000 });
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${shots}/fired-${viewport}-${theme}.png` });
    await toast.getByRole('button', { name: 'Done' }).click();
    await expectToast(page, 'Reminder Removed');
    await chip(page, 'Take the cake out').waitFor({ state: 'detached' });
    await context.close();
  });
});

describe('the notification permission', () => {
  it('is asked with a sentence on why, the first time only; "Not now" leaves it unasked', async () => {
    const { page, context } = await signedIn('desktop', 'light', 'First reminder');
    await card(page, 'First reminder').hover();
    await bell(page, 'First reminder').click();
    await page.getByRole('menuitem', { name: /^Tomorrow/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Get reminders on this device?' });
    await dialog.getByText('Your browser will ask you next').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${shots}/permission-dialog-desktop-light.png` });
    await dialog.getByRole('button', { name: 'Not now' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => Notification.permission)).toBe('default');
    // A second reminder does not ask again.
    await card(page, 'First reminder').hover();
    await bell(page, 'First reminder').click();
    await page.getByRole('menuitem', { name: /^Next week/ }).click();
    await expectToast(page, 'Reminder Set');
    expect(await dialog.count()).toBe(0);
    await context.close();
  });

  it('granted: the device subscribes with the server key, without a dialog', async () => {
    const { page, context } = await signedIn('phone', 'dark', 'Granted', (c) =>
      c.grantPermissions(['notifications']),
    );
    const keyAsked = page.waitForRequest((request) => request.url().endsWith('/api/push/key'));
    await bell(page, 'Granted').click();
    await page.getByRole('menuitem', { name: /^Tomorrow/ }).click();
    await keyAsked;
    await expectToast(page, 'Reminder Set');
    expect(await page.getByRole('dialog', { name: 'Get reminders on this device?' }).count()).toBe(
      0,
    );
    await context.close();
  });

  it('denied: the reminder is set and the app says once that it still comes in-app and by email', async () => {
    const { page, context } = await signedIn('phone', 'light', 'Denied');
    // Chromium's own setting for this origin, as a user's "Block" leaves it.
    const cdp = await context.newCDPSession(page);
    const { targetInfo } = await cdp.send('Target.getTargetInfo');
    await cdp.send('Browser.setPermission', {
      permission: { name: 'notifications' },
      setting: 'denied',
      origin: server.url,
      browserContextId: targetInfo.browserContextId,
    });
    await page.reload();
    await card(page, 'Denied').waitFor();
    expect(await page.evaluate(() => Notification.permission)).toBe('denied');
    await bell(page, 'Denied').click();
    await page.getByRole('menuitem', { name: /^Tomorrow/ }).click();
    await expectToast(page, 'Reminder Set');
    await expectToast(
      page,
      'Notifications are off on this device. Reminders still show here in Jotter and by email.',
    );
    await chip(page, 'Denied').waitFor();
    await context.close();
  });
});
