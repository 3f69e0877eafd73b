/*
 * Jotter's Web Push handling, imported into the service worker that vite-plugin-pwa generates
 * (workbox `importScripts`, client/vite.config.ts). A push carries `{title, body, noteId, url}`
 * (DESIGN.md, Reminders): it shows as a notification with "Done" and "Snooze 1 hour". A click
 * opens (or focuses) the app at the note; the actions open `/home?note=ID&reminder=done|snooze`,
 * which the app carries out with the user's token (the service worker has none).
 */
/* eslint-env serviceworker */

self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : '' };
  }
  const title = typeof data.title === 'string' && data.title ? data.title : 'Jotter';
  const noteId = typeof data.noteId === 'string' ? data.noteId : null;
  const url = typeof data.url === 'string' && data.url.startsWith('/') ? data.url : '/home';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof data.body === 'string' ? data.body : '',
      icon: '/icons/icon-192.png',
      tag: noteId ? `reminder-${noteId}` : 'jotter',
      data: { noteId, url },
      actions: noteId
        ? [
            { action: 'done', title: 'Done' },
            { action: 'snooze', title: 'Snooze 1 hour' },
          ]
        : [],
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const { noteId, url } = event.notification.data || {};
  const target =
    noteId && (event.action === 'done' || event.action === 'snooze')
      ? `/home?note=${encodeURIComponent(noteId)}&reminder=${event.action}`
      : url || '/home';
  event.waitUntil(
    (async () => {
      const address = new URL(target, self.location.origin).href;
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        try {
          const focused = await open.focus();
          // A page this worker does not control cannot be navigated: a new window then.
          if (await focused.navigate(address)) return undefined;
        } catch {
          // Fall through to a new window.
        }
      }
      return self.clients.openWindow(address);
    })(),
  );
});
