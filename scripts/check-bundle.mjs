// `npm run check:bundle` (after `npm run build`): the JS a phone downloads before the first
// screen renders must stay within FIRST_ROUTE_BUDGET_KB gzip. The set of files comes
// from Vite's build manifest: the index.html entry and its static imports, not the lazily
// loaded screens. Sizes are zlib gzip level 9 of each file, so the result is deterministic.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { budgetVerdict, firstRouteFiles } from './bundle-graph.mjs';

// A ratchet: the first route is 174 KB today (React 66, Dexie + zod + workbox-window 57,
// router 26, app 25). The goal is 150 KB, which needs Dexie and zod off the start-up path;
// lower this as that lands, never raise it.
const FIRST_ROUTE_BUDGET_KB = 180;
const webRoot = fileURLToPath(new URL('../dist/web', import.meta.url));
const manifestPath = join(webRoot, '.vite', 'manifest.json');

if (!existsSync(manifestPath)) {
  console.error(`check-bundle: ${manifestPath} is missing; run \`npm run build\` first (vite build.manifest: true).`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const files = firstRouteFiles(manifest);

// The manifest and the page must agree: every script index.html loads is counted.
const html = readFileSync(join(webRoot, 'index.html'), 'utf8');
const fromHtml = [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="\/?([^"]+\.js)"/g)].map((m) => m[1]);
const uncounted = fromHtml.filter((file) => !files.includes(file));
if (uncounted.length > 0) {
  console.error(`check-bundle: index.html loads files the manifest walk missed: ${uncounted.join(', ')}`);
  process.exit(1);
}

let total = 0;
const rows = files.map((file) => {
  const size = gzipSync(readFileSync(join(webRoot, file)), { level: 9 }).length;
  total += size;
  return { file, size };
});
for (const { file, size } of rows.sort((a, b) => b.size - a.size)) {
  console.log(`  ${(size / 1024).toFixed(1).padStart(7)} KB  ${file}`);
}
const { ok, line } = budgetVerdict(total, FIRST_ROUTE_BUDGET_KB);
console.log(line);
if (!ok) {
  console.error(
    `check-bundle: the first route loads ${(total / 1024).toFixed(1)} KB gzip of JS, over the ${FIRST_ROUTE_BUDGET_KB} KB budget. ` +
      'Load the new code lazily (a route component, a worker) or raise the budget on purpose.',
  );
  process.exit(1);
}
