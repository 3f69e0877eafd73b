import fs from 'node:fs';

import type { Browser, BrowserContext, Page } from 'playwright-core';

import { expectToast, postApi, storeSignIn } from './support/app';
import { seriousViolations } from './support/axe';
import { connectBrowser, newContext, type ViewportName } from './support/browser';
import { startServer, type RunningServer } from './support/server';

/**
 * Issue 42's admin page on a server of its own (ALLOW_SIGNUP off, the demo account an admin), at
 * 375 px and 1280 px, both themes, axe on each screen: an admin disables a user whose open
 * browser is sent to /login, enables and deletes them; makes an invitation that signs someone up
 * once in another browser; a non-admin gets no link and a 403 screen. Screenshots in
 * /tmp/shots-e-admin/.
 */
let server: RunningServer;
let browser: Browser;
const shots = '/tmp/shots-e-admin';
const admin = { email: 'demo@jotter.app', password: 'jotter-demo-pass' };
const notAdmin = { email: 'sam@jotter.app', password: 'jotter-demo-pass' };
const password = 'invited-pass-123';
let adminToken = '';

beforeAll(async () => {
  fs.mkdirSync(shots, { recursive: true });
  [server, browser] = await Promise.all([
    startServer({ ALLOW_SIGNUP: 'off', ADMIN_EMAILS: admin.email }),
    connectBrowser(),
  ]);
  adminToken = (await postApi(server.url, '/api/auth/login', admin)).encodedToken as string;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const login = (who: { email: string; password: string }) =>
  postApi(server.url, '/api/auth/login', who).then((answer) => ({
    token: answer.encodedToken as string,
    user: answer.foundUser,
  }));

/** An account made through an invitation (signup is off here), signed in: its login answer. */
async function invited(firstName: string) {
  const { url } = await postApi(server.url, '/api/admin/invites', {}, adminToken);
  const invite = new URL(url as string).searchParams.get('invite');
  const email = `${firstName.toLowerCase()}.${Date.now()}@example.com`;
  await postApi(server.url, '/api/auth/signup', {
    firstName,
    lastName: 'Guest',
    email,
    password,
    confirmPassword: password,
    invite,
  });
  return { ...(await login({ email, password })), email };
}

/** A context signed in as `who`, in `theme`. */
async function browserOf(
  who: { token: string; user: unknown },
  viewport: ViewportName,
  theme: 'light' | 'dark',
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, server.url, viewport);
  await storeSignIn(context, who, theme);
  return { context, page: await context.newPage() };
}

/** Opens the account menu, once the answer saying whether this is an admin has come. */
async function openAccountMenu(page: Page): Promise<void> {
  const answered = page.waitForResponse(
    (res) =>
      res.url().endsWith('/graphql') &&
      (res.request().postDataJSON() as { operationName?: string } | null)?.operationName ===
        'IsAdmin',
  );
  await page.getByRole('button', { name: /^Account menu for / }).click();
  await answered;
}

async function expectAxeClean(page: Page, what: string): Promise<void> {
  expect([what, await seriousViolations(page)]).toEqual([what, []]);
}

/** The page in the dark theme then the light one (its toggle): axe on each, a screenshot of each. */
async function checkBothThemes(page: Page, name: string) {
  for (const theme of ['dark', 'light'] as const) {
    if (theme === 'light')
      await page.getByRole('button', { name: 'Switch to light theme' }).click();
    await page.locator(`html.${theme}`).waitFor();
    await expectAxeClean(page, `${name} (${theme})`);
    await page.screenshot({ path: `${shots}/${name}-${theme}.png`, fullPage: true });
  }
}

describe.each(['phone', 'desktop'] as const)('the admin page at %s width', (viewport) => {
  it('disables a user (their open browser goes to /login), enables and deletes them', async () => {
    const victim = await invited(`Vic${viewport}`);
    const name = `Vic${viewport} Guest`;
    const theirs = await browserOf(victim, viewport, 'light');
    await theirs.page.goto('/home');
    await theirs.page.getByRole('button', { name: /^Account menu for / }).waitFor();

    const mine = await browserOf(await login(admin), viewport, 'dark');
    const { page } = mine;
    await page.goto('/home');
    await openAccountMenu(page);
    await page.getByRole('menuitem', { name: 'Admin' }).click();
    await page.waitForURL('**/admin');
    const row = page.getByRole('button', { name: `Disable ${name}` });
    await row.waitFor();
    await expect(page.locator('.admin-figures').textContent()).resolves.toMatch(
      /Users\d+Notes\d+Database[\d.]+ [kMG]?BVersion0\.1\.0/,
    );
    // The admin's own row offers neither Disable nor Delete.
    await expect(page.getByRole('button', { name: 'Disable Demo User' }).count()).resolves.toBe(0);
    await checkBothThemes(page, `users-${viewport}`);

    await row.click();
    const dialog = page.getByRole('dialog', { name: 'Disable this account?' });
    await dialog.getByRole('button', { name: 'Disable' }).click();
    // Shown at once, before the server has answered too.
    await page.getByRole('button', { name: `Enable ${name}` }).waitFor();
    await expectToast(page, 'User Disabled');
    await theirs.page.waitForURL('**/login');
    await expect(
      postApi(server.url, '/api/auth/login', { email: victim.email, password }).catch(
        (e: Error) => e.message,
      ),
    ).resolves.toMatch(/answered 403: .*This account is disabled/);

    await page.getByRole('button', { name: `Enable ${name}` }).click();
    await expectToast(page, 'User Enabled');
    await page.getByRole('button', { name: `Disable ${name}` }).waitFor();

    await page.getByRole('button', { name: `Delete ${name}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this account?' });
    await expectAxeClean(page, `delete dialog (${viewport})`);
    await page.screenshot({ path: `${shots}/delete-dialog-${viewport}.png` });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'User Deleted');
    await expect(page.getByRole('button', { name: `Delete ${name}` }).count()).resolves.toBe(0);
    await expect(
      fetch(`${server.url}/api/notes`, { headers: { authorization: victim.token } }).then(
        (r) => r.status,
      ),
    ).resolves.toBe(401);
    await theirs.context.close();
    await mine.context.close();
  });

  it('makes an invitation that signs one person up, once, in another browser; revokes another', async () => {
    const mine = await browserOf(await login(admin), viewport, 'dark');
    const { page } = mine;
    await mine.context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/admin');
    const create = page.getByRole('button', { name: 'Create invitation' });
    await create.click();
    await expectToast(page, 'Invitation Created');
    const link = page.getByLabel('New invitation link (shown only now)');
    const url = await link.inputValue();
    expect(url).toMatch(/\/signup\?invite=[\w-]{43}$/);
    await page.getByRole('button', { name: 'Copy', exact: true }).click();
    await expectToast(page, 'Link Copied');
    await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(url);
    const pending = page.getByRole('list', { name: 'Pending invitations' }).getByRole('listitem');
    await expect(pending.count()).resolves.toBeGreaterThan(0);
    await expectAxeClean(page, `invitation link (${viewport})`);
    await page.screenshot({ path: `${shots}/invite-${viewport}.png`, fullPage: true });

    // The invited person, in a browser of their own.
    const guest = await newContext(browser, server.url, viewport);
    const guestPage = await guest.newPage();
    await guestPage.goto(url);
    const form = guestPage.locator('form', {
      has: guestPage.getByRole('heading', { name: 'Sign Up' }),
    });
    const email = `joined.${viewport}.${Date.now()}@example.com`;
    for (const [label, value] of [
      ['First Name', 'Joan'],
      ['Last Name', 'Joiner'],
      ['Email', email],
      ['Password', password],
      ['Confirm Password', password],
    ] as const) {
      await form.getByLabel(label, { exact: true }).fill(value);
    }
    await guestPage.screenshot({ path: `${shots}/signup-invited-${viewport}.png` });
    await form.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await guestPage.waitForURL('**/home');

    // The same link a second time: used up, said so, nothing to fill in.
    const again = await newContext(browser, server.url, viewport);
    const againPage = await again.newPage();
    await againPage.goto(url);
    await againPage
      .getByText('This invitation has already been used. Ask for a new one.')
      .waitFor();
    await expect(againPage.getByLabel('Email', { exact: true }).isDisabled()).resolves.toBe(true);
    await againPage.screenshot({ path: `${shots}/signup-used-${viewport}.png` });

    // Another invitation, revoked: gone from the list at once.
    await page.reload();
    await create.click();
    await expectToast(page, 'Invitation Created');
    const before = await pending.count();
    await pending
      .first()
      .getByRole('button', { name: /^Revoke/ })
      .click();
    await expectToast(page, 'Invitation Revoked');
    await expect(pending.count()).resolves.toBe(before - 1);
    await Promise.all([guest.close(), again.close(), mine.context.close()]);
  });

  it('tells someone who is not an admin that the page is not theirs, and offers no link', async () => {
    const { context, page } = await browserOf(await login(notAdmin), viewport, 'dark');
    await page.goto('/home');
    await openAccountMenu(page);
    await page.getByRole('menuitem', { name: 'Profile' }).waitFor();
    await expect(page.getByRole('menuitem', { name: 'Admin' }).count()).resolves.toBe(0);
    await page.goto('/admin');
    const heading = page.getByRole('heading', { name: 'Only admins can see this page' });
    await heading.waitFor();
    await checkBothThemes(page, `forbidden-${viewport}`);
    await context.close();
  });
});
