// `npm test`: every suite — unit + API (vitest.config.ts), then a fresh production build and
// the browser suite (vitest.e2e.config.ts: playwright-core driving Debian's Chromium, plus the
// offline journey in Firefox and WebKit).
// Ends with one plain line 'Tests: N passed, N failed' summing all suites.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
mkdirSync(`${root}.tmp`, { recursive: true });

// The browser suite runs in three engines, each from Debian (no browser download works here).
const ENGINES = [
  { name: 'Chromium', path: CHROMIUM_PATH, env: 'CHROMIUM_PATH', install: 'chromium' },
  { name: 'Firefox', path: process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr', env: 'FIREFOX_PATH', install: 'firefox-esr' },
  { name: 'WebKit', path: process.env.WEBKIT_DRIVER_PATH ?? '/usr/bin/WebKitWebDriver', env: 'WEBKIT_DRIVER_PATH', install: 'webkit2gtk-driver xvfb' },
];
const missingEngines = ENGINES.filter((engine) => !existsSync(engine.path));
if (missingEngines.length > 0) {
  for (const engine of missingEngines) {
    console.error(`${engine.name} not found at ${engine.path}: the browser tests need it (set ${engine.env} for another location).`);
  }
  console.error(`Install them with: apt-get update && apt-get install -y ${missingEngines.map((engine) => engine.install).join(' ')}`);
  process.exit(1);
}

const run = (cmd, args) => spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: process.env });
const totals = { passed: 0, failed: 0 };
const failures = [];
let ok = true;

// Every failed test (and suite that failed to run) with the first line of its error, so the
// last lines of a long log say what failed.
function collectFailures(summary) {
  for (const file of summary.testResults ?? []) {
    const where = file.name.replace(root, '');
    const failedTests = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failedTests) {
      failures.push(`${where} > ${test.fullName}: ${String(test.failureMessages?.[0] ?? '').split('\n')[0]}`);
    }
    if (file.status === 'failed' && failedTests.length === 0) {
      failures.push(`${where}: ${String(file.message ?? 'failed to run').split('\n')[0]}`);
    }
  }
}

function vitest(config, report) {
  rmSync(report, { force: true });
  const result = run('npx', [
    'vitest', 'run', '--config', config,
    '--reporter=default', '--reporter=json', `--outputFile.json=${report}`,
  ]);
  if (result.status !== 0) ok = false;
  if (!existsSync(report)) {
    ok = false;
    console.error(`${config}: no report written`);
    return;
  }
  const summary = JSON.parse(readFileSync(report, 'utf8'));
  totals.passed += summary.numPassedTests;
  totals.failed += summary.numFailedTests + (summary.numRuntimeErrorTestSuites ?? 0);
  collectFailures(summary);
  if (summary.numTotalTests === 0) {
    ok = false;
    console.error(`${config}: no test ran`);
  }
}

vitest('vitest.config.ts', `${root}.tmp/report-unit-api.json`);

console.log('\nBuilding the production app for the browser suite...');
if (run('npm', ['run', 'build']).status !== 0) {
  console.error('Build failed: the browser suite cannot run.');
  ok = false;
} else {
  vitest('vitest.e2e.config.ts', `${root}.tmp/report-e2e.json`);
}

if (failures.length > 0) console.log(`\nFailed:\n${failures.map((line) => `  ${line}`).join('\n')}`);
console.log(`\nTests: ${totals.passed} passed, ${totals.failed} failed`);
process.exit(ok && totals.failed === 0 ? 0 : 1);
