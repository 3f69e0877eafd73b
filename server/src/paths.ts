import fs from 'node:fs';
import path from 'node:path';

/**
 * The repository's root: the nearest folder above this module holding schema.graphql. The same
 * code runs from server/src (tests, tsx), from server/dist/… and from the one-file bundle that
 * `npm run build` makes (server/dist/index.js), each at a different depth.
 */
function findRepoRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'schema.graphql'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no schema.graphql above ${from}`);
  }
}

export const repoRoot = findRepoRoot(__dirname);
