// Once per browser run: make sure a production build exists, then create a seeded
// DATA_DIR template (PGlite initdb + migrations + demo seed, ~5 s) that every test file
// copies, so each file gets a fresh database in well under a second.
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { DIST_SERVER, ROOT, TEMPLATE_DATA_DIR, startServer } from './server';

export default async function setup(): Promise<void> {
  if (!existsSync(`${ROOT}dist/web/index.html`) || !existsSync(DIST_SERVER)) {
    const result = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
    if (result.status !== 0) throw new Error('npm run build failed');
  }
  rmSync(TEMPLATE_DATA_DIR, { recursive: true, force: true });
  const server = await startServer({ dataDir: TEMPLATE_DATA_DIR, fromTemplate: false });
  await server.stop();
}
