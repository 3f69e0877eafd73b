import fs from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { appShellOnly } from './app-shell.ts';
import { ATTACHMENT_CACHE } from './src/lib/attachment-cache.ts';

const apiTarget = `http://localhost:${process.env.JOTTER_API_PORT ?? 4000}`;

/** The dark theme's background (src/styles/tokens.css, --bg): the default theme. */
const themeColour = '#1c1c1f';

/**
 * index.html, and shell.html (the page the service worker answers every visit with), as their
 * first paint needs them. The scripts of inline/ that index.html names (the theme, the page the
 * user left) are written into it: they run before any file could arrive, and the server allows
 * exactly the inline scripts of both pages by their hashes (server/src/inline-scripts.ts). And
 * its stylesheets come before its scripts: Vite puts them after a dozen module preloads, and the
 * service worker answers a visit's requests in the order they are made, so the page could not
 * paint (its stylesheets block that) until every script was in.
 */
function firstPaint(): Plugin[] {
  return [
    {
      name: 'jotter-inline-scripts',
      transformIndexHtml: {
        order: 'pre',
        handler: (html) =>
          html.replace(
            /<script src="\/inline\/([\w-]+\.js)"><\/script>/g,
            (_, file: string) =>
              `<script>${fs.readFileSync(resolve(import.meta.dirname, 'inline', file), 'utf8')}</script>`,
          ),
      },
    },
    {
      // shell.html: index.html with the app's module script and module preloads kept in a
      // template, and inline/start-app.js after saved-screen.js to put them into the page: at
      // once, or, when the page the user left is drawn, once that copy is on screen. Only the
      // service worker's visits get it (navigateFallback): a first visit, from the network, has
      // nothing drawn to wait for, and its browser finds the scripts in the head as it reads.
      name: 'jotter-offline-shell',
      apply: 'build',
      enforce: 'post',
      generateBundle(_, bundle) {
        const index = bundle['index.html'];
        if (index?.type !== 'asset') throw new Error('the build has no index.html');
        const html = String(index.source);
        const tags = /\s*(<script type="module"[^>]*><\/script>|<link rel="modulepreload"[^>]*>)/g;
        const scripts = Array.from(html.matchAll(tags), ([, tag]) => tag);
        const start = fs.readFileSync(resolve(import.meta.dirname, 'inline/start-app.js'), 'utf8');
        const shell = html
          .replace(tags, '')
          .replace(
            /(\s*)(<!-- The page this user left)/,
            `$1<template id="app-scripts">${scripts.join('')}</template>$1$2`,
          )
          .replace(/<\/body>/, `  <script>${start}</script>\n  </body>`);
        if (scripts.length === 0 || !shell.includes('<template id="app-scripts"><script')) {
          throw new Error("shell.html: index.html's scripts or its saved-page comment not found");
        }
        this.emitFile({ type: 'asset', fileName: 'shell.html', source: shell });
      },
    },
    {
      name: 'jotter-stylesheets-first',
      transformIndexHtml: {
        order: 'post',
        handler(html) {
          const stylesheets = html.match(/\s*<link rel="stylesheet"[^>]*>/g) ?? [];
          const page = stylesheets.reduce((rest, link) => rest.replace(link, ''), html);
          return page.replace(/(\s*)<script type="module"/, `${stylesheets.join('')}$&`);
        },
      },
    },
  ];
}

/**
 * The files the first screen runs (index.html's entry chunk and every chunk it imports
 * statically) start with V8's explicit compile hint, `//# allFunctionsCalledOnLoad`
 * (https://v8.dev/blog/explicit-compile-hints): Chromium compiles their functions on a
 * background thread while they download, instead of each on the main thread at its first call.
 * Nearly all of them run at start-up. Lazy chunks (the editor, the other pages, GraphiQL) stay
 * lazily compiled; other browsers read the line as a comment. It goes in once the files are
 * minified, which removes comments.
 */
