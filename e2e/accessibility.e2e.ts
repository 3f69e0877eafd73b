import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { notesList, postApi } from './support/app';
import { describeViolations } from './support/axe';
import { connectBrowser, viewports, type ViewportName } from './support/browser';
import { sharedServer, waitFor, type RunningServer } from './support/server';

/**
 * axe on every screen of issue 3 in both themes: no violation of impact serious or critical.
 * Signed-in pages hold notes in every colour, priority and with labels, so card contrast is
 * checked on real content.
 */
let server: RunningServer;
let browser: Browser;
let session: { token: string; user: Record<string, string> };

const password = 'accessible-pass-1';
const COLOURS = ['#F29191', '#3AB0FF', '#14C38E', '#E2C275', '#FF7F3F', '#A2416B', ''];
const PRIORITIES = ['high', 'medium', 'low', ''];

const api = (path: string, body: unknown, token?: string) => postApi(server.url, path, body, token);

/** A user with notes in every colour, some archived and some trashed. */
async function seedUser(): Promise<typeof session> {
  const email = `grace.${Date.now()}@example.com`;
  await api('/api/auth/signup', {
    firstName: 'Grace',
    lastName: 'Hopper',
    email,
    password,
    confirmPassword: password,
  });
  const login = await api('/api/auth/login', { email, password });
  const token = login.encodedToken as string;
  const ids: string[] = [];
  for (const [index, color] of COLOURS.entries()) {
    const title = `Note ${index + 1} ${color || 'plain'}`;
    const { notes } = await api(
      '/api/notes',
      {
        note: {
          title,
          content:
            '<h2>Heading</h2><p><strong>Bold</strong>, <em>italic</em> and <a href="https://example.com">a link</a>.</p><ul><li>one</li><li>two</li></ul>',
          color,
          priority: PRIORITIES[index % PRIORITIES.length],
          tags: ['work', `tag-${index}`],
        },
      },
      token,
    );
    ids.push((notes as { _id: string; title: string }[]).find((note) => note.title === title)!._id);
  }
  await api(`/api/notes/archives/${ids[0]}`, {}, token);
  await api(`/api/notes/archives/${ids[1]}`, {}, token);
  await api(`/api/notes/trash/${ids[2]}`, {}, token);
  await api(`/api/notes/trash/${ids[3]}`, {}, token);
  const found = login.foundUser as Record<string, string>;
  const user = {
    id: found._id!,
    firstName: found.firstName!,
    lastName: found.lastName!,
    email: found.email!,
    createdAt: found.createdAt!,
    updatedAt: found.updatedAt!,
  };
  return { token, user };
}

