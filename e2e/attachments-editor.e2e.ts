import fs from 'node:fs';
import type { Browser, BrowserContext, Locator, Page, Route } from 'playwright-core';
import sharp from 'sharp';
import { newAccount, openNewNote, storeSignIn } from './support/app';
import { seriousViolations } from './support/axe';
import { connectBrowser, newContext, type ViewportName } from './support/browser';
import { sharedServer, waitFor, type RunningServer } from './support/server';

/**
 * Issue 40's images in the editor, in a real browser at phone and desktop width, in both themes:
 * added by the file picker, a paste and a drop, each shown at once with its upload's progress; a
 * failed upload says so and Retry sends it again; Remove and a description work; the saved note
 * holds `/api/attachments/{id}` addresses only. Offline, an added image shows from the browser's
 * storage, stays through a reload, and uploads when the network is back.
 */
let server: RunningServer;
let browser: Browser;
const password = 'images-pass-1';
const SHOTS = '/tmp/shots-h-client';

/** A small PNG of one colour, as a phone's photo would be, only smaller. */
async function png(name: string, background: string) {
  const buffer = await sharp({
    create: { width: 160, height: 100, channels: 3, background },
  })
    .png()
    .toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

type TestFile = Awaited<ReturnType<typeof png>>;

beforeAll(async () => {
  fs.mkdirSync(SHOTS, { recursive: true });
  [server, browser] = await Promise.all([sharedServer(), connectBrowser()]);
});

afterAll(async () => {
  await browser?.close();
});

async function signedIn(viewport: ViewportName, theme: 'light' | 'dark') {
  const email = `images-${viewport}-${theme}-${Date.now()}@example.com`;
  const auth = await newAccount(server.url, { firstName: 'Ima', lastName: 'Ges' }, email, password);
  // The user as the app keeps it after signing in (REST calls the id `_id`): the outbox keeps
  // changes per user id.
  const found = auth.user as Record<string, unknown>;
  const user = { ...found, id: found._id };
  const context = await newContext(browser, server.url, viewport);
  await storeSignIn(context, { token: auth.token, user }, theme);
  const page = await context.newPage();
  await page.goto('/home');
  expect(await page.evaluate(() => document.documentElement.className)).toContain(theme);
  return { context, page, token: auth.token };
}

/** The notes as the server has them (REST). */
async function serverNotes(token: string): Promise<Array<{ title: string; content: string }>> {
  const response = await fetch(`${server.url}/api/notes`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const body = (await response.json()) as { notes: Array<{ title: string; content: string }> };
  return body.notes;
}

/** Pastes or drops `file` on the editor's body, as the browser would hand it over. */
async function hand(body: Locator, how: 'paste' | 'drop', file: TestFile): Promise<void> {
  await body.evaluate(
    (element, { how, name, type, base64 }) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const data = new DataTransfer();
      data.items.add(new File([bytes], name, { type }));
      const box = element.getBoundingClientRect();
      const event =
        how === 'paste'
          ? new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true })
          : new DragEvent('drop', {
              dataTransfer: data,
              bubbles: true,
              cancelable: true,
              clientX: box.right - 4,
              clientY: box.bottom - 4,
            });
      element.dispatchEvent(event);
    },
    { how, name: file.name, type: file.mimeType, base64: file.buffer.toString('base64') },
  );
}

