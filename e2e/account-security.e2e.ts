import fs from 'node:fs';

import type { Browser, BrowserContext, Page } from 'playwright-core';

import { expectToast, newAccount, postApi, storeSignIn } from './support/app';
import { seriousViolations } from './support/axe';
import { connectBrowser, newContext, type ViewportName } from './support/browser';
import { sharedServer, waitFor, type RunningServer } from './support/server';

/**
 * Issue 42, the profile's security: sessions (another device ended from here is sent to
 * /login), API tokens (shown once, read-only, revoked), the password, the email and deleting the
 * account, at phone and desktop widths, both themes, axe clean. Screenshots go to
 * /tmp/shots-b-tokens/.
 */
let server: RunningServer;
let browser: Browser;
const shots = '/tmp/shots-b-tokens';
const password = 'account-security-pass-1';
const iphone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  fs.mkdirSync(shots, { recursive: true });
  [server, browser] = await Promise.all([sharedServer(), connectBrowser()]);
});
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close()));
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const uniqueEmail = (what: string) =>
  `${what}.${Date.now()}.${Math.random().toString(36).slice(2)}@example.com`;

/** A page of a fresh context signed in with `auth`, in `theme`, at `viewport`, on `path`. */
async function openSignedIn(
  viewport: ViewportName,
  auth: { token: string; user: unknown },
  theme: 'light' | 'dark',
  path: string,
): Promise<Page> {
  const context = await newContext(browser, server.url, viewport);
  contexts.push(context);
  await storeSignIn(context, auth, theme);
  const page = await context.newPage();
  await page.goto(path);
  return page;
}

/** The REST status of `path` with `token`. */
async function statusOf(path: string, token: string, method = 'GET', body?: unknown) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      authorization: token,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return res.status;
}