beforeAll(async () => {
  [server, browser] = await Promise.all([sharedServer(), connectBrowser()]);
  session = await seedUser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

interface Screen {
  name: string;
  path: string;
  signedIn: boolean;
  /** Desktop unless said otherwise. */
  viewport?: ViewportName;
  /** Resolves once the screen shows its content (not a spinner). */
  ready: (page: Page) => Promise<unknown>;
  /** Something to do before the check (open a modal). */
  act?: (page: Page) => Promise<unknown>;
}

const heading = (name: string) => (page: Page) => page.getByRole('heading', { name }).waitFor();
const cards = (count: number) => (page: Page) =>
  waitFor(
    async () => (await notesList(page).getByRole('article').count()) === count,
    10_000,
    `${count} note cards`,
  );

const SCREENS: Screen[] = [
  { name: 'landing', path: '/', signedIn: false, ready: heading('Meet Jotter') },
  { name: 'login', path: '/login', signedIn: false, ready: heading('Login') },
  { name: 'signup', path: '/signup', signedIn: false, ready: heading('Sign Up') },
  { name: 'home (with notes)', path: '/home', signedIn: true, ready: cards(3) },
  {
    name: 'home with the edit modal',
    path: '/home',
    signedIn: true,
    ready: cards(3),
    act: async (page) => {
      await notesList(page).getByRole('button', { name: 'Edit note' }).first().click();
      await page.getByRole('dialog', { name: 'Edit note' }).waitFor();
    },
  },
  {
    name: 'home with the filters open',
    path: '/home',
    signedIn: true,
    ready: cards(3),
    act: async (page) => {
      await page.getByRole('button', { name: 'Filters' }).click();
      await page.getByRole('checkbox', { name: 'work' }).waitFor();
    },
  },
  {
    name: 'home at 375 px with the side menu open',
    path: '/home',
    signedIn: true,
    viewport: 'phone',
    ready: cards(3),
    act: async (page) => {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('navigation', { name: 'Menu' }).waitFor();
    },
  },
  {
    name: 'home with a card focused from the keyboard (j)',
    path: '/home',
    signedIn: true,
    ready: cards(3),
    act: async (page) => {
      await page.keyboard.press('j');
      await notesList(page).getByRole('article').first().and(page.locator(':focus')).waitFor();
    },
  },
  {
    name: 'home with the keyboard shortcuts (?)',
    path: '/home',
    signedIn: true,
    ready: cards(3),
    act: async (page) => {
      await page.keyboard.press('?');
      await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor();
    },
  },
  {
    name: 'home with Edit labels open',
    path: '/home?labels=edit',
    signedIn: true,
    ready: cards(3),
    act: (page) => page.getByRole('textbox', { name: 'Label name: work' }).waitFor(),
  },
  { name: 'archive', path: '/archive', signedIn: true, ready: cards(2) },
  {
    name: 'trash asking before Empty trash',
    path: '/trash',
    signedIn: true,
    ready: cards(2),
    act: async (page) => {
      await page.getByRole('button', { name: 'Empty trash' }).click();
      await page.getByRole('dialog', { name: 'Empty trash?' }).waitFor();
    },
  },
  { name: 'trash', path: '/trash', signedIn: true, ready: cards(2) },
  {
    name: 'profile',
    path: '/profile',
    signedIn: true,
    ready: (page) => page.getByText('Account Created').waitFor(),
  },
  { name: 'mock', path: '/mock', signedIn: true, ready: heading('Request Tester') },
  {
    name: 'mock with a response',
    path: '/mock',
    signedIn: true,
    ready: heading('Request Tester'),
    act: async (page) => {
      await page.getByRole('button', { name: 'Send' }).click();
      await page.getByRole('heading', { name: 'Headers' }).waitFor();
    },
  },
  {
    name: '404',
    path: '/no/such/page',
    signedIn: false,
    ready: heading('ERROR 404 : PAGE NOT FOUND'),
  },
];

describe.each(['dark', 'light'] as const)('axe, %s theme', (theme) => {
  const contexts = new Map<string, BrowserContext>();

  /** A context per sign-in state and width (auth state written before the app starts). */
  async function pageFor(signedIn: boolean, viewport: ViewportName): Promise<Page> {
    const key = `${signedIn}-${viewport}`;
    let context = contexts.get(key);
    if (!context) {
      context = await browser.newContext({ baseURL: server.url, viewport: viewports[viewport] });
      await context.addInitScript(
        ({ theme, auth }) => {
          localStorage.setItem('theme', theme);
          if (auth) {
            localStorage.setItem('token', auth.token);
            localStorage.setItem('user', JSON.stringify(auth.user));
            localStorage.setItem('isAuth', 'true');
          }
        },
        { theme, auth: signedIn ? session : null },
      );
      contexts.set(key, context);
    }
    return context.pages()[0] ?? context.newPage();
  }

  afterAll(async () => {
    for (const context of contexts.values()) await context.close();
  });

  it.each(SCREENS.map((screen) => [screen.name, screen] as const))(
    '%s has no serious or critical violation',
    async (_name, screen) => {
      const page = await pageFor(screen.signedIn, screen.viewport ?? 'desktop');
      await page.goto(screen.path);
      await screen.ready(page);
      await screen.act?.(page);
      expect(await page.evaluate(() => document.documentElement.className)).toContain(theme);
      const results = await new AxeBuilder({ page }).analyze();
      const problems = describeViolations(results);
      if (problems.length > 0) {
        throw new Error(
          `axe found ${problems.length} serious/critical violation(s) on ${screen.name} (${theme}):\n${problems.join('\n')}`,
        );
      }
    },
  );
});
