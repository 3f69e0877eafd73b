import fs from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startTestProvider, type TestProvider } from '../test/support/oidc-provider';
import { freePort } from '../test/support/server-process';
import { expectToast, newAccount } from './support/app';
import { seriousViolations } from './support/axe';
import { connectBrowser, newContext, type ViewportName } from './support/browser';
import { startServer, waitFor, type RunningServer } from './support/server';

/**
 * Single sign-on in a real browser against a real OpenID Connect provider (oidc-provider and its
 * development login page): "Sign in with Test SSO" on the login page, the provider's login, and
 * back on /home signed in, at phone and desktop width in both themes; the login and signup pages
 * of a server with PASSWORD_LOGIN=off; a refused sign-in's message on the login page.
 */
const SHOTS = '/tmp/shots-d-oidc';
const callback = (port: number) => `http://127.0.0.1:${port}/api/auth/oidc/callback`;

let provider: TestProvider;
let sso: RunningServer;
let ssoOnly: RunningServer;
let browser: Browser;

beforeAll(async () => {
  fs.mkdirSync(SHOTS, { recursive: true });
  const ports = [await freePort(), await freePort()] as const;
  provider = await startTestProvider(ports.map(callback));
  const oidc = {
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: provider.clientId,
    OIDC_CLIENT_SECRET: provider.clientSecret,
    OIDC_LABEL: 'Test SSO',
  };
  [sso, ssoOnly, browser] = await Promise.all([
    startServer({ ...oidc, PORT: String(ports[0]) }),
    startServer({ ...oidc, PORT: String(ports[1]), PASSWORD_LOGIN: 'off' }),
    connectBrowser(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await Promise.all([sso?.stop(), ssoOnly?.stop(), provider?.stop()]);
});

/** A context at `viewport` in `theme`, signed out. */
async function pageAt(
  server: RunningServer,
  viewport: ViewportName,
  theme: 'light' | 'dark',
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, server.url, viewport);
  await context.addInitScript((chosen) => localStorage.setItem('theme', chosen), theme);
  return { context, page: await context.newPage() };
}

/** Signs in at the provider's development login page as `subject` (any password). */
async function providerLogin(page: Page, subject: string): Promise<void> {
  await page.waitForURL((url) => url.href.startsWith(provider.issuer));
  await page.locator('input[name="login"]').fill(subject);
  await page.locator('input[name="password"]').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
}

// Each width in one theme here; the refused sign-in below shows the login page in the other.
describe.each([
  ['phone', 'light'],
  ['desktop', 'dark'],
] as const)('single sign-on at %s width, %s theme', (viewport, theme) => {
  it('signs in through the provider and lands on /home, the token never in the address', async () => {
    const subject = `sso-${viewport}-${theme}`;
    await provider.setAccount(subject, {
      email: `${subject}@sso.test`,
      email_verified: true,
      given_name: 'Hedy',
      family_name: 'Lamarr',
    });
    const { context, page } = await pageAt(sso, viewport, theme);
    try {
      const addresses: string[] = [];
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame()) addresses.push(frame.url());
      });
      await page.goto('/login');
      const button = page.getByRole('link', { name: 'Sign in with Test SSO' });
      await button.waitFor();
      // The password form stays beside it.
      expect(await page.getByLabel('Email').count()).toBe(1);
      expect(await page.evaluate(() => document.documentElement.className)).toContain(theme);
      await page.screenshot({ path: `${SHOTS}/${viewport}-${theme}-login.png`, fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);

      await button.click();
      await providerLogin(page, subject);
      await page.waitForURL('**/home');
      await expectToast(page, 'Login successful, Welcome Hedy');
      expect(await page.evaluate(() => localStorage.getItem('isAuth'))).toBe('true');
      const token = await page.evaluate(() => localStorage.getItem('token'));
      expect(token).toEqual(expect.stringMatching(/^ey/));
      // The fragment carried it to /login/sso, which took it out of the address and the history.
      expect(addresses.some((url) => url.includes('/login/sso'))).toBe(true);
      expect(page.url()).not.toContain(token!);
      expect(await page.evaluate(() => window.location.hash)).toBe('');
      await page.screenshot({ path: `${SHOTS}/${viewport}-${theme}-home.png` });
    } finally {
      await context.close();
    }
  });
});

describe.each([
  ['phone', 'dark'],
  ['desktop', 'light'],
] as const)('PASSWORD_LOGIN=off at %s width, %s theme', (viewport, theme) => {
  it('shows only single sign-on on the login and signup pages', async () => {
    const { context, page } = await pageAt(ssoOnly, viewport, theme);
    try {
      await page.goto('/login');
      const button = page.getByRole('link', { name: 'Sign in with Test SSO' });
      await button.waitFor();
      await waitFor(
        async () => (await page.getByLabel('Email').count()) === 0,
        10_000,
        'the password form to go',
      );
      expect(await page.getByRole('link', { name: 'Create an account' }).count()).toBe(0);
      // Passkeys stay a way in when passwords are off.
      expect(await page.getByRole('button', { name: 'Sign in with a passkey' }).count()).toBe(1);
      await page.screenshot({ path: `${SHOTS}/${viewport}-${theme}-login-sso-only.png` });
      expect(await seriousViolations(page)).toEqual([]);

      await page.goto('/signup');
      await page.getByText('Accounts on this server use single sign-on').waitFor();
      expect(await page.getByRole('link', { name: 'Sign in with Test SSO' }).count()).toBe(1);
      expect(await page.getByLabel('Password', { exact: true }).count()).toBe(0);
      await page.screenshot({ path: `${SHOTS}/${viewport}-${theme}-signup-sso-only.png` });
      expect(await seriousViolations(page)).toEqual([]);

      if (viewport === 'phone') {
        await provider.setAccount(`only-${theme}`, {
          email: `only-${theme}@sso.test`,
          email_verified: true,
        });
        await page.getByRole('link', { name: 'Sign in with Test SSO' }).click();
        await providerLogin(page, `only-${theme}`);
        await page.waitForURL('**/home');
      }
    } finally {
      await context.close();
    }
  });
});

describe('a refused single sign-on', () => {
  it.each(['desktop', 'phone'] as const)(
    'says why on the login page (%s): an unverified email never joins an account',
    async (viewport) => {
      const email = `taken-${viewport}-${Date.now()}@example.com`;
      await newAccount(
        sso.url,
        { firstName: 'Ada', lastName: 'Lovelace' },
        email,
        'a long password',
      );
      await provider.setAccount(`unverified-${viewport}`, { email, email_verified: false });
      const theme = viewport === 'phone' ? 'dark' : 'light';
      const { context, page } = await pageAt(sso, viewport, theme);
      try {
        await page.goto('/login');
        await page.getByRole('link', { name: 'Sign in with Test SSO' }).click();
        await providerLogin(page, `unverified-${viewport}`);
        await page.waitForURL('**/login?sso_error=unverified_email');
        const alert = page
          .getByRole('alert')
          .filter({ hasText: 'does not say the email is verified' });
        await alert.waitFor();
        expect(await page.evaluate(() => localStorage.getItem('isAuth'))).not.toBe('true');
        await page.screenshot({
          path: `${SHOTS}/${viewport}-${theme}-refused.png`,
          fullPage: true,
        });
        expect(await seriousViolations(page)).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );
});
