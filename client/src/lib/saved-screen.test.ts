import fs from 'node:fs';
import path from 'node:path';
import type { SavedScreen } from './saved-screen';
import { clearAuth, SAVED_SCREEN_KEY, writeAuth, type StoredUser } from './storage';

/**
 * The copy of the page a user leaves (lib/saved-screen.ts) and the script that draws it on the
 * next visit (inline/saved-screen.js, run here as index.html runs it: after #root).
 */

const drawScript = fs.readFileSync(path.join(__dirname, '../../inline/saved-screen.js'), 'utf8');

/** index.html's head, as the built app has it. */
const INDEX_HEAD =
  '<script type="module" src="/assets/main-abc.js"></script>' +
  '<link rel="stylesheet" href="/assets/main-abc.css">';

let saveScreen: (shownFor: string | null) => void;
let SAVED_CARDS: number;

beforeAll(async () => {
  // The module reads which build drew the page as it loads.
  document.head.innerHTML = INDEX_HEAD;
  ({ saveScreen, SAVED_CARDS } = await import('./saved-screen'));
});

const user = (id: string): StoredUser => ({
  id,
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: `${id}@example.com`,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

/** A signed-in list page with `count` cards, an open menu and a toast. */
function listPage(count: number) {
  const cards = Array.from(
    { length: count },
    (_, i) => `<li><article class="note-card"><h3>Note ${i}</h3></article></li>`,
  ).join('');
  // A page's own stylesheet, added when it loaded: not index.html's.
  document.head.innerHTML =
    INDEX_HEAD + '<link rel="stylesheet" href="http://localhost/assets/notes-route-abc.css">';
  document.body.innerHTML = `<div id="root"><header class="top-bar">Jotter</header>
    <main><ul class="notes-grid">${cards}</ul><div class="popover__panel">Colour</div></main>
    <div class="Toastify"><div role="alert">Note Added</div></div></div>`;
}

/** index.html at the next visit: its static top bar (after `before`), then the script. */
function nextVisit(head = INDEX_HEAD, before = '') {
  document.head.innerHTML = head;
  document.body.innerHTML = `${before}<div id="root"><header class="top-bar">static</header></div>`;
  // As index.html has it: an inline script after #root (jsdom runs it as it is added).
  const script = document.createElement('script');
  script.textContent = drawScript;
  document.body.append(script);
  return document.getElementById('root')!;
}

const saved = () => JSON.parse(localStorage.getItem(SAVED_SCREEN_KEY) ?? 'null') as SavedScreen;

beforeEach(() => {
  localStorage.clear();
  window.history.replaceState(null, '', '/home');
  writeAuth('token', user('u1'));
});

test('a list page is kept without its menus and toasts, its cards cut to the first screen', () => {
  listPage(SAVED_CARDS + 6);
  saveScreen('u1');
  const copy = saved();
  expect(copy).toMatchObject({
    user: 'u1',
    url: '/home',
    build: '/assets/main-abc.js /assets/main-abc.css',
  });
  expect(copy.html).toContain('Note 0');
  expect(copy.html).toContain(`Note ${SAVED_CARDS - 1}`);
  expect(copy.html).not.toContain(`Note ${SAVED_CARDS}<`);
  expect(copy.html).not.toContain('Colour');
  expect(copy.html).not.toContain('Note Added');
});

test("no note's text can turn into markup when the copy is read back", () => {
  listPage(1);
  const textarea = document.createElement('textarea');
  textarea.textContent = '</textarea><img src="x" onerror="window.hacked = true">';
  document.querySelector('main')!.append(textarea);
  saveScreen('u1');
  const root = nextVisit();
  expect(root.querySelector('img, textarea')).toBeNull();
  expect(saved().html).not.toContain('onerror');
});

test('the next visit to the same address draws the copy, inert, in place of the static top bar', () => {
  listPage(3);
  saveScreen('u1');
  const root = nextVisit();
  expect(root.querySelectorAll('.note-card')).toHaveLength(3);
  expect(root.textContent).not.toContain('static');
  for (const child of Array.from(root.children)) {
    expect(child.getAttribute('inert')).toBe('');
    expect(child.getAttribute('aria-hidden')).toBe('true');
  }
});

test('nothing in the copy takes input: fields disabled, the note body saying it is loading', () => {
  listPage(1);
  document
    .querySelector('main')!
    .insertAdjacentHTML(
      'afterbegin',
      '<input placeholder="Enter Title Here"><div contenteditable="true"><p>draft</p></div>',
    );
  saveScreen('u1');
  const root = nextVisit();
  expect(root.querySelector('input')!.disabled).toBe(true);
  const body = root.querySelector('[contenteditable]')!;
  expect(body.getAttribute('contenteditable')).toBe('false');
  expect(body.textContent).toBe('Loading the editor…');
});

test.each([
  ['another user is signed in', () => writeAuth('token', user('u2'))],
  ['nobody is signed in', () => clearAuth()],
  ['the address differs', () => window.history.replaceState(null, '', '/archive')],
  ['a search is in the address', () => window.history.replaceState(null, '', '/home?q=milk')],
])('nothing is drawn when %s', (_, change) => {
  listPage(3);
  saveScreen('u1');
  change();
  const root = nextVisit();
  expect(root.querySelector('.note-card')).toBeNull();
  expect(root.textContent).toContain('static');
});

test.each([
  ['code', INDEX_HEAD.replace('main-abc.js', 'main-def.js')],
  ['stylesheets', INDEX_HEAD.replace('main-abc.css', 'main-def.css')],
])('nothing is drawn by a build with other %s', (_, head) => {
  listPage(3);
  saveScreen('u1');
  expect(nextVisit(head).querySelector('.note-card')).toBeNull();
});

describe('a built index.html, its module script kept in the template #app-scripts', () => {
  const STYLESHEET = '<link rel="stylesheet" href="/assets/main-abc.css">';
  const scripts = (entry: string) =>
    `<template id="app-scripts"><script type="module" src="/assets/${entry}.js"></script></template>`;
  let saveBuiltScreen: typeof saveScreen;

  beforeAll(async () => {
    // As the app loads: the template, and its script put into the head by inline/start-app.js.
    document.head.innerHTML = `${STYLESHEET}<script type="module" src="/assets/main-abc.js">`;
    document.body.innerHTML = scripts('main-abc');
    await jest.isolateModulesAsync(async () => {
      ({ saveScreen: saveBuiltScreen } = await import('./saved-screen'));
    });
  });

  test('the same build draws the copy', () => {
    listPage(3);
    saveBuiltScreen('u1');
    expect(saved().build).toBe('/assets/main-abc.js /assets/main-abc.css');
    const root = nextVisit(STYLESHEET, scripts('main-abc'));
    expect(root.querySelectorAll('.note-card')).toHaveLength(3);
  });

  test('a build with other code draws nothing', () => {
    listPage(3);
    saveBuiltScreen('u1');
    expect(nextVisit(STYLESHEET, scripts('main-def')).querySelector('.note-card')).toBeNull();
  });
});

test('a damaged copy draws nothing and throws nothing', () => {
  localStorage.setItem(SAVED_SCREEN_KEY, '{not json');
  expect(nextVisit().textContent).toContain('static');
});

test('sign-out forgets the copy', () => {
  listPage(3);
  saveScreen('u1');
  clearAuth();
  expect(localStorage.getItem(SAVED_SCREEN_KEY)).toBeNull();
});

test("a page showing one user's notes is not kept for another signed in meanwhile (another tab)", () => {
  listPage(3);
  saveScreen('u1');
  writeAuth('token', user('u2'));
  saveScreen('u1');
  expect(localStorage.getItem(SAVED_SCREEN_KEY)).toBeNull();
});

test('a page without cards leaves no copy, and forgets an older one', () => {
  listPage(3);
  saveScreen('u1');
  document.body.innerHTML = '<div id="root"><main>Profile</main></div>';
  saveScreen('u1');
  expect(localStorage.getItem(SAVED_SCREEN_KEY)).toBeNull();
});

test('the copy on screen (the app not drawn yet) is not saved over the one kept', () => {
  listPage(3);
  saveScreen('u1');
  const kept = localStorage.getItem(SAVED_SCREEN_KEY);
  nextVisit();
  document.querySelector('.note-card h3')!.textContent = 'changed';
  saveScreen('u1');
  expect(localStorage.getItem(SAVED_SCREEN_KEY)).toBe(kept);
});

test('cards beyond the first screen and a half are left out', () => {
  listPage(10);
  // jsdom lays nothing out: card i is placed 200 px below card i - 1.
  document.querySelectorAll<HTMLElement>('.notes-grid > li').forEach((item, i) => {
    item.getBoundingClientRect = () => ({ top: i * 200 }) as DOMRect;
  });
  window.innerHeight = 800;
  saveScreen('u1');
  const html = saved().html;
  expect(html).toContain('Note 5');
  expect(html).not.toContain('Note 6');
});
