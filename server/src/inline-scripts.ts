import { createHash } from 'node:crypto';
import fs from 'node:fs';

/**
 * The Content-Security-Policy sources that allow the inline scripts of the client's pages
 * (index.html, and shell.html, which the service worker answers visits with: the theme, the saved
 * page and the app's start, which must run before any file could arrive), by the SHA-256 of each,
 * as CSP Level 2 defines them: no other inline script runs. None for a page that is not built.
 * Read once, when the server starts.
 */
export function inlineScriptSources(pages: string[]): string[] {
  const sources = pages
    .filter((page) => fs.existsSync(page))
    .flatMap((page) =>
      Array.from(
        fs.readFileSync(page, 'utf8').matchAll(/<script>([\s\S]*?)<\/script>/g),
        ([, code]) =>
          `'sha256-${createHash('sha256')
            .update(code ?? '')
            .digest('base64')}'`,
      ),
    );
  return [...new Set(sources)];
}
