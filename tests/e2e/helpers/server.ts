// Starts the production server (dist/server/main.js) as a child process on a free port with
// its own DATA_DIR, for the browser suite. stop()/kill()/start() let a test take the server away
// (gracefully, or SIGKILLed mid-request) and bring it back, with extra env for one run.
import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../helpers/server-process';

export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const DIST_SERVER = `${ROOT}dist/server/main.js`;
export const TEMPLATE_DATA_DIR = `${ROOT}.tmp/e2e-template`;
const HEALTH_TIMEOUT_MS = 45_000;
/**
 * The working set's windows of the suite's servers: the demo data has fixed dates, so with the
 * product's windows (180 / 90 days from today) which demo participants a device holds would
 * change with the day the suite runs. Ten years keep every demo participant on the devices; the
 * working set's own tests pass the product's windows in `env`.
 */
export const SUITE_WINDOWS = { JENDELA_KERJA_HARI: '3650', JENDELA_KERJA_MENTOR_HARI: '3650' };

export interface RunningServer {
  url: string;
  dataDir: string;
  /** Stops the process (SIGTERM) and waits for it to exit. */
  stop(): Promise<void>;
  /** Kills the process at once (SIGKILL: no shutdown, a request may be cut mid-way) and waits for its exit. */
  kill(): Promise<void>;
  /** Starts it again on the same port and DATA_DIR, with `env` added to the environment for this run. */
  start(env?: Record<string, string>): Promise<void>;
}

async function waitForHealth(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${log()}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`server did not become healthy in ${HEALTH_TIMEOUT_MS} ms:\n${log()}`);
}

/** Starts a server on a copy of the seeded template DATA_DIR (or on `dataDir` as it is). */
export async function startServer(
  options: { dataDir?: string; fromTemplate?: boolean; env?: Record<string, string> } = {},
): Promise<RunningServer> {
  let dataDir = options.dataDir;
  if (!dataDir) {
    mkdirSync(`${ROOT}.tmp`, { recursive: true });
    dataDir = mkdtempSync(`${ROOT}.tmp/e2e-data-`);
  }
  if (options.fromTemplate !== false) cpSync(TEMPLATE_DATA_DIR, dataDir, { recursive: true });
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;
  let output = '';

  const start = async (env: Record<string, string> = {}) => {
    output = '';
    const proc = spawn(process.execPath, [DIST_SERVER], {
      cwd: ROOT,
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED: 'demo', ...SUITE_WINDOWS, ...options.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    proc.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    proc.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child = proc;
    await waitForHealth(url, proc, () => output);
  };

  const end = async (signal: NodeJS.Signals) => {
    const proc = child;
    child = null;
    if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      proc.once('exit', () => resolve());
      proc.kill(signal);
    });
  };

  await start();
  return { url, dataDir, stop: () => end('SIGTERM'), kill: () => end('SIGKILL'), start };
}
