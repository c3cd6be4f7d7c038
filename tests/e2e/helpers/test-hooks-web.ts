// The web app with the browser-test hooks (window.__magangTest, src/app/sync/test-hooks.ts), for
// the tests that queue more changes than the UI could type in time. The product build (dist/web)
// has no hooks: this is a second `vite build --mode test-hooks` into dist/web-test-hooks, made
// when a test first needs it after each product build, and served by the same production server
// (its WEB_DIR). It differs from dist/web only by the hooks and by serving index.html for `/`
// (no pre-rendered login.html, no pre-compressed copies).
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { ROOT } from './server';

const WEB_DIR = `${ROOT}dist/web-test-hooks`;
/** Enough for one `vite build` on a busy 2-core machine. */
export const TEST_HOOKS_BUILD_TIMEOUT_MS = 300_000;

function mtimeOf(file: string): number {
  return existsSync(file) ? statSync(file).mtimeMs : -1;
}

/**
 * Builds dist/web-test-hooks unless it is newer than the product build, and returns the server
 * environment that serves it. Call from a beforeAll with TEST_HOOKS_BUILD_TIMEOUT_MS.
 */
export function testHooksWebEnv(): Record<string, string> {
  const built = mtimeOf(`${WEB_DIR}/index.html`);
  if (built < 0 || built < mtimeOf(`${ROOT}dist/web/index.html`)) {
    // NODE_ENV: vitest runs with 'test', under which Vite would build a development app (React's
    // development build, no service worker registration).
    const result = spawnSync('npx', ['vite', 'build', '--mode', 'test-hooks', '--logLevel', 'warn'], {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (result.status !== 0) throw new Error('vite build --mode test-hooks failed');
  }
  return { WEB_DIR };
}
