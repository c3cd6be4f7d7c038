// The first-route JS of a build, measured: which files (scripts/bundle-graph.mjs) and their
// gzip sizes. Shared by `npm run check:bundle` and `npm run bench -- lighthouse`.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { firstRouteFiles } from './bundle-graph.mjs';

/**
 * Reads `<webRoot>/.vite/manifest.json` and index.html, and returns the first-route JS files
 * with their sizes (zlib gzip level 9, so the figure is deterministic), largest first, and the
 * total. Throws when the build is missing or index.html loads a script the manifest walk missed.
 */
export function measureFirstRoute(webRoot) {
  const manifestPath = join(webRoot, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) {
    throw new Error(`${manifestPath} is missing; run \`npm run build\` first (vite build.manifest: true).`);
  }
  const files = firstRouteFiles(JSON.parse(readFileSync(manifestPath, 'utf8')));
  // The manifest and the page must agree: every script index.html loads is counted.
  const html = readFileSync(join(webRoot, 'index.html'), 'utf8');
  const fromHtml = [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="\/?([^"]+\.js)"/g)].map((m) => m[1]);
  const uncounted = fromHtml.filter((file) => !files.includes(file));
  if (uncounted.length > 0) throw new Error(`index.html loads files the manifest walk missed: ${uncounted.join(', ')}`);
  const rows = files
    .map((file) => ({ file, size: gzipSync(readFileSync(join(webRoot, file)), { level: 9 }).length }))
    .sort((a, b) => b.size - a.size);
  return { rows, total: rows.reduce((sum, row) => sum + row.size, 0) };
}
