// Bundles server/main.ts (and the src/domain code it imports) into dist/server/main.js and
// copies the SQL migrations beside it, so `npm start` runs plain Node without tsx.
import { cpSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
rmSync(`${root}dist/server`, { recursive: true, force: true });
await build({
  entryPoints: [`${root}server/main.ts`],
  outfile: `${root}dist/server/main.js`,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  alias: { '@': `${root}src` },
  sourcemap: true,
  logLevel: 'warning',
});
// server/main.ts resolves new URL('./db/migrations', import.meta.url): same layout in dist.
cpSync(`${root}server/db/migrations`, `${root}dist/server/db/migrations`, { recursive: true });
console.log('server built: dist/server/main.js');
