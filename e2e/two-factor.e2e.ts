import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { Secret, TOTP } from 'otpauth';
import type { Browser, BrowserContext, Page } from 'playwright-core';

import { expectToast, logout, navigate, newAccount, storeSignIn, submitLogin } from './support/app';
import { seriousViolations } from './support/axe';
import { connectBrowser, newContext, type ViewportName } from './support/browser';
import { sharedServer, type RunningServer } from './support/server';

/**
 * Issue 42's two-factor sign-in and passkeys, at phone and desktop width, in both themes: turning
 * TOTP on in the profile (codes computed here from the secret the page shows), the recovery
 * codes downloaded; a passkey added in Chromium's virtual authenticator and renamed; then signing
 * out and in with a code, with a recovery code, and with "Sign in with a passkey" alone. axe on
 * each screen; screenshots in /tmp/shots-c-twofactor.
 */
let server: RunningServer;
let browser: Browser;
/** The server as http://localhost:port: WebAuthn takes a host name, not an IP address. */
let baseURL: string;
const password = 'two-factor-pass-1';
const shots = '/tmp/shots-c-twofactor';
const downloads = fs.mkdtempSync(path.join(os.tmpdir(), 'jotter-recovery-'));

beforeAll(async () => {
  fs.mkdirSync(shots, { recursive: true });
  [server, browser] = await Promise.all([sharedServer(), connectBrowser()]);
  baseURL = server.url.replace('127.0.0.1', 'localhost');
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  fs.rmSync(downloads, { recursive: true, force: true });
});

async function expectNoSeriousViolation(page: Page, what: string): Promise<void> {
  const problems = await seriousViolations(page);
  if (problems.length > 0) throw new Error(`axe on ${what}:\n${problems.join('\n')}`);
}

/** Puts the page in `theme` (as the toggle would have saved it) and waits for it to wear it. */
async function wearTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  await page.evaluate((t) => localStorage.setItem('theme', t), theme);
  await page.reload();
  await page.locator(`html.${theme}`).waitFor({ state: 'attached' });
}

/** Screenshots in both themes, each checked by axe, ending in `back`. */
async function shootBoth(
  page: Page,
  name: string,
  back: 'light' | 'dark',
  ready: () => Promise<void>,
) {
  for (const theme of back === 'light'
    ? (['dark', 'light'] as const)
    : (['light', 'dark'] as const)) {
    await wearTheme(page, theme);
    await ready();
    await expectNoSeriousViolation(page, `${name} (${theme})`);
    await page.screenshot({ path: `${shots}/${name}-${theme}.png`, fullPage: true });
  }
}

const codeFor = (secret: string, at: number) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: at,
  });

/** Chromium's virtual authenticator on this page: a platform one that keeps passkeys. */
async function virtualAuthenticator(context: BrowserContext, page: Page): Promise<void> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
}

const loginForm = (page: Page) =>
  page.locator('form', { has: page.getByRole('heading', { name: 'Login' }) });

/**
 * From the landing page to /login through the app: a reload would put back the context's first
 * token (storeSignIn), whose session the logout ended, and the app would bounce through /home.
 */
async function toLogin(page: Page): Promise<void> {
  await page.locator('header').getByRole('link', { name: 'Login', exact: true }).click();
  await page.waitForURL('**/login');
}

