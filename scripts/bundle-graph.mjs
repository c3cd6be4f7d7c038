// The pure part of scripts/check-bundle.mjs: which built JS files the first page load needs,
// read from Vite's build manifest (dist/web/.vite/manifest.json). No file system here.

/**
 * Files (as the manifest names them, e.g. 'assets/index-abc.js') loaded before the first
 * screen renders: every entry chunk (`isEntry`) and, transitively, its static `imports`.
 * `dynamicImports` are not followed: those chunks load only when a lazy screen opens.
 * The result is sorted, each file once; an import missing from the manifest throws.
 */
export function firstRouteFiles(manifest) {
  const entries = Object.keys(manifest).filter((key) => manifest[key].isEntry);
  if (entries.length === 0) throw new Error('bundle manifest has no entry chunk');
  const seen = new Set();
  const files = new Set();
  const stack = [...entries];
  while (stack.length > 0) {
    const key = stack.pop();
    if (seen.has(key)) continue;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`bundle manifest: '${key}' is imported but not listed`);
    if (/\.m?js$/.test(chunk.file)) files.add(chunk.file);
    for (const next of chunk.imports ?? []) stack.push(next);
  }
  return [...files].sort();
}

/** The budget verdict as text: the summary line, and whether it passes (size <= budget). */
export function budgetVerdict(gzipBytes, budgetKb) {
  const kb = gzipBytes / 1024;
  const line = `first-route JS: ${kb.toFixed(1)} KB gzip (budget ${budgetKb} KB)`;
  return { ok: kb <= budgetKb, line };
}
