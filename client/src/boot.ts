/**
 * Jotter's boot script: a tiny module that index.html runs ahead of the app's bundle, while the
 * browser is still downloading React and Apollo and the page has nothing else to do. For the page
 * being opened it starts what the first screen will need, so none of it waits for the app to
 * start. All of it is optional: if any step fails, the app does the same work itself.
 */
import { requestFirstScreenEarly } from './features/notes/api/first-screen';
import { applyTheme } from './features/theme/apply-theme';
import { readTheme } from './lib/storage';

/** The pages whose first screen is a list of note cards. */
const LIST_PATHS = ['/home', '/archive', '/trash'];

/**
 * Preloads the code of the route being opened, listed by the build in index.html (see
 * vite.config.ts), so it downloads beside the app's bundle rather than after it has started.
 */
function preloadRouteFiles(): void {
  const list = document.getElementById('jotter-route-files')?.textContent;
  if (!list) return;
  const files = (JSON.parse(list) as Record<string, string[] | undefined>)[
    window.location.pathname
  ];
  for (const href of files ?? []) {
    const link = document.createElement('link');
    link.rel = href.endsWith('.css') ? 'stylesheet' : 'modulepreload';
    link.href = href;
    link.crossOrigin = '';
    document.head.append(link);
  }
}

// Before the first paint (index.html draws the top bar at once): the saved theme, not a flash
// of the default one.
applyTheme(readTheme());
requestFirstScreenEarly();
preloadRouteFiles();
if (LIST_PATHS.includes(window.location.pathname)) {
  // Each card shows its date with toLocaleString(); the first call loads the locale's data
  // (tens of milliseconds on a phone), which is better spent now than in the first render.
  new Date(0).toLocaleString();
}