describe.each([
  ['phone', 'dark'],
  ['desktop', 'light'],
] as const)('two-factor and passkeys at %s width', (viewport: ViewportName, theme) => {
  const email = `twofactor.${viewport}.${Date.now()}@example.com`;
  let context: BrowserContext;
  let page: Page;
  let secret = '';
  let enabledAt = 0;
  let codes: string[] = [];

  beforeAll(async () => {
    const account = await newAccount(
      baseURL,
      { firstName: 'Tess', lastName: 'Otp' },
      email,
      password,
    );
    context = await newContext(browser, baseURL, viewport, { acceptDownloads: true });
    await storeSignIn(context, account, theme);
    page = await context.newPage();
    await virtualAuthenticator(context, page);
  });
  afterAll(() => context?.close());

  it('turns TOTP on in the profile (recovery codes downloaded) and adds and renames a passkey', async () => {
    await page.goto('/profile');
    const twoFactor = page.getByRole('region', { name: 'Two-factor sign-in' });
    await twoFactor.getByText(/^Off\./).waitFor();

    // Turn on: the QR code and the key, confirmed by the app's code.
    await twoFactor.getByRole('button', { name: 'Turn on' }).click();
    await twoFactor.getByRole('img', { name: /QR code/ }).waitFor();
    secret = (await twoFactor.locator('.security-panel__secret').textContent()) ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await twoFactor.getByLabel('Code from the app').fill('000000');
    await twoFactor.getByRole('button', { name: 'Confirm' }).click();
    await twoFactor
      .getByRole('alert')
      .getByText(/that code doesn't match/)
      .waitFor();
    await page.screenshot({ path: `${shots}/${viewport}-${theme}-setup.png`, fullPage: true });
    await expectNoSeriousViolation(page, 'two-factor setup');
    enabledAt = Date.now();
    await twoFactor.getByLabel('Code from the app').fill(codeFor(secret, enabledAt));
    await twoFactor.getByRole('button', { name: 'Confirm' }).click();
    await expectToast(page, 'Two-factor sign-in is on');

    // The ten recovery codes, once: downloaded as a .txt file.
    codes = await twoFactor
      .getByRole('list', { name: 'Recovery codes' })
      .getByRole('listitem')
      .allTextContents();
    expect(codes).toHaveLength(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    await page.screenshot({ path: `${shots}/${viewport}-${theme}-codes.png`, fullPage: true });
    await expectNoSeriousViolation(page, 'recovery codes');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      twoFactor.getByRole('button', { name: 'Download (.txt)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('jotter-recovery-codes.txt');
    const file = path.join(downloads, `${viewport}.txt`);
    await download.saveAs(file);
    const text = fs.readFileSync(file, 'utf8');
    for (const code of codes) expect(text).toContain(code);
    await twoFactor.getByRole('button', { name: 'I have saved them' }).click();
    await twoFactor.getByText('On. 10 of 10 recovery codes left', { exact: false }).waitFor();

    // A passkey, added under a name and renamed.
    const passkeys = page.getByRole('region', { name: 'Passkeys' });
    await passkeys.getByText('No passkeys yet.').waitFor();
    await passkeys.getByLabel('Name of the new passkey').fill('Test laptop');
    await passkeys.getByRole('button', { name: 'Add a passkey' }).click();
    await expectToast(page, 'Passkey added');
    await passkeys.getByRole('button', { name: 'Rename Test laptop' }).click();
    await passkeys.getByLabel('New name for Test laptop').fill('Work laptop');
    await passkeys.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Passkey renamed');
    await passkeys.getByText('Work laptop', { exact: true }).waitFor();
    const ready = () => passkeys.getByText('Work laptop', { exact: true }).waitFor();
    if (viewport === 'desktop') await shootBoth(page, `${viewport}-profile-on`, theme, ready);
    else {
      await expectNoSeriousViolation(page, 'profile with two-factor on');
      await page.screenshot({
        path: `${shots}/${viewport}-${theme}-profile-on.png`,
        fullPage: true,
      });
    }
  });

  it('signs in with the password and a code, with a recovery code, and with the passkey alone', async () => {
    expect(codes).toHaveLength(10);
    // Out, and in with the password and the next code.
    await logout(page, viewport, baseURL);
    await toLogin(page);
    await submitLogin(page, email, password);
    await expectToast(page, 'Enter the code from your authenticator app');
    const codeField = loginForm(page).getByLabel('Two-factor code');
    expect(await codeField.getAttribute('autocomplete')).toBe('one-time-code');
    expect(await codeField.getAttribute('inputmode')).toBe('numeric');
    await loginForm(page)
      .getByText(/one of your recovery codes/)
      .waitFor();
    await codeField.fill(codeFor(secret, enabledAt)); // used already: refused
    await loginForm(page).getByRole('button', { name: 'Login', exact: true }).click();
    await expectToast(page, 'That Code Is Wrong Or Was Already Used, Try Again!');
    if (viewport === 'phone') {
      await shootBoth(page, `${viewport}-login-code`, theme, async () => {
        await submitLogin(page, email, password);
        await codeField.waitFor();
      });
    } else {
      await expectNoSeriousViolation(page, 'login asking for the code');
      await page.screenshot({
        path: `${shots}/${viewport}-${theme}-login-code.png`,
        fullPage: true,
      });
    }
    await codeField.fill(codeFor(secret, enabledAt + 30_000));
    await loginForm(page).getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL(`${baseURL}/home`);

    // Out, and in with a recovery code.
    await logout(page, viewport, baseURL);
    await toLogin(page);
    await submitLogin(page, email, password);
    await codeField.fill(codes[3]!);
    await loginForm(page).getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL(`${baseURL}/home`);

    // Out, and in with the passkey alone: no email, no password, no code.
    await logout(page, viewport, baseURL);
    await toLogin(page);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page.waitForURL(`${baseURL}/home`);
    await expectToast(page, 'Login successful, Welcome Tess');
  });

  it('turns two-factor off with the password', async () => {
    // Through the app: a reload would bring back the context's first (signed-out) token.
    await navigate(page, viewport, 'Profile');
    const twoFactor = page.getByRole('region', { name: 'Two-factor sign-in' });
    await twoFactor.getByText(/recovery codes left/).waitFor();
    expect(await twoFactor.textContent()).toMatch(/On\. 9 of 10 recovery codes left/);

    // With two-factor on, deleting the account takes a code instead of the password: a wrong
    // one is refused inline, and Cancel keeps the account.
    await page.getByRole('button', { name: 'Delete account…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete account' });
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await dialog.getByRole('button', { name: 'Use a two-factor code instead' }).click();
    const deleteCode = dialog.getByLabel('Two-factor code');
    expect(await deleteCode.getAttribute('autocomplete')).toBe('one-time-code');
    await deleteCode.fill('00000'); // five digits: never a current code
    await dialog.getByRole('button', { name: 'Delete forever' }).click();
    await dialog.getByRole('alert').getByText('That code is wrong or was already used').waitFor();
    await expectNoSeriousViolation(page, 'delete account with a code');
    await page.screenshot({ path: `${shots}/${viewport}-${theme}-delete-code.png` });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await twoFactor.getByRole('button', { name: 'Turn off' }).click();
    await twoFactor.getByLabel('Your password').fill('not the password');
    await twoFactor.getByRole('button', { name: 'Turn off two-factor' }).click();
    await twoFactor
      .getByRole('alert')
      .getByText(/that password is wrong/)
      .waitFor();
    await twoFactor.getByLabel('Your password').fill(password);
    await twoFactor.getByRole('button', { name: 'Turn off two-factor' }).click();
    await expectToast(page, 'Two-factor sign-in is off');
    await twoFactor.getByRole('button', { name: 'Turn on' }).waitFor();
  });
});
