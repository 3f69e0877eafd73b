import fs from 'node:fs';
import zlib from 'node:zlib';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { logout, navigate, newAccount, postApi, storeSignIn } from './support/app';
import { seriousViolations } from './support/axe';
import { connectBrowser, newContext, type ViewportName } from './support/browser';
import { sharedServer, waitFor, type RunningServer } from './support/server';

/**
 * Issue 40's photos outside the editor, in a real browser at 375 px (touch) and 1280 px, light
 * then dark: a note's uploaded images show at the top of its card as thumbnails (only
 * `?size=thumb` is fetched), "+N" past three; a click on one opens the lightbox and not the
 * editor (arrows and buttons, Esc, the alt text, a Download link to the original); the profile's
 * storage figure; images seen once show offline after a reload, and a sign-out deletes them from
 * the browser. axe on each screen; screenshots in /tmp/shots-h-cards.
 */
let server: RunningServer;
let browser: Browser;
const password = 'cards-photos-pass-1';
const shots = '/tmp/shots-h-cards';

/** One account with photos for every test (uploads take a while): its email and bytes used. */
let photos: { email: string; usedBytes: number };

beforeAll(async () => {
  fs.mkdirSync(shots, { recursive: true });
  [server, browser] = await Promise.all([sharedServer(), connectBrowser()]);
  photos = await accountWithPhotos('cards-photos');
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A striped RGB PNG of `width` × `height`, in two colours: a photo to tell apart by eye. */
function stripedPng(width: number, height: number, a: number[], b: number[]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x += 1) {
      rows.set(Math.floor((x + y) / 40) % 2 ? a : b, row + 1 + x * 3);
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

interface Uploaded {
  _id: string;
  url: string;
  size: number;
}

async function upload(token: string, png: Buffer, name: string): Promise<Uploaded> {
  const response = await fetch(`${server.url}/api/attachments`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'image/png', 'x-file-name': name },
    body: new Uint8Array(png),
  });
  const json = (await response.json()) as { attachment: Uploaded };
  if (response.status !== 201) throw new Error(`upload answered ${response.status}`);
  return json.attachment;
}

const PHOTOS = [
  { alt: 'Till receipt', png: () => stripedPng(900, 600, [214, 69, 65], [250, 220, 120]) },
  { alt: 'Whiteboard', png: () => stripedPng(600, 900, [46, 125, 50], [200, 230, 201]) },
  { alt: 'Wine label', png: () => stripedPng(640, 640, [21, 101, 192], [187, 222, 251]) },
];
const MORE = [
  { alt: 'Sunset', png: () => stripedPng(800, 500, [230, 81, 0], [255, 204, 128]) },
  { alt: '', png: () => stripedPng(500, 500, [106, 27, 154], [225, 190, 231]) },
  { alt: 'Harbour', png: () => stripedPng(700, 500, [0, 105, 92], [178, 223, 219]) },
  { alt: 'Map', png: () => stripedPng(500, 700, [93, 64, 55], [215, 204, 200]) },
];
const TRIP = 'Trip photos';
const ALBUM = 'Album';

/**
 * A new account with a note of three photos (TRIP, the newest) and one of four (ALBUM), both
 * with text: its email, and the bytes its uploads take.
 */
async function accountWithPhotos(prefix: string) {
  const email = `${prefix}.${Date.now()}@example.com`;
  const account = await newAccount(
    server.url,
    { firstName: 'Pia', lastName: 'Photos' },
    email,
    password,
  );
  let usedBytes = 0;
  const note = async (title: string, photos: typeof PHOTOS, text: string) => {
    const images: string[] = [];
    for (const [index, photo] of photos.entries()) {
      const attachment = await upload(account.token, photo.png(), `photo-${index}.png`);
      usedBytes += attachment.size;
      images.push(`<p><img src="${attachment.url}" alt="${photo.alt}"></p>`);
    }
    await postApi(
      server.url,
      '/api/notes',
      { note: { title, content: `${images.join('')}<p>${text}</p>` } },
      account.token,
    );
  };
  await note(ALBUM, MORE, 'Four more');
  await note(TRIP, PHOTOS, 'Our trip, in three photos');
  return { email, usedBytes };
}

/**
 * A sign-in of its own for one browser context (the offline test's logout ends only its own), and
 * the user as the app keeps it (REST calls the id `_id`; the app saves notes under the id).
 */
async function session(email: string): Promise<{ token: string; user: unknown }> {
  const login = await postApi(server.url, '/api/auth/login', { email, password });
  const { _id: id, ...rest } = login.foundUser as { _id: string };
  return { token: login.encodedToken as string, user: { id, ...rest } };
}

const cardIn = (page: Page, title: string): Locator =>
  page.locator('.notes-grid').getByRole('article', { name: title, exact: true });

/** Waits until every image in `scope` has loaded (a decoded picture, not a broken one). */
async function imagesLoaded(scope: Locator, count: number, what: string): Promise<void> {
  const images = scope.locator('img');
  await waitFor(
    async () =>
      (await images.count()) === count &&
      (await images.evaluateAll((all) =>
        all.every(
          (img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0,
        ),
      )),
    15_000,
    `${count} images of ${what} to load`,
  );
}

async function expectNoSeriousViolation(page: Page, what: string): Promise<void> {
  const problems = await seriousViolations(page);
  if (problems.length > 0) throw new Error(`axe on ${what}:\n${problems.join('\n')}`);
}

async function useTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  const dark = await page.evaluate(() => document.documentElement.classList.contains('dark'));
  if (dark === (theme === 'dark')) return;
  await page.getByRole('button', { name: `Switch to ${theme} theme` }).click();
  await waitFor(
    () =>
      page.evaluate(
        (want) => document.documentElement.classList.contains('dark') === want,
        theme === 'dark',
      ),
    5_000,
    `the ${theme} theme`,
  );
}

describe.each<ViewportName>(['phone', 'desktop'])('at %s width', (viewport) => {
  let context: BrowserContext;
  let page: Page;
  const attachmentRequests: string[] = [];

  beforeAll(async () => {
    const touch = viewport === 'phone' ? { hasTouch: true, isMobile: true } : {};
    // The service worker is the offline test's: here every request is the page's own.
    context = await newContext(browser, server.url, viewport, {
      ...touch,
      serviceWorkers: 'block',
    });
    await storeSignIn(context, await session(photos.email), 'light');
    page = await context.newPage();
    page.on('request', (request) => {
      const { pathname, search } = new URL(request.url());
      if (pathname.startsWith('/api/attachments/') && pathname !== '/api/attachments/usage')
        attachmentRequests.push(`${pathname}${search}`);
    });
    await page.goto('/home');
    await cardIn(page, TRIP).waitFor();
  });
  afterAll(() => context?.close());

  it("shows a note's photos at the top of its card, as thumbnails, with the first large", async () => {
    const trip = cardIn(page, TRIP);
    const tiles = trip.getByRole('button', { name: /^Open image/ });
    await imagesLoaded(trip.locator('.card-photos'), 3, 'the trip');
    expect(await tiles.count()).toBe(3);
    expect(
      await trip
        .locator('.card-photos img')
        .evaluateAll((all) => all.map((img) => img.getAttribute('alt'))),
    ).toEqual(PHOTOS.map((photo) => photo.alt));
    const attributes = await trip
      .locator('.card-photos img')
      .first()
      .evaluate((img) => [img.getAttribute('loading'), img.getAttribute('decoding')]);
    expect(attributes).toEqual(['lazy', 'async']);
    // The photos come first, then the title; the body keeps its text and not the photos again.
    const order = await trip.evaluate((card) =>
      Array.from(card.querySelectorAll('.card-photos, .note-card__title, .note-card__body')).map(
        (element) => element.className,
      ),
    );
    expect(order).toEqual(['card-photos card-photos--3', 'note-card__title', 'note-card__body']);
    expect(await trip.locator('.note-card__body').textContent()).toBe('Our trip, in three photos');
    expect(await trip.locator('.note-card__body img').count()).toBe(0);
    // The first tile spans the card's width; the two others share a row under it.
    const boxes = await tiles.evaluateAll((all) =>
      all.map((tile) => {
        const { width, top } = tile.getBoundingClientRect();
        return { width: Math.round(width), top: Math.round(top) };
      }),
    );
    const [first, second, third] = boxes.map((box) => box ?? { width: 0, top: 0 });
    expect(boxes).toHaveLength(3);
    expect(first?.width).toBeGreaterThan((second?.width ?? 0) * 1.8);
    expect(second?.top).toBe(third?.top);
    expect(second?.top).toBeGreaterThan(first?.top ?? 0);
    // Four photos: three tiles, the last saying "+1".
    const album = cardIn(page, ALBUM);
    await imagesLoaded(album.locator('.card-photos'), 3, 'the album');
    await expect(album.locator('.card-photos__more').textContent()).resolves.toBe('+1');
    // Only thumbnails were fetched.
    expect(attachmentRequests.length).toBeGreaterThanOrEqual(6);
    expect(attachmentRequests.every((url) => url.endsWith('?size=thumb'))).toBe(true);

    await expectNoSeriousViolation(page, `cards with photos, light (${viewport})`);
    await page.screenshot({ path: `${shots}/cards-${viewport}-light.png` });
    await useTheme(page, 'dark');
    await expectNoSeriousViolation(page, `cards with photos, dark (${viewport})`);
    await page.screenshot({ path: `${shots}/cards-${viewport}-dark.png` });
    await useTheme(page, 'light');
  });

  it('opens a photo full size in a lightbox: arrows, buttons, the alt text, Download, Esc', async () => {
    const tile = cardIn(page, TRIP).getByRole('button', { name: /^Open image 1 of 3/ });
    await tile.click();
    await page.getByRole('dialog', { name: 'Image 1 of 3' }).waitFor();
    const lightbox = page.getByRole('dialog');
    // The card's own click (which opens the editor) did not follow.
    expect(await page.getByRole('dialog', { name: 'Edit note' }).count()).toBe(0);
    const photo = lightbox.locator('.lightbox__image');
    const original = (await photo.getAttribute('src')) ?? '';
    expect(original).toMatch(/^\/api\/attachments\/[\w-]+$/);
    await imagesLoaded(lightbox.locator('.lightbox__stage'), 1, 'the lightbox');
    expect(await photo.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(900);
    expect(attachmentRequests).toContain(original);
    await expect(lightbox.locator('figcaption').textContent()).resolves.toBe('Till receipt');
    const download = lightbox.getByRole('link', { name: 'Download' });
    expect(await download.getAttribute('href')).toBe(original);
    expect(await download.getAttribute('download')).not.toBeNull();

    await page.keyboard.press('ArrowRight');
    await page.getByRole('dialog', { name: 'Image 2 of 3' }).waitFor();
    await expect(lightbox.locator('figcaption').textContent()).resolves.toBe('Whiteboard');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await page.getByRole('dialog', { name: 'Image 3 of 3' }).waitFor();
    await page.getByRole('button', { name: 'Next image' }).click();
    await page.getByRole('dialog', { name: 'Image 1 of 3' }).waitFor();
    await page.getByRole('button', { name: 'Previous image' }).click();
    const third = page.getByRole('dialog', { name: 'Image 3 of 3' });
    await imagesLoaded(third.locator('.lightbox__stage'), 1, 'the third photo');
    if (viewport === 'phone') {
      // It fills the screen.
      const box = await third.boundingBox();
      expect(box && [Math.round(box.width), Math.round(box.height)]).toEqual([375, 812]);
    }
    // The focus stays in the dialog.
    for (let i = 0; i < 6; i += 1) await page.keyboard.press('Tab');
    expect(await third.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);

    await expectNoSeriousViolation(page, `the lightbox, light (${viewport})`);
    await page.screenshot({ path: `${shots}/lightbox-${viewport}-light.png` });
    await useThemeUnder(page, 'dark');
    await expectNoSeriousViolation(page, `the lightbox, dark (${viewport})`);
    await page.screenshot({ path: `${shots}/lightbox-${viewport}-dark.png` });
    await useThemeUnder(page, 'light');

    await page.keyboard.press('Escape');
    await third.waitFor({ state: 'detached' });
    await waitFor(
      () => tile.evaluate((button) => document.activeElement === button),
      5_000,
      'the focus back on the photo',
    );
    expect(await page.getByRole('dialog').count()).toBe(0);
  });

  it('shows the storage used and the quota on the profile', async () => {
    await navigate(page, viewport, 'Profile');
    const panel = page.getByRole('region', { name: 'Storage' });
    const figure = panel.getByText(/^Storage: .* used$/);
    await figure.waitFor();
    const expected = `Storage: ${formatBytes(photos.usedBytes)} of 1 GB used`;
    expect(await figure.textContent()).toBe(expected);
    const meter = panel.getByRole('meter');
    expect(Number(await meter.getAttribute('value'))).toBe(photos.usedBytes);
    await panel.scrollIntoViewIfNeeded();
    await expectNoSeriousViolation(page, `the profile's storage, light (${viewport})`);
    await panel.screenshot({ path: `${shots}/storage-${viewport}-light.png` });
    await useTheme(page, 'dark');
    await panel.screenshot({ path: `${shots}/storage-${viewport}-dark.png` });
    await expectNoSeriousViolation(page, `the profile's storage, dark (${viewport})`);
  });
});

/** The theme, switched from the page's local storage while a dialog covers the top bar. */
async function useThemeUnder(page: Page, theme: 'light' | 'dark'): Promise<void> {
  await page.evaluate((chosen) => {
    document.documentElement.classList.remove('light', 'dark');
    document.documentElement.classList.add(chosen);
  }, theme);
}

/** The client's own formatting (features/profile/api/storage.ts), for the figure expected. */
function formatBytes(bytes: number): string {
  const units = ['KB', 'MB', 'GB'];
  if (bytes < 1024) return `${bytes} bytes`;
  let value = bytes / 1024;
  let unit = 0;
  while (Math.round(value * 10) / 10 >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const rounded = Math.round(value * 10) / 10;
  return `${rounded.toFixed(rounded % 1 === 0 ? 0 : 1)} ${units[unit]}`;
}

it('shows photos seen once offline after a reload, and a sign-out deletes them', async () => {
  const context = await newContext(browser, server.url, 'desktop');
  try {
    await storeSignIn(context, await session(photos.email), 'light');
    const page = await context.newPage();
    await page.goto('/home');
    await cardIn(page, TRIP).waitFor();
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    // The first visit's page is not the worker's; the next one's requests go through it.
    await page.reload();
    await waitFor(
      () => page.evaluate(() => navigator.serviceWorker.controller !== null),
      10_000,
      'the service worker to control the page',
    );
    const trip = cardIn(page, TRIP);
    await imagesLoaded(trip.locator('.card-photos'), 3, 'the trip');
    const cached = () =>
      page.evaluate(async () => {
        if (!(await caches.has('jotter-attachments'))) return [];
        const cache = await caches.open('jotter-attachments');
        return (await cache.keys()).map((request) => new URL(request.url).search);
      });
    await waitFor(
      async () => (await cached()).filter((search) => search === '?size=thumb').length >= 3,
      10_000,
      'the thumbnails in the cache of attachments',
    );
    // The notes themselves are kept in IndexedDB once the page has saved them.
    await waitFor(
      () =>
        page.evaluate(async () => {
          // Opened only once the app has made it: opening creates it, without the app's store.
          const databases = await indexedDB.databases();
          if (!databases.some((db) => db.name === 'jotter')) return false;
          const db = await new Promise<IDBDatabase>((resolve, reject) => {
            const open = indexedDB.open('jotter');
            open.onsuccess = () => resolve(open.result);
            open.onerror = () => reject(open.error ?? new Error('IndexedDB would not open'));
          });
          try {
            if (!db.objectStoreNames.contains('apollo-cache')) return false;
            const all = db.transaction('apollo-cache').objectStore('apollo-cache').getAll();
            const values = await new Promise<unknown[]>((resolve) => {
              all.onsuccess = () => resolve(all.result);
            });
            return JSON.stringify(values).includes('Our trip, in three photos');
          } finally {
            db.close();
          }
        }),
      10_000,
      'the notes saved in the browser',
    );

    await context.setOffline(true);
    // Every thumbnail shown offline is the service worker's answer (not the HTTP cache's).
    const answered: boolean[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('?size=thumb')) answered.push(response.fromServiceWorker());
    });
    await page.reload();
    await page.getByRole('status').filter({ hasText: 'Offline' }).waitFor();
    await imagesLoaded(cardIn(page, TRIP).locator('.card-photos'), 3, 'the trip, offline');
    expect(answered.length).toBeGreaterThanOrEqual(3);
    expect(answered.every(Boolean)).toBe(true);
    await page.screenshot({ path: `${shots}/offline-desktop.png` });

    await context.setOffline(false);
    await page.reload();
    await cardIn(page, TRIP).waitFor();
    await logout(page, 'desktop', server.url);
    await waitFor(
      () => page.evaluate(() => caches.has('jotter-attachments').then((has) => !has)),
      10_000,
      'the cache of attachments deleted at the sign-out',
    );
  } finally {
    await context.close();
  }
});
