import { resolve } from 'node:path';
import { defineConfig, type HtmlTagDescriptor, type Plugin } from 'vite';
import type { OutputChunk } from 'rolldown';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { appShellOnly } from './app-shell.ts';

const apiTarget = `http://localhost:${process.env.JOTTER_API_PORT ?? 4000}`;

/** The dark theme's background (src/styles/tokens.css, --bg): the default theme. */
const themeColour = '#1c1c1f';

/**
 * index.html asks for the code of the page `route` (a lazy route's module) with the app's own
 * code, as `modulepreload` and style `preload` links: its chunk no longer waits for the router to
 * start before it is fetched. For the page most visits open: the lists (/home, the manifest's
 * start_url, and /archive).
 */
function preloadRoute(route: string): Plugin {
  return {
    name: 'jotter:preload-route',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle, chunk: entry }) {
        if (!bundle || !entry || entry.name !== 'main') return html;
        const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
        const page = chunks.find((c) => c.facadeModuleId?.endsWith(route));
        if (!page) throw new Error(`no chunk for ${route}`);
        const byFile = new Map(chunks.map((c) => [c.fileName, c]));
        const loaded = new Set([entry.fileName, ...entry.imports]);
        const files = new Set<string>();
        const styles = new Set<string>();
        const visit = (c: OutputChunk) => {
          if (loaded.has(c.fileName) || files.has(c.fileName)) return;
          files.add(c.fileName);
          c.viteMetadata?.importedCss.forEach((file) => styles.add(file));
          c.imports.forEach((file) => {
            const imported = byFile.get(file);
            if (imported) visit(imported);
          });
        };
        visit(page);
        const tags: HtmlTagDescriptor[] = [
          ...[...files].map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
            injectTo: 'head' as const,
          })),
          ...[...styles].map((file) => ({
            tag: 'link',
            attrs: { rel: 'preload', as: 'style', crossorigin: true, href: `/${file}` },
            injectTo: 'head' as const,
          })),
        ];
        return { html, tags };
      },
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    preloadRoute('src/app/routes/notes-route.tsx'),
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
        navigateFallback: '/index.html',
        // The APIs and the health check are the server's, never the app shell's.
        navigateFallbackDenylist: [/^\/api(\/|$)/, /^\/graphql(\/|$)/, /^\/healthz$/],
        cleanupOutdatedCaches: true,
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
