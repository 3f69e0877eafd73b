import { useEffect } from 'react';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { toast } from '../lib/toast';

/** How often an open tab asks whether a new version is out. */
const CHECK_EVERY_MS = 60 * 60 * 1000;

function UpdateToast({ onReload }: { onReload: () => void }) {
  return (
    <div className="update-toast">
      <span>A new version of Jotter is ready</span>
      <button type="button" className="button button--primary" onClick={onReload}>
        Reload
      </button>
    </div>
  );
}

/**
 * Registers the service worker (vite-plugin-pwa's `useRegisterSW`, at once: main.tsx mounts this
 * once the page has loaded and the browser is idle) and, when a new version of the app has been
 * fetched and waits, offers to reload into it. The new version never takes over by itself: the
 * page in use keeps the code it started with.
 */
export function UpdatePrompt() {
  const {
    needRefresh: [needRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW: (_url, registration) => {
      if (registration) setInterval(() => void registration.update(), CHECK_EVERY_MS);
    },
    onRegisterError: (error: unknown) =>
      console.error('The service worker could not be registered:', error),
  });

  useEffect(() => {
    if (!needRefresh) return;
    toast.info(<UpdateToast onReload={() => void updateServiceWorker(true)} />, {
      toastId: 'app-update',
      autoClose: false,
      closeOnClick: false,
    });
  }, [needRefresh, updateServiceWorker]);

  return null;
}
