import { createHash } from 'node:crypto';
import fs from 'node:fs';

/**
 * The Content-Security-Policy sources that allow the inline scripts of the client's index.html
 * (the theme and the saved page, which must run before any file could arrive), by the SHA-256 of
 * each, as CSP Level 2 defines them: no other inline script runs. None when there is no built
 * client. Read once, when the server starts.
 */
export function inlineScriptSources(indexHtml: string): string[] {
  if (!fs.existsSync(indexHtml)) return [];
  const html = fs.readFileSync(indexHtml, 'utf8');
  return Array.from(
    html.matchAll(/<script>([\s\S]*?)<\/script>/g),
    ([, code]) =>
      `'sha256-${createHash('sha256')
        .update(code ?? '')
        .digest('base64')}'`,
  );
}
