import { resolve } from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const apiTarget = `http://localhost:${process.env.JOTTER_API_PORT ?? 4000}`;

/**
 * Vendor groups: React, Apollo and Slate each get their own long-cached chunk; a higher
 * priority claims a module first. GraphiQL and CodeMirror are left to the default splitting,
 * which keeps them in the playground's own chunks: a group for them would capture modules the
 * app shares and drag them into the landing page.
 */
const VENDOR_GROUPS = [
  {
    name: 'vendor-react',
    priority: 40,
    test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|cookie|set-cookie-parser|react-toastify|clsx)[\\/]/,
  },
  {
    name: 'vendor-apollo',
    priority: 30,
    test: /node_modules[\\/](@apollo|rxjs|@wry|optimism|tslib|@graphql-typed-document-node)[\\/]/,
  },
  {
    name: 'vendor-slate',
    priority: 20,
    test: /node_modules[\\/](slate|slate-react|slate-dom|slate-history|is-hotkey|direction|is-plain-object|immer|tiny-invariant|scroll-into-view-if-needed|compute-scroll-into-view|lodash)[\\/]/,
  },
];

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    // The GraphiQL page's vendor chunk is big by nature; the app's own chunks stay far smaller.
    chunkSizeWarningLimit: 1500,
    emptyOutDir: true,
    rolldownOptions: {
      input: {
        main: resolve(import.meta.dirname, 'index.html'),
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