function compileHints(): Plugin {
  return {
    name: 'jotter-compile-hints',
    apply: 'build',
    generateBundle: {
      // After Vite's own handlers: they put code before a chunk's first line.
      order: 'post',
      handler(_, bundle) {
        const visit = (fileName: string) => {
          const chunk = bundle[fileName];
          if (chunk?.type !== 'chunk' || chunk.code.startsWith(compileHint)) return;
          chunk.code = compileHint + chunk.code;
          chunk.imports.forEach(visit);
        };
        for (const chunk of Object.values(bundle)) {
          if (chunk.type === 'chunk' && chunk.isEntry && chunk.name === 'main') {
            visit(chunk.fileName);
          }
        }
      },
    },
  };
}

const compileHint = '//# allFunctionsCalledOnLoad\n';

export default defineConfig({
  plugins: [
    react(),
    firstPaint(),
    compileHints(),
    // Installable, and the app shell from the service worker's cache: a repeat visit (or one
    // offline) needs no network to start; the notes come from the persisted Apollo cache.
    VitePWA({
      // A new version waits until the user chooses to reload (app/update-prompt.tsx).
      registerType: 'prompt',
      injectRegister: false,
      manifest: {
        name: 'Jotter',
        short_name: 'Jotter',
        description: 'Take notes, sort, filter and label them.',
        id: '/',
        start_url: '/home',
        scope: '/',
        display: 'standalone',
        theme_color: themeColour,
        background_color: themeColour,
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          {
            src: '/icons/maskable-192.png',
            sizes: '192x192',
            type: 'image/png',
            purpose: 'maskable',
          },
          {
            src: '/icons/maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
        ],
      },
      // The icons are precached through globPatterns, with everything else in dist/.
      includeManifestIcons: false,
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png}'],
        // GraphiQL (a developer's page at /graphql, with its editor: over 1 MB) is not part of
        // the app: it loads from the network when asked for.
        globIgnores: ['graphiql.html'],
        manifestTransforms: [appShellOnly(resolve(import.meta.dirname, 'dist'))],
        navigateFallback: '/shell.html',
        // The APIs and the health check are the server's, never the app shell's.
        navigateFallbackDenylist: [/^\/api(\/|$)/, /^\/graphql(\/|$)/, /^\/healthz$/],
        cleanupOutdatedCaches: true,
        // Web Push: the reminders' notifications and their actions (public/push-sw.js).
        importScripts: ['/push-sw.js'],
        // Attachments seen once show offline: one never changes under its id, so the cache
        // answers first. Only the files (and their thumbnails), never /usage; only a 200 is
        // kept, so a 401 or 404 is never replayed. A sign-out deletes it (lib/storage.ts).
        runtimeCaching: [
          {
            urlPattern: /\/api\/attachments\/(?!usage(?:[?#]|$))[\w-]+(?:\?size=thumb)?$/,
            method: 'GET',
            handler: 'CacheFirst',
            options: {
              cacheName: ATTACHMENT_CACHE,
              expiration: { maxEntries: 1000, maxAgeSeconds: 60 * 60 * 24 * 90 },
              cacheableResponse: { statuses: [200] },
            },
          },
        ],
      },
    }),
  ],
  build: {
    outDir: 'dist',
    // Which chunk loads which: the service worker precaches only what the app can load.
    manifest: true,
    // The GraphiQL page's vendor chunk is big by nature; the app's own chunks stay far smaller.
    chunkSizeWarningLimit: 1500,
    emptyOutDir: true,
    rolldownOptions: {
      input: {
        main: resolve(import.meta.dirname, 'index.html'),
        graphiql: resolve(import.meta.dirname, 'graphiql.html'),
      },
    },
  },
  server: {
    proxy: {
      '/graphql': { target: apiTarget, ws: true },
      '/api': apiTarget,
    },
  },
});
