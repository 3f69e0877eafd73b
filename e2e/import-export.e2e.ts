import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import type { Browser, BrowserContext, Download, Page } from 'playwright-core';
import yauzl from 'yauzl';

import { takeoutEntries, zipOf } from '../server/src/test-support/zip-fixtures';
import { navigate, postApi, signInThroughStorage } from './support/app';
import { connectBrowser, newContext, type ViewportName } from './support/browser';
import { sharedServer, startServer, type RunningServer } from './support/server';

/**
 * Issue 14: the profile page's Import (picker, drag and drop, progress, summary) and Export
 * (JSON, Markdown downloads), at phone and desktop widths; and the signup page when
 * ALLOW_SIGNUP is off. Screenshots go to /tmp/shots-files/.
 */
let server: RunningServer;
let browser: Browser;
const password = 'import-export-pass-1';
const shots = '/tmp/shots-files';
const downloads = fs.mkdtempSync(path.join(os.tmpdir(), 'jotter-downloads-'));

beforeAll(async () => {
  fs.mkdirSync(shots, { recursive: true });
  [server, browser] = await Promise.all([sharedServer(), connectBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  fs.rmSync(downloads, { recursive: true, force: true });
});

/** A new user, signed in, on /profile. */
async function signedIn(viewport: ViewportName): Promise<{ page: Page; context: BrowserContext }> {
  const email = `files.${Date.now()}.${Math.random().toString(36).slice(2)}@example.com`;
  await postApi(server.url, '/api/auth/signup', {
    firstName: 'Kim',
    lastName: 'Keeper',
    email,
    password,
    confirmPassword: password,
  });
  const login = await postApi(server.url, '/api/auth/login', { email, password });
  const context = await newContext(browser, server.url, viewport);
  const page = await context.newPage();
  await signInThroughStorage(page, login.encodedToken as string, login.foundUser);
  await page.goto('/profile');
  await page.getByRole('heading', { name: 'Import notes' }).waitFor();
  return { page, context };
}

/**
 * A download saved to a file of this machine: the browser is the suite's shared one, connected to
 * remotely, so its own copy's path is not ours to read.
 */
async function savedCopy(download: Download): Promise<string> {
  const dir = fs.mkdtempSync(path.join(downloads, 'export-'));
  const file = path.join(dir, download.suggestedFilename());
  await download.saveAs(file);
  return file;
}

/** The names of a zip's files. */
function zipNames(file: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: false }, (error, zip) => {
      if (error) return reject(error);
      const names: string[] = [];
      zip.on('entry', (entry: yauzl.Entry) => names.push(entry.fileName));
      zip.on('end', () => resolve(names));
      zip.on('error', reject);
    });
  });
}

