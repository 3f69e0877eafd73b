import { resolve } from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const apiTarget = `http://localhost:${process.env.JOTTER_API_PORT ?? 4000}`;

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
    },
  },
  server: {
    proxy: {
      '/graphql': { target: apiTarget, ws: true },
      '/api': apiTarget,
    },
  },
});
