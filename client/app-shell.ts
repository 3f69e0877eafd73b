import fs from 'node:fs';
import path from 'node:path';
import type { ManifestTransform } from 'workbox-build';

/** One chunk of Vite's build manifest (`build.manifest`), as far as the app shell needs it. */
interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  assets?: string[];
}

/**
 * The built files the page `entry` (e.g. `index.html`) can ever load: its chunks, the chunks they
 * import or load lazily, and their CSS and assets, read from Vite's build manifest.
 */
export function filesReachedFrom(manifest: Record<string, ManifestChunk>, entry: string) {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    files.add(chunk.file);
    chunk.css?.forEach((file) => files.add(file));
    chunk.assets?.forEach((file) => files.add(file));
    chunk.imports?.forEach(visit);
    chunk.dynamicImports?.forEach(visit);
  };
  visit(entry);
  return files;
}

/**
 * A Workbox manifest transform that keeps, of the hashed files under `assets/`, only those the
 * app (index.html) can load, so the precache holds the app and not GraphiQL's page and its
 * editor chunks. Files outside `assets/` (index.html, icons, theme.js) are kept as they are.
 */
export function appShellOnly(outDir: string): ManifestTransform {
  return (entries) => {
    const manifestFile = path.join(outDir, '.vite', 'manifest.json');
    const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<
      string,
      ManifestChunk
    >;
    const app = filesReachedFrom(manifest, 'index.html');
    const manifestEntries = entries.filter(
      (entry) => !entry.url.startsWith('assets/') || app.has(entry.url),
    );
    return { manifest: manifestEntries, warnings: [] };
  };
}
