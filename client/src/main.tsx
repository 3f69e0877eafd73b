import { StrictMode, lazy, startTransition, Suspense, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import './styles/index.css';
import { App, firstPageReady } from './app/app';
import { whenIdle } from './lib/when-idle';

const UpdatePrompt = lazy(() =>
  import('./app/update-prompt').then(({ UpdatePrompt }) => ({ default: UpdatePrompt })),
);

/** Calls `callback` once the page has loaded and the browser is then idle; returns a cancel. */
function afterLoadWhenIdle(callback: () => void): () => void {
  let cancel = () => undefined as void;
  const idle = () => (cancel = whenIdle(callback, 10_000));
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
  return () => {
    window.removeEventListener('load', idle);
    cancel();
  };
}

/**
 * The service worker is registered once the page has loaded and the browser is idle: its install
 * fetches every file of the app for the precache, which would otherwise compete with the first
 * screen for the network and the CPU.
 */
function ServiceWorker() {
  const [ready, setReady] = useState(false);
  useEffect(() => afterLoadWhenIdle(() => setReady(true)), []);
  return ready ? (
    <Suspense fallback={null}>
      <UpdatePrompt />
    </Suspense>
  ) : null;
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
// The app starts in a task after this module's evaluation (app.tsx), and React renders the first
// screen in a transition, in slices between frames: no one long task holds the page, whose top
// bar (index.html's) stays on screen meanwhile.
void new Promise((resolve) => setTimeout(resolve, 0)).then(firstPageReady).then(() =>
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <App />
        <ServiceWorker />
      </StrictMode>,
    ),
  ),
);
