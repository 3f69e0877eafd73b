// Starts the app in shell.html, the page the service worker answers every visit with (written by
// vite.config.ts from index.html: the app's module script and module preloads kept in the
// template #app-scripts, this script at the end of the body). It puts them into the page, where
// the browser fetches and runs them: at once, unless saved-screen.js has drawn the page the user
// left; then only once the browser reports that copy's first paint. Fetching and compiling a
// dozen modules at the same time held that frame back by about a fifth on the bench machine's two
// cores (docs/performance.md, "Repeat visit"), and the copy takes no input anyway until the app
// replaces it.
(() => {
  const scripts = document.getElementById('app-scripts');
  const start = () => document.head.append(document.importNode(scripts.content, true));
  const copyShown = document.querySelector('#root > [inert]') !== null;
  // A hidden page paints only once it is shown: nothing to wait for then.
  const canWait =
    copyShown &&
    document.visibilityState === 'visible' &&
    PerformanceObserver.supportedEntryTypes?.includes('paint');
  if (!canWait) {
    start();
    return;
  }
  // The first contentful paint (the copy's frame: a first paint may come earlier, of the page's
  // background alone), reported once that frame is on screen; a second at most, should the
  // report never come.
  const startOnce = () => {
    observer.disconnect();
    clearTimeout(timer);
    start();
  };
  const observer = new PerformanceObserver((list) => {
    if (list.getEntriesByName('first-contentful-paint').length > 0) startOnce();
  });
  const timer = setTimeout(startOnce, 1000);
  observer.observe({ type: 'paint', buffered: true });
})();
