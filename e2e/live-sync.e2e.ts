import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  card,
  expectTitles,
  expectToast,
  navigate,
  openNewNote,
  postApi,
  signInThroughStorage,
} from './support/app';
import { connectBrowser, newContext } from './support/browser';
import { sharedServer, waitFor, type RunningServer } from './support/server';

/**
 * Issue 12: one user in two browsers (two contexts: two devices). What one does shows in the other
 * within a moment, with no reload; an edit made in one while the other has the note open never
 * overwrites silently, and the user chooses.
 */
let server: RunningServer;
let browser: Browser;
const password = 'live-sync-pass-1';

beforeAll(async () => {
  [server, browser] = await Promise.all([sharedServer(), connectBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A new user's sign-in: the login answer (token and user). */
async function newUser(): Promise<Record<string, unknown>> {
  const email = `live.${Date.now()}.${Math.random().toString(36).slice(2)}@example.com`;
  await postApi(server.url, '/api/auth/signup', {
    firstName: 'Live',
    lastName: 'Sync',
    email,
    password,
    confirmPassword: password,
  });
  return postApi(server.url, '/api/auth/login', { email, password });
}

/** A page of `context` signed in as `login`'s user, on the landing page. */
async function signedInPage(context: BrowserContext, login: Record<string, unknown>) {
  const page = await context.newPage();
  await signInThroughStorage(page, login.encodedToken as string, login.foundUser);
  return page;
}

/** A new user, signed in on two devices (phone and desktop), both on /home. */
async function twoDevices(): Promise<{ phone: Page; desktop: Page; contexts: BrowserContext[] }> {
  const login = await newUser();
  const contexts = await Promise.all([
    newContext(browser, server.url, 'phone'),
    newContext(browser, server.url, 'desktop'),
  ]);
  const pages = await Promise.all(
    contexts.map(async (context) => {
      const page = await signedInPage(context, login);
      const live = page.waitForEvent('websocket', (ws) => ws.url().endsWith('/graphql'));
      await page.goto('/home');
      await page.getByText('No Notes Available').waitFor();
      await live;
      return page;
    }),
  );
  return { phone: pages[0]!, desktop: pages[1]!, contexts };
}

async function addNote(page: Page, title: string, body: string) {
  const editor = await openNewNote(page);
  await editor.getByPlaceholder('Enter Title Here').fill(title);
  await editor.getByRole('textbox', { name: 'Note body' }).click();
  await page.keyboard.type(body);
  await editor.getByRole('button', { name: 'Add', exact: true }).click();
  await expectToast(page, 'Note Added');
}

it('a note added, edited, archived, trashed and deleted on one device follows on the other', async () => {
  const { phone, desktop, contexts } = await twoDevices();
  await addNote(desktop, 'Shopping', 'Milk');
  await expectTitles(phone, ['Shopping']);

  await card(desktop, 'Shopping').getByRole('button', { name: 'Edit note' }).click();
  const modal = desktop.getByRole('dialog', { name: 'Edit note' });
  await modal.getByRole('textbox', { name: 'Title' }).fill('Shopping for Sunday');
  await modal.getByRole('button', { name: 'Edit', exact: true }).click();
  await expectToast(desktop, 'Note Edited');
  await expectTitles(phone, ['Shopping for Sunday']);

  await card(desktop, 'Shopping for Sunday').getByRole('button', { name: 'Archive note' }).click();
  await phone.getByText('No Notes Available').waitFor();
  await navigate(phone, 'phone', 'Archive');
  await expectTitles(phone, ['Shopping for Sunday']);

  await navigate(desktop, 'desktop', 'Archive');
  await card(desktop, 'Shopping for Sunday')
    .getByRole('button', { name: 'Move note to trash' })
    .click();
  await phone.getByText('No Archived Notes Available').waitFor();
  await navigate(phone, 'phone', 'Trash');
  await expectTitles(phone, ['Shopping for Sunday']);

  await navigate(desktop, 'desktop', 'Trash');
  await card(desktop, 'Shopping for Sunday')
    .getByRole('button', { name: 'Delete note forever' })
    .click();
  await desktop.getByRole('dialog').getByRole('button', { name: 'Delete Forever' }).click();
  await phone.getByText('No Notes In Trash').waitFor();
  await Promise.all(contexts.map((context) => context.close()));
});

it('a page asks for its notes once, and a change made before its feed is up still arrives', async () => {
  const login = await newUser();
  const context = await newContext(browser, server.url, 'desktop');
  const page = await signedInPage(context, login);
  const operations: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/graphql') {
      operations.push((request.postDataJSON() as { operationName?: string }).operationName ?? '');
    }
  });
  let listAnswered = false;
  page.on('response', (response) => {
    if (response.request().postData()?.includes('"operationName":"NotesList"')) listAnswered = true;
  });
  // The feed's socket is held until a note is added elsewhere: after the list's answer was read,
  // before the feed starts.
  let feedUp!: () => void;
  const feedConnected = new Promise<void>((resolve) => (feedUp = resolve));
  let answeredFirst = false;
  await page.routeWebSocket(/\/graphql$/, async (socket) => {
    answeredFirst = listAnswered;
    await postApi(
      server.url,
      '/api/notes',
      { note: { title: 'Added meanwhile', content: '<p>On the phone</p>' } },
      login.encodedToken as string,
    );
    socket.connectToServer();
    feedUp();
  });

  await page.goto('/home');
  await feedConnected;
  expect(answeredFirst).toBe(true);
  await expectTitles(page, ['Added meanwhile']);
  expect(operations.filter((name) => name === 'NotesList')).toHaveLength(1);
  expect(operations).not.toContain('NoteEventsCursor');
  await context.close();
});

describe.each([
  ['Keep Mine', ['Title from the desktop'], 'Title from the desktop'],
  ['Take Theirs', ['Title from the phone'], 'Title from the phone'],
  ['Keep Both', ['Title from the desktop', 'Title from the phone'], 'Title from the phone'],
])('both devices change the title: %s', (choice, titles, inEditor) => {
  it('shows the choice, and nothing is lost that the user kept', async () => {
    const { phone, desktop, contexts } = await twoDevices();
    await addNote(desktop, 'Plans', 'Sunday');
    await expectTitles(phone, ['Plans']);

    await card(desktop, 'Plans').getByRole('button', { name: 'Edit note' }).click();
    const modal = desktop.getByRole('dialog', { name: 'Edit note' });
    await modal.getByRole('textbox', { name: 'Title' }).fill('Title from the desktop');

    await card(phone, 'Plans').getByRole('button', { name: 'Edit note' }).click();
    const phoneModal = phone.getByRole('dialog', { name: 'Edit note' });
    await phoneModal.getByRole('textbox', { name: 'Title' }).fill('Title from the phone');
    await phoneModal.getByRole('button', { name: 'Edit', exact: true }).click();
    await expectToast(phone, 'Note Edited');

    const banner = modal.getByRole('alert');
    await banner.getByText('changed on another device').waitFor();
    await banner.getByRole('button', { name: choice }).click();
    if (choice === 'Keep Both') await expectToast(desktop, 'Note Added');
    const title = modal.getByRole('textbox', { name: 'Title' });
    await waitFor(
      async () => (await title.inputValue()) === inEditor,
      5_000,
      `the title ${inEditor}`,
    );
    await modal.getByRole('button', { name: 'Edit', exact: true }).click();
    await expectToast(desktop, 'Note Edited');
    await expectTitles(desktop, titles);
    await expectTitles(phone, titles);
    await Promise.all(contexts.map((context) => context.close()));
  });
});
