import { resolve } from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const apiTarget = `http://localhost:${process.env.JOTTER_API_PORT ?? 4000}`;

/** Vendor groups: each large dependency family gets its own long-cached chunk. */
const VENDOR_GROUPS = [
  { name: 'vendor-graphiql', test: /node_modules[\\/](graphiql|@graphiql|codemirror|codemirror-graphql|@radix-ui|@headlessui|markdown-it|framer-motion|@floating-ui)/ },
  { name: 'vendor-slate', test: /node_modules[\\/](slate|slate-react|slate-dom|slate-history|is-hotkey|direction|scroll-into-view-if-needed|compute-scroll-into-view)[\\/]/ },
  { name: 'vendor-apollo', test: /node_modules[\\/](@apollo|graphql|rxjs|@wry|optimism|tslib|zen-observable|@graphql-typed-document-node)[\\/]/ },
  { name: 'vendor-react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|cookie|set-cookie-parser)[\\/]/ },
];

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
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