/** Screenshots of the page in both themes (switched as the app's theme switch does), axe on each. */
async function shootBothThemes(page: Page, name: string) {
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((chosen) => {
      const root = document.documentElement;
      root.classList.remove('light', 'dark');
      root.classList.add(chosen);
      root.style.colorScheme = chosen;
    }, theme);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${shots}/${name}-${theme}.png`, fullPage: true });
  }
}

describe.each(['phone', 'desktop'] as const)('account security at %s width', (viewport) => {
  it('ends another session, makes a read token shown once, revokes it, changes the password', async () => {
    const email = uniqueEmail('security');
    const account = await newAccount(
      server.url,
      { firstName: 'Sam', lastName: 'Safe' },
      email,
      password,
    );
    // A second device: signed in from an iPhone.
    const phoneLogin = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': iphone },
      body: JSON.stringify({ email, password }),
    });
    const other = (await phoneLogin.json()) as { encodedToken: string; foundUser: unknown };
    const otherPage = await openSignedIn(
      viewport,
      { token: other.encodedToken, user: other.foundUser },
      'dark',
      '/home',
    );
    await otherPage.getByRole('textbox', { name: 'Take a note…', exact: true }).waitFor();

    const page = await openSignedIn(viewport, account, 'light', '/profile');
    const sessions = page.getByRole('list', { name: 'Sessions' });
    await sessions.getByText('This device').waitFor();
    const endOther = sessions.getByRole('button', { name: /^End session: Safari on iPhone/ });
    await endOther.waitFor();
    expect(await sessions.getByRole('listitem').count()).toBeGreaterThanOrEqual(2);
    await shootBothThemes(page, `sessions-${viewport}`);

    await endOther.click();
    await expectToast(page, 'Session Ended');
    await endOther.waitFor({ state: 'detached' });
    await otherPage.waitForURL('**/login');
    expect(await statusOf('/api/notes', other.encodedToken)).toBe(401);

    // An API token: read only, 30 days, shown once.
    const tokens = page.getByRole('region', { name: 'API tokens' });
    await tokens.getByLabel('Token name').fill('Backup script');
    await tokens.getByRole('radio', { name: 'Read' }).check();
    await tokens.getByLabel('Expires').selectOption('30');
    await tokens.getByRole('button', { name: 'Create token' }).click();
    await expectToast(page, 'API Token Created');
    const shown = tokens.getByLabel('New API token');
    const apiToken = (await shown.textContent())!.trim();
    expect(apiToken).toMatch(/^jot_/);
    await tokens.getByText('Copy your new token now: it will not be shown again.').waitFor();
    await tokens.getByRole('button', { name: 'Copy' }).waitFor();
    await page.screenshot({ path: `${shots}/new-token-${viewport}.png`, fullPage: true });
    expect(await statusOf('/api/notes', apiToken)).toBe(200);
    expect(
      await statusOf('/api/notes', `Bearer ${apiToken}`, 'POST', { note: { title: 'x' } }),
    ).toBe(403);
    await tokens.getByRole('button', { name: 'Done' }).click();
    await shown.waitFor({ state: 'detached' });
    const row = tokens.getByRole('listitem').filter({ hasText: 'Backup script' });
    await row.getByText('Read', { exact: true }).waitFor();
    await page.reload();
    await row.waitFor();
    expect(await page.content()).not.toContain(apiToken);

    await row.getByRole('button', { name: 'Revoke Backup script' }).click();
    const dialog = page.getByRole('dialog', { name: 'Revoke this token?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Revoke' }).click();
    await expectToast(page, 'API Token Revoked');
    await row.waitFor({ state: 'detached' });
    expect(await statusOf('/api/notes', apiToken)).toBe(401);

    // The password: a wrong current one and a mismatch are said inline, then it changes.
    const form = page.getByRole('region', { name: 'Password' });
    await form.getByLabel('Current password').fill('not my password');
    await form.getByLabel('New password', { exact: true }).fill('a new password 2');
    await form.getByLabel('Confirm new password').fill('a new password 3');
    await form.getByRole('button', { name: 'Change password' }).click();
    await form.getByText('Does not match the new password.').waitFor();
    await form.getByLabel('Confirm new password').fill('a new password 2');
    await form.getByRole('button', { name: 'Change password' }).click();
    await form.getByText('is not your current password').waitFor();
    await page.screenshot({ path: `${shots}/password-error-${viewport}.png`, fullPage: true });
    await form.getByLabel('Current password').fill(password);
    await form.getByRole('button', { name: 'Change password' }).click();
    await expectToast(page, 'Password Changed. Your Other Sessions Were Signed Out');
    await postApi(server.url, '/api/auth/login', { email, password: 'a new password 2' });
    expect(await statusOf('/api/notes', account.token)).toBe(200);
    await waitFor(
      async () => (await sessions.getByRole('listitem').count()) === 1,
      10_000,
      'only this device left in the sessions',
    );
  });

  it('changes the email, then deletes the account after offering the export', async () => {
    const email = uniqueEmail('delete');
    const account = await newAccount(
      server.url,
      { firstName: 'Del', lastName: 'Ete' },
      email,
      password,
    );
    const page = await openSignedIn(
      viewport,
      account,
      viewport === 'phone' ? 'dark' : 'light',
      '/profile',
    );
    const panel = page.getByRole('region', { name: 'Account' });
    const changed = uniqueEmail('changed');
    await panel.getByLabel('New email').fill(changed);
    await panel.getByLabel('Password').fill('wrong password');
    await panel.getByRole('button', { name: 'Change email' }).click();
    await panel.getByText('is not your password').waitFor();
    await panel.getByLabel('Password').fill(password);
    await panel.getByRole('button', { name: 'Change email' }).click();
    await expectToast(page, 'Email Changed');
    await page.getByRole('region', { name: 'Profile' }).getByText(changed).waitFor();

    await panel.getByRole('button', { name: 'Delete account…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete account' });
    await dialog.getByRole('button', { name: 'Export as JSON' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${shots}/delete-export-${viewport}.png` });
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await dialog.getByLabel('Password').fill('wrong password');
    await dialog.getByRole('button', { name: 'Delete forever' }).click();
    await dialog.getByText('is not your password').waitFor();
    await page.screenshot({ path: `${shots}/delete-confirm-${viewport}.png` });
    expect(await statusOf('/api/notes', account.token)).toBe(200);
    await dialog.getByLabel('Password').fill(password);
    await dialog.getByRole('button', { name: 'Delete forever' }).click();
    await page.waitForURL('**/login');
    await expectToast(page, 'Your Account Was Deleted');
    expect(await statusOf('/api/notes', account.token)).toBe(401);
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: changed, password }),
    });
    expect(login.status).toBe(404);
  });
});
