// `npm start`: serve the production build; build it first when it is missing, so a fresh clone
// needs only `npm install && npm start`.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const built = existsSync(`${root}dist/web/index.html`) && existsSync(`${root}dist/server/main.js`);
if (!built) {
  console.log('No production build found: building first (npm run build)...');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
process.chdir(root);
await import(`${root}dist/server/main.js`);