describe.each(['phone', 'desktop'] as const)('import and export at %s width', (viewport) => {
  it('imports a Takeout with progress then a summary, adds nothing the second time, and exports JSON and Markdown', async () => {
    const { page, context } = await signedIn(viewport);
    const takeout = await zipOf(takeoutEntries());

    // Hold the upload at the server's door until the progress bar has been seen.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      '**/api/import',
      async (route) => {
        await held;
        await route.continue();
      },
      { times: 1 },
    );
    await page.locator('input[type="file"]').setInputFiles({
      name: 'takeout-20260605T094613Z-001.zip',
      mimeType: 'application/zip',
      buffer: takeout,
    });
    const progress = page.getByRole('progressbar');
    await progress.waitFor();
    expect(await progress.getAttribute('aria-label')).toMatch(
      /^(Uploading takeout-20260605T094613Z-001\.zip: \d+%|Importing takeout-20260605T094613Z-001\.zip…)$/,
    );
    expect(await page.getByRole('button', { name: 'Choose a file to import' }).isDisabled()).toBe(
      true,
    );
    await page.screenshot({ path: `${shots}/${viewport}-import-progress.png`, fullPage: true });
    release();

    const status = page.getByRole('status');
    await status.getByText('7 notes imported').waitFor();
    await expect(status.textContent()).resolves.toContain('from takeout-20260605T094613Z-001.zip');
    const skipped = status.getByRole('listitem');
    await expect(skipped.allTextContents()).resolves.toEqual([
      expect.stringMatching(
        /^Takeout\/Keep\/1629964333125\.746683646\.jpg: an attachment of "Photo note": only JPEG/,
      ),
      expect.stringMatching(/^Takeout\/Keep\/notes\.pdf: not a note file/),
    ]);
    await page.screenshot({ path: `${shots}/${viewport}-import-summary.png`, fullPage: true });

    // The same file again: nothing new.
    await page.locator('input[type="file"]').setInputFiles({
      name: 'again.zip',
      mimeType: 'application/zip',
      buffer: takeout,
    });
    await status.getByText('0 notes imported').waitFor();
    await expect(status.textContent()).resolves.toContain('7 notes were already here.');

    // A Markdown zip, dropped on the zone.
    const markdown = await zipOf([
      { name: 'Dropped.md', data: '---\ntitle: Dropped note\nlabels: [dropped]\n---\n- [ ] one\n' },
    ]);
    await page.evaluate(
      ([bytes]) => {
        const transfer = new DataTransfer();
        transfer.items.add(
          new File([new Uint8Array(bytes)], 'dropped.zip', { type: 'application/zip' }),
        );
        const zone = document.querySelector('[data-testid="import-drop-zone"]')!;
        zone.dispatchEvent(new DragEvent('dragover', { dataTransfer: transfer, bubbles: true }));
        zone.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true }));
      },
      [[...markdown]] as const,
    );
    await status.getByText('1 note imported').waitFor();

    // A file that is not an archive: a clear message, nothing imported.
    await page.locator('input[type="file"]').setInputFiles({
      name: 'holiday.zip',
      mimeType: 'application/zip',
      buffer: Buffer.from('not a zip'),
    });
    const alert = page.getByRole('alert').filter({ hasText: 'holiday.zip could not be imported' });
    await alert.waitFor();
    await expect(alert.textContent()).resolves.toMatch(/not a zip archive or a JSON export/);
    await page.screenshot({ path: `${shots}/${viewport}-import-refused.png`, fullPage: true });

    // The notes are in the app.
    await navigate(page, viewport, 'Home');
    await page.getByRole('article', { name: 'Shopping', exact: true }).waitFor();
    await page.getByRole('article', { name: 'Dropped note', exact: true }).waitFor();
    await navigate(page, viewport, 'Profile');

    // Export: JSON with every note, Markdown as a zip of .md files.
    const [json] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export as JSON' }).click(),
    ]);
    expect(json.suggestedFilename()).toMatch(/^jotter-notes-\d{4}-\d\d-\d\d\.json$/);
    const exported = JSON.parse(fs.readFileSync(await savedCopy(json), 'utf8')) as {
      notes: Array<{ title: string; pinned: boolean; location: string }>;
    };
    expect(exported.notes).toHaveLength(8);
    expect(exported.notes.find((n) => n.title === 'Shopping')).toMatchObject({ pinned: true });
    expect(exported.notes.find((n) => n.title === 'Gone')).toMatchObject({ location: 'trash' });

    const [md] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export as Markdown' }).click(),
    ]);
    expect(md.suggestedFilename()).toMatch(/^jotter-notes-\d{4}-\d\d-\d\d\.zip$/);
    const names = await zipNames(await savedCopy(md));
    expect(names).toHaveLength(8);
    expect(names).toEqual(
      expect.arrayContaining(['Shopping.md', 'Archive/Old ideas.md', 'Trash/Gone.md']),
    );
    await page.screenshot({
      path: `${shots}/${viewport}-profile-after-export.png`,
      fullPage: true,
    });
    await context.close();
  });
});

describe('ALLOW_SIGNUP off', () => {
  let closed: RunningServer;
  beforeAll(async () => {
    closed = await startServer({ ALLOW_SIGNUP: 'off' });
  });
  afterAll(() => closed?.stop());

  it('the signup page says so and takes no input; the demo account still signs in', async () => {
    const context = await newContext(browser, closed.url, 'phone');
    const page = await context.newPage();
    await page.goto('/signup');
    const notice = page.getByRole('alert').filter({ hasText: 'Signup is turned off' });
    await notice.waitFor();
    expect(await page.getByLabel('First Name').isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Sign Up' }).isDisabled()).toBe(true);
    await page.screenshot({ path: `${shots}/phone-signup-closed.png`, fullPage: true });
    const login = await postApi(closed.url, '/api/auth/login', {
      email: 'demo@jotter.app',
      password: 'jotter-demo-pass',
    });
    expect(login.encodedToken).toEqual(expect.any(String));
    await context.close();
  });
});
