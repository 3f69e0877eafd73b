import { resolve } from 'node:path';
import { defineConfig, type IndexHtmlTransformContext, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const apiTarget = `http://localhost:${process.env.JOTTER_API_PORT ?? 4000}`;

/**
 * Vendor groups: React, Apollo and Slate each get their own long-cached chunk (react-toastify
 * loads after the first screen, in a chunk of its own), and two groups of small app modules
 * save requests before the first screen; a higher priority claims a module first. GraphiQL and CodeMirror are left to the default splitting,
 * which keeps them in the playground's own chunks: a group for them would capture modules the
 * app shares and drag them into the landing page.
 */
const VENDOR_GROUPS = [
  {
    name: 'vendor-react',
    priority: 40,
    test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|cookie|set-cookie-parser)[\\/]/,
  },
  {
    name: 'vendor-apollo',
    priority: 30,
    test: /node_modules[\\/](@apollo|rxjs|@wry|optimism|tslib|@graphql-typed-document-node)[\\/]/,
  },
  {
    // What both the boot script and the app use, none of it importing anything else: the boot
    // script is two requests instead of four.
    name: 'shared',
    priority: 10,
    test: /(src[\\/](lib[\\/]storage|features[\\/]theme[\\/]apply-theme|features[\\/]notes[\\/]api[\\/]first-screen)\.ts$)|rolldown[\\/]runtime|vite[\\/]preload-helper/,
  },
  {
    // Small modules the list pages share with the others.
    name: 'app-shared',
    priority: 10,
    test: /src[\\/](lib[\\/]errors|components[\\/]error-panel|components[\\/]rich-text[\\/]plain-text)\.tsx?$/,
  },
  {
    name: 'vendor-slate',
    priority: 20,
    test: /node_modules[\\/](slate|slate-react|slate-dom|slate-history|is-hotkey|direction|is-plain-object|immer|tiny-invariant|scroll-into-view-if-needed|compute-scroll-into-view|lodash)[\\/]/,
  },
];

type Bundle = NonNullable<IndexHtmlTransformContext['bundle']>;

/** A chunk's file and every chunk and stylesheet it needs, not counting those in `loaded`. */
function closure(bundle: Bundle, fileName: string, loaded: Set<string>): string[] {
  const found: string[] = [];
  const visit = (name: string) => {
    const chunk = bundle[name];
    if (!chunk || chunk.type !== 'chunk' || loaded.has(name) || found.includes(name)) return;
    found.push(name);
    for (const css of chunk.viteMetadata?.importedCss ?? []) {
      if (!loaded.has(css) && !found.includes(css)) found.push(css);
    }
    chunk.imports.forEach(visit);
  };
  visit(fileName);
  return found;
}

/**
 * Puts the boot script (src/boot.ts, its own entry) at the top of index.html's head, ahead of
 * the app's bundle: it waits for nothing, so it runs as soon as the page is parsed, while the
 * vendor chunks are still downloading. Beside it goes a JSON list of the files each route's
 * first screen needs beyond the app's own (ROUTE_CHUNKS), which the boot script preloads for
 * the route being opened, instead of the router finding them out only once the app has started.
 */
const ROUTE_CHUNKS: Record<string, string> = {
  '/home': 'src/app/routes/notes-route.tsx',
  '/archive': 'src/app/routes/notes-route.tsx',
};

function bootScript(): Plugin {
  return {
    name: 'jotter-boot-script',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        if (!ctx.filename.endsWith('index.html')) return [];
        const { bundle } = ctx;
        if (!bundle) {
          return [
            {
              tag: 'script',
              attrs: { type: 'module', src: '/src/boot.ts' },
              injectTo: 'head-prepend',
            },
          ];
        }
        const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
        const boot = chunks.find((chunk) => chunk.isEntry && chunk.name === 'boot');
        const main = chunks.find((chunk) => chunk.isEntry && chunk.name === 'main');
        if (!boot || !main) throw new Error('the boot or main entry is missing from the bundle');
        const loaded = new Set(closure(bundle, main.fileName, new Set()));
        const routes: Record<string, string[]> = {};
        for (const [path, source] of Object.entries(ROUTE_CHUNKS)) {
          const chunk = chunks.find((c) => c.moduleIds.some((id) => id.endsWith(source)));
          if (!chunk) throw new Error(`no chunk for ${source}`);
          routes[path] = closure(bundle, chunk.fileName, loaded).map((file) => `/${file}`);
        }
        return [
          {
            tag: 'script',
            attrs: { type: 'application/json', id: 'jotter-route-files' },
            children: JSON.stringify(routes),
            injectTo: 'head-prepend',
          },
          {
            tag: 'script',
            // Render-blocking: the first paint waits for it, so it is in the saved theme (a module
            // script otherwise runs whenever it arrives, before or after the first paint).
            attrs: { type: 'module', src: `/${boot.fileName}`, blocking: 'render' },
            injectTo: 'head-prepend',
          },
        ];
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), bootScript()],
  build: {
    outDir: 'dist',
    // Every browser Jotter supports has <link rel="modulepreload">: no polyfill to download.
    modulePreload: { polyfill: false },
    // The GraphiQL page's vendor chunk is big by nature; the app's own chunks stay far smaller.
    chunkSizeWarningLimit: 1500,
    emptyOutDir: true,
    rolldownOptions: {
      input: {
        main: resolve(import.meta.dirname, 'index.html'),
        boot: resolve(import.meta.dirname, 'src/boot.ts'),
        graphiql: resolve(import.meta.dirname, 'graphiql.html'),
      },
      output: {
        codeSplitting: { groups: VENDOR_GROUPS },
      },
    },
  },
  server: {
    proxy: {
      '/graphql': apiTarget,
      '/api': apiTarget,
    },
  },
});