/** True once every image in `scope` has loaded (a picture, not a broken icon). */
function allImagesLoaded(scope: Locator, count: number) {
  return async () => {
    const sizes = await scope
      .locator('img')
      .evaluateAll((images) =>
        images.map(
          (image) =>
            (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth,
        ),
      );
    return sizes.length === count && sizes.every((width) => typeof width === 'number' && width > 0);
  };
}

/** Holds the uploads back until `release` is called, so their progress can be seen. */
async function holdUploads(page: Page) {
  let release = () => undefined as void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const continued: Promise<void>[] = [];
  const handler = (route: Route) => {
    const going = released.then(() => route.continue());
    continued.push(going);
    return going;
  };
  await page.route('**/api/attachments', handler);
  return {
    release: async () => {
      release();
      await Promise.all(continued);
      await page.unroute('**/api/attachments', handler);
    },
  };
}

describe.each([
  ['phone', 'light'],
  ['desktop', 'dark'],
] as const)('images in the editor at %s width, %s theme', (viewport, theme) => {
  let context: BrowserContext;
  afterAll(async () => {
    await context?.close();
  });

  it('adds images by the file picker, a paste and a drop; retries, removes and describes them', async () => {
    const shot = (name: string) => `${SHOTS}/${viewport}-${theme}-${name}.png`;
    const session = await signedIn(viewport, theme);
    context = session.context;
    const { page } = session;
    const title = `Receipts ${viewport}`;
    const editor = await openNewNote(page);
    await editor.getByPlaceholder('Enter Title Here').fill(title);
    const body = editor.getByRole('textbox', { name: 'Note body' });
    await body.click();
    await page.keyboard.type('Lunch ');

    // "Add image" offers a file picker for images (a phone offers its camera), as Keep does.
    const held = await holdUploads(page);
    await editor.getByRole('button', { name: 'Add image' }).click();
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      editor.getByRole('button', { name: 'Choose a photo' }).click(),
    ]);
    expect(await chooser.element().getAttribute('accept')).toBe('image/*');
    await chooser.setFiles(await png('receipt.png', '#e03131'));
    // Shown at once, from the file itself, with its progress while it uploads.
    await body.getByRole('progressbar', { name: 'Uploading receipt.png' }).waitFor();
    await waitFor(allImagesLoaded(body, 1), 10_000, 'the picked image to show');
    expect(await body.locator('img').getAttribute('src')).toMatch(/^blob:/);
    await page.screenshot({ path: shot('1-uploading'), fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
    await held.release();
    await waitFor(
      async () =>
        (await body.locator('img').getAttribute('src'))?.startsWith('/api/attachments/') === true,
      15_000,
      'the upload to finish',
    );
    expect(await body.getByRole('progressbar').count()).toBe(0);
    // The server's copy shows (the attachments' cookie signs the browser's request).
    await waitFor(allImagesLoaded(body, 1), 10_000, "the server's copy to show");

    // A paste of a picture.
    await hand(body, 'paste', await png('paste.png', '#1971c2'));
    await waitFor(
      async () =>
        (await body.locator('img[src^="/api/attachments/"]').count()) === 2 &&
        (await allImagesLoaded(body, 2)()),
      15_000,
      'the pasted image to upload',
    );

    // A drop whose upload fails shows why and offers Retry.
    const failing = async (route: Route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"errors":["x"]}' });
    await page.route('**/api/attachments', failing);
    await hand(body, 'drop', await png('dropped.png', '#2f9e44'));
    const alert = body.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toBe('The upload failed on the server. Please try again.');
    await waitFor(allImagesLoaded(body, 3), 10_000, 'the dropped image to show');
    await page.screenshot({ path: shot('2-failed'), fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
    await page.unroute('**/api/attachments', failing);
    await body.getByRole('button', { name: 'Retry' }).click();
    await waitFor(
      async () => (await body.locator('img[src^="/api/attachments/"]').count()) === 3,
      15_000,
      'the retried upload to finish',
    );
    expect(await body.getByRole('alert').count()).toBe(0);

    // Remove takes an image out; a description is its alt text.
    await body.getByRole('button', { name: 'Remove image' }).nth(1).click();
    await waitFor(async () => (await body.locator('img').count()) === 2, 5_000, 'one image less');
    await body.getByRole('button', { name: 'Add a description' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Image description' });
    await dialog.getByLabel('What the image shows').fill('A lunch receipt');
    await page.screenshot({ path: shot('3-description'), fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await body.getByRole('img', { name: 'A lunch receipt' }).waitFor();
    await body.getByRole('button', { name: 'Edit description: A lunch receipt' }).waitFor();
    await page.screenshot({ path: shot('4-done'), fullPage: true });

    await editor.getByRole('button', { name: 'Add', exact: true }).click();
    await waitFor(
      async () => (await serverNotes(session.token)).some((note) => note.title === title),
      10_000,
      'the note on the server',
    );
    const saved = (await serverNotes(session.token)).find((note) => note.title === title);
    const sources = [...(saved?.content ?? '').matchAll(/<img src="([^"]+)"/g)].map((m) => m[1]);
    expect(sources).toHaveLength(2);
    for (const src of sources) expect(src).toMatch(/^\/api\/attachments\/[A-Za-z0-9_-]+$/);
    expect(saved?.content).toContain('alt="A lunch receipt"');
    expect(saved?.content).not.toMatch(/data-upload|blob:/);
  });
});

describe.each([
  ['phone', 'dark'],
  ['desktop', 'light'],
] as const)('an image added offline at %s width, %s theme', (viewport, theme) => {
  let context: BrowserContext;
  afterAll(async () => {
    await context?.close();
  });

  it('shows at once, stays through a reload, and uploads when the network is back', async () => {
    const shot = (name: string) => `${SHOTS}/${viewport}-${theme}-${name}.png`;
    const session = await signedIn(viewport, theme);
    context = session.context;
    const { page } = session;
    // The app's shell is cached once a service worker is active: a reload offline opens it.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    const title = `Whiteboard ${viewport}`;
    await context.setOffline(true);
    const editor = await openNewNote(page);
    await editor.getByPlaceholder('Enter Title Here').fill(title);
    const body = editor.getByRole('textbox', { name: 'Note body' });
    await body.click();
    await page.keyboard.type('Offline ');
    await editor.getByRole('button', { name: 'Add image' }).click();
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      editor.getByRole('button', { name: 'Choose a photo' }).click(),
    ]);
    await chooser.setFiles(await png('board.png', '#f08c00'));
    await body.getByRole('status').filter({ hasText: 'Offline: the image waits here' }).waitFor();
    await waitFor(allImagesLoaded(body, 1), 10_000, 'the offline image to show');
    await page.screenshot({ path: shot('5-offline-editor'), fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
    await editor.getByRole('button', { name: 'Add', exact: true }).click();

    // The note waits in the outbox; its card shows the image from this browser's storage, also
    // after a reload without a network.
    const card = page.locator('article').filter({ hasText: title });
    await waitFor(allImagesLoaded(card, 1), 10_000, 'the card to show the image');
    await page.reload();
    await waitFor(allImagesLoaded(card, 1), 15_000, 'the card to show the image after a reload');
    await page.screenshot({ path: shot('6-offline-reloaded'), fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
    expect(await serverNotes(session.token)).toEqual([]);

    await context.setOffline(false);
    await waitFor(
      async () => (await serverNotes(session.token)).some((note) => note.title === title),
      30_000,
      'the note to reach the server',
    );
    const saved = (await serverNotes(session.token)).find((note) => note.title === title);
    expect(saved?.content).toMatch(/<img src="\/api\/attachments\/[A-Za-z0-9_-]+" alt=""/);
    expect(saved?.content).not.toMatch(/data-upload|blob:/);
    // The card now shows the server's copy.
    await waitFor(
      async () =>
        (await card.locator('img[src^="/api/attachments/"]').count()) === 1 &&
        (await allImagesLoaded(card, 1)()),
      15_000,
      "the card to show the server's copy",
    );
    await page.screenshot({ path: shot('7-back-online'), fullPage: true });
  });
});
