// Browser suite: playwright-core + Debian Chromium against the production build started by
// tests/e2e/helpers/server.ts. Files run one at a time: each starts its own server and browser,
// and the browser keeps this 2-core machine busy (two files at once took longer in all). They
// share one module graph (`isolate: false`): importing playwright and the helpers once, not per file.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['tests/e2e/**/*.test.ts'],
    globalSetup: ['tests/e2e/helpers/global-setup.ts'],
    fileParallelism: false,
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 90_000,
  },
});
