import { EDITOR_LOADING_TEXT } from '../components/rich-text/lazy-rich-text-editor';
import { readAuth, SAVED_SCREEN_KEY } from './storage';

/**
 * The page the user left, drawn again the moment they come back, before the app's code has run
 * (what "opens instantly" means on a slow phone): when a signed-in page showing note cards is
 * hidden or closed, a copy of its HTML is kept in localStorage. On the next visit to the same
 * address, `inline/saved-screen.js` (a script in index.html, right after #root) draws it,
 * inert and hidden from assistive technology: nothing in it can be clicked, focused or typed
 * into, and its fields and note body show that they are not ready yet. React's first render
 * replaces it with the live page (`createRoot` empties its container), built from the saved
 * Apollo cache, which was saved at the same moment (app.tsx), and then brought up to date from
 * the change feed like the rest of the page. Only the user it belongs to ever sees it: it is
 * kept with their id and forgotten on sign-out (`clearAuth`).
 */
export interface SavedScreen {
  format: typeof FORMAT;
  /** Whose page it is. */
  user: string;
  /** Path and query it was left at: it is drawn only there. */
  url: string;
  /** Which build drew it (`buildOfPage`): a copy made by another build is not drawn. */
  build: string;
  /** The inside of #root. */
  html: string;
}

/** Raised when what is saved, or how the script reads it, changes. */
const FORMAT = 1;

/**
 * Cards kept in the copy at most: those of the screen the user left and half the next, drawn
 * before the app runs; every further card only delays that.
 */
export const SAVED_CARDS = 24;

/** Open menus, dialogs and toasts belong to the moment, not to the page. */
const TRANSIENT = '.popover__panel, .modal-backdrop, [role="dialog"], .Toastify';

/**
 * Elements whose text HTML writes out unescaped: read back, a note's text in one of them could
 * become markup (`</textarea><img onerror=…>`). None belongs in a picture of the page.
 */
const RAW_TEXT = 'script, style, textarea, noscript, template, iframe, xmp, noembed, noframes';

/**
 * Which build drew the page: index.html's module script (kept in the template #app-scripts once
 * built, see inline/start-app.js) and stylesheets, hashed per build, read as
 * inline/saved-screen.js reads them before the app runs (the script cannot import this), when
 * this module loads, before any page's own stylesheets are added.
 */
const scripts =
  document.querySelector<HTMLTemplateElement>('template#app-scripts')?.content ?? document;
const build = [
  ...scripts.querySelectorAll('script[type="module"][src]'),
  ...document.querySelectorAll('link[rel="stylesheet"]'),
]
  .map((element) => element.getAttribute('src') ?? element.getAttribute('href'))
  .join(' ');

/**
 * Keeps a copy of the page now on screen, if it shows note cards; forgets any older one.
 * `shownFor` is the user whose notes the page holds: another tab may have signed someone else in
 * meanwhile (storage is shared), and what this page shows is not kept for them.
 */
export function saveScreen(shownFor: string | null): void {
  const root = document.getElementById('root');
  const { user } = readAuth();
  // The copy itself is still on screen (the app has not drawn yet): the one kept stays.
  if (!root || root.firstElementChild?.hasAttribute('inert')) return;
  if (!user?.id || user.id !== shownFor || !root.querySelector('.note-card')) {
    forgetScreen();
    return;
  }
  // The cards of the first screen and a half, read before copying (the copy has no layout).
  const below = window.innerHeight * 1.5;
  const kept = Array.from(root.querySelectorAll('.notes-grid > li'), (item, index) => {
    return index < SAVED_CARDS && item.getBoundingClientRect().top < below;
  });
  const copy = root.cloneNode(true) as HTMLElement;
  copy.querySelectorAll(`${TRANSIENT}, ${RAW_TEXT}`).forEach((element) => element.remove());
  // Nothing in the copy takes input, and it shows: its fields are disabled, and the note body
  // says it is loading, as the editor's own stand-in does, until the app's page replaces it.
  copy.querySelectorAll('input, select').forEach((field) => field.setAttribute('disabled', ''));
  copy.querySelectorAll('[contenteditable]').forEach((editable) => {
    const loading = document.createElement('p');
    loading.className = 'rt-loading-text';
    loading.textContent = EDITOR_LOADING_TEXT;
    editable.setAttribute('contenteditable', 'false');
    editable.replaceChildren(loading);
  });
  copy.querySelectorAll('.notes-grid > li').forEach((item, index) => {
    if (!kept[index]) item.remove();
  });
  const saved: SavedScreen = {
    format: FORMAT,
    user: user.id,
    url: location.pathname + location.search,
    build,
    html: copy.innerHTML,
  };
  try {
    localStorage.setItem(SAVED_SCREEN_KEY, JSON.stringify(saved));
  } catch {
    // Storage full or refused: the next visit draws the page the usual way.
    forgetScreen();
  }
}

function forgetScreen(): void {
  localStorage.removeItem(SAVED_SCREEN_KEY);
}
