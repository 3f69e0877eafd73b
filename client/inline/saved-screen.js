// Runs before the app's code (inlined into index.html right after #root by vite.config.ts): the
// page the signed-in user left here, as the app saved it on leaving (src/lib/saved-screen.ts),
// drawn at once, inert and hidden from assistive technology, until React's first render
// replaces it. Drawn only for the same user, address and build; anything unexpected, and the app
// draws the page the usual way.
(() => {
  try {
    const saved = JSON.parse(localStorage.getItem('savedScreen') ?? 'null');
    const user = JSON.parse(localStorage.getItem('user') ?? 'null');
    if (saved?.format !== 1 || localStorage.getItem('isAuth') !== 'true') return;
    if (typeof user?.id !== 'string' || saved.user !== user.id) return;
    if (saved.url !== location.pathname + location.search) return;
    const scripts = document.querySelector('template#app-scripts')?.content ?? document;
    const build = [
      ...scripts.querySelectorAll('script[type="module"][src]'),
      ...document.querySelectorAll('link[rel="stylesheet"]'),
    ]
      .map((element) => element.getAttribute('src') ?? element.getAttribute('href'))
      .join(' ');
    if (saved.build !== build) return;
    const root = document.getElementById('root');
    root.innerHTML = saved.html;
    for (const child of root.children) {
      child.setAttribute('inert', '');
      child.setAttribute('aria-hidden', 'true');
    }
  } catch {
    // A damaged copy: the app draws the page as usual.
  }
})();
