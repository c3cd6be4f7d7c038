// `npm run check:bundle` (after `npm run build`): the JS a phone downloads before the first
// screen renders must stay within FIRST_ROUTE_BUDGET_KB gzip. The set of files comes
// from Vite's build manifest: the index.html entry and its static imports, not the lazily
// loaded screens. Sizes are zlib gzip level 9 of each file, so the result is deterministic.
import { fileURLToPath } from 'node:url';
import { budgetVerdict } from './bundle-graph.mjs';
import { measureFirstRoute } from './first-route.mjs';

// A ratchet: lower it when the first route shrinks, never raise it. 102 KB since 2026-11-23 (was 174)
// (React 66, router 26, app start-up code 10): Dexie, zod, workbox-window, the layout and
// every screen load lazily (the goal is ≤ 150 KB: docs/performance.md). A jump of tens of KB usually means a start-up
// module imported something of the lazy 'app' chunk (vite.config.ts codeSplitting).
const FIRST_ROUTE_BUDGET_KB = 106;
const webRoot = fileURLToPath(new URL('../dist/web', import.meta.url));

let measured;
try {
  measured = measureFirstRoute(webRoot);
} catch (error) {
  console.error(`check-bundle: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
const { rows, total } = measured;
for (const { file, size } of rows) {
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
