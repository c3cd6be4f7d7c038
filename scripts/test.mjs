// `npm test`: every suite — a fresh production build, then the browser suite
// (vitest.e2e.config.ts: playwright-core driving Debian's Chromium, plus the offline journey in
// Firefox and WebKit) with the unit + API suite (vitest.config.ts) running beside it.
// Ends with one plain line 'Tests: N passed, N failed' summing all suites.
import { spawn, spawnSync } from 'node:child_process';
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

/**
 * Runs one vitest config to its JSON report. `quiet`: its output is kept and printed once it
 * ends (a run beside another must not interleave its lines with the other's), and it runs at a
 * lower CPU priority (`nice`), so the run beside it keeps its pace.
 */
function vitest(config, report, { quiet = false } = {}) {
  rmSync(report, { force: true });
  const args = ['vitest', 'run', '--config', config, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`];
  const [cmd, cmdArgs] = quiet && existsSync('/usr/bin/nice') ? ['/usr/bin/nice', ['-n', '10', 'npx', ...args]] : ['npx', args];
  const child = spawn(cmd, cmdArgs, { cwd: root, stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: process.env });
  const kept = [];
  child.stdout?.on('data', (chunk) => kept.push(chunk));
  child.stderr?.on('data', (chunk) => kept.push(chunk));
  return new Promise((resolve) => {
    child.on('close', (status) => {
      if (quiet) process.stdout.write(Buffer.concat(kept));
      if (status !== 0) ok = false;
      if (!existsSync(report)) {
        ok = false;
        console.error(`${config}: no report written`);
        return resolve();
      }
      const summary = JSON.parse(readFileSync(report, 'utf8'));
      totals.passed += summary.numPassedTests;
      totals.failed += summary.numFailedTests + (summary.numRuntimeErrorTestSuites ?? 0);
      collectFailures(summary);
      if (summary.numTotalTests === 0) {
        ok = false;
        console.error(`${config}: no test ran`);
      }
      resolve();
    });
  });
}

// The browser suite needs the production build; the unit + API suite runs beside it. Each uses
// about three quarters of this 2-core machine's CPU on its own (the browser waits on its server,
// the API tests on PostgreSQL), so together they finish well before one after the other would;
// the unit + API suite gets the lower priority, so the browser tests keep their pace.
console.log('\nBuilding the production app for the browser suite...');
const built = run('npm', ['run', 'build']).status === 0;
if (!built) {
  console.error('Build failed: the browser suite cannot run.');
  ok = false;
}
console.log('\nThe unit + API suite runs beside the browser suite; its output follows the browser suite\'s.');
await Promise.all([
  vitest('vitest.config.ts', `${root}.tmp/report-unit-api.json`, { quiet: true }),
  built ? vitest('vitest.e2e.config.ts', `${root}.tmp/report-e2e.json`) : Promise.resolve(),
]);

if (failures.length > 0) console.log(`\nFailed:\n${failures.map((line) => `  ${line}`).join('\n')}`);
console.log(`\nTests: ${totals.passed} passed, ${totals.failed} failed`);
process.exit(ok && totals.failed === 0 ? 0 : 1);
