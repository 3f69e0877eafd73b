/**
 * Builds the server as one file, dist/index.js, with its dependencies inside: Node then reads,
 * resolves and compiles one file at start-up instead of about 1,500 (Kysely alone is hundreds of
 * small modules). Native add-ons stay in node_modules. Type checking is `npm run typecheck`.
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

import { build } from 'esbuild';

// File paths, not URL paths: a checkout in a folder with a space in its name builds too.
const here = (relative) => fileURLToPath(new URL(relative, import.meta.url));

fs.rmSync(here('./dist'), { recursive: true, force: true });
await build({
  entryPoints: [here('./src/index.ts')],
  outfile: here('./dist/index.js'),
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  // Native add-ons (sharp's libvips too), and pg's optional native driver (never installed), load from node_modules.
  external: ['better-sqlite3', 'argon2', 'sharp', 'pg-native'],
  // Function and class names as written, for stack traces and logs; the map is for debugging.
  keepNames: true,
  sourcemap: 'linked',
  logLevel: 'warning',
});
