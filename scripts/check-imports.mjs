// `npm run lint`: the import rules (ALLOWED below: which folders each folder may import), checked
// without a lint framework.
// Each source file's imports must stay inside the zones its folder may reach, and no files
// may import each other in a cycle (any import: static, type-only or dynamic; see import-cycles.mjs).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findCycles, resolveImport } from './import-cycles.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

// zone of the importing file -> project zones it may import ('*' = anything under src).
const ALLOWED = {
  'src/domain': ['src/domain'],
  'src/documents': ['src/documents', 'src/domain'],
  'src/db': ['src/db', 'src/domain'],
  'src/api': ['src/api', 'src/domain'],
  'src/sync': ['src/sync', 'src/api', 'src/db', 'src/domain'],
  'src/sw': ['src/sw', 'src/sync', 'src/db', 'src/api', 'src/domain'],
  'src/workers': ['src/workers', 'src/documents', 'src/domain'],
  'src/ui': ['src/ui'],
  'src/features': ['src/domain', 'src/db', 'src/sync', 'src/api', 'src/ui', 'src/workers/clients.ts'],
  'src/app': ['src/app', 'src/features', 'src/ui', 'src/api', 'src/db', 'src/sync', 'src/domain', 'src/workers/clients.ts', 'src/styles'],
  'src/main.tsx': ['src/app', 'src/styles', 'src/db', 'src/domain', 'src/ui'],
  'src/boot.ts': ['src/main.tsx', 'src/styles', 'src/app/pwa/install-prompt.ts', 'src/app/pwa/install-platform.ts', 'src/app/pwa/register-sw.ts', 'src/app/login-shell.ts', 'src/app/release-database.ts'],
  server: ['server', 'src/domain', 'src/documents'],
};

function zoneOf(file) {
  return Object.keys(ALLOWED)
    .filter((zone) => file === zone || file.startsWith(`${zone}/`))
    .sort((a, b) => b.length - a.length)[0];
}

function* walk(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* walk(path);
    else if (/\.(ts|tsx)$/.test(name)) yield path;
  }
}

const IMPORT_RE = /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
const problems = [];
/** file -> files it imports, by any kind of import (for the cycle check). */
const graph = new Map();
for (const base of ['src', 'server']) {
  for (const abs of walk(join(root, base))) {
    const file = relative(root, abs);
    const zone = zoneOf(file);
    const text = readFileSync(abs, 'utf8');
    const edges = new Set();
    graph.set(file, edges);
    for (const match of text.matchAll(IMPORT_RE)) {
      const spec = match[1] ?? match[2];
      let target;
      if (spec.startsWith('@/')) target = `src/${spec.slice(2)}`;
      else if (spec.startsWith('.')) target = relative(root, join(abs, '..', spec));
      else continue; // a package
      const isTypeOnly = /^(import|export)\s+type\s/.test(match[0]);
      const resolved = resolveImport(root, target);
      if (resolved) edges.add(resolved);
      if (!zone) continue;
      const own = zone === 'src/features' ? [file.split('/').slice(0, 3).join('/')] : [];
      const ok = [...own, ...ALLOWED[zone]].some((entry) => {
        const allowed = entry.replace(/\.tsx?$/, ''); // a file entry matches its import without extension
        return target === allowed || target.startsWith(`${allowed}/`) || target.startsWith(`${allowed}.`);
      });
      // Rule 10: across runtime boundaries only types cross (page -> worker API types).
      if (!ok && !(isTypeOnly && target.startsWith('src/workers'))) {
        problems.push(`${file}: imports ${spec} (${zone} may import ${ALLOWED[zone].join(', ')})`);
      }
      if (target.startsWith('server') && file.startsWith('src/')) problems.push(`${file}: src must never import server/`);
    }
  }
}
for (const cycle of findCycles(graph)) problems.push(`import cycle: ${cycle.join(' <-> ')}`);
if (problems.length > 0) {
  console.error(`Import rules broken:\n${problems.join('\n')}`);
  process.exit(1);
}
console.log('imports: ok');
