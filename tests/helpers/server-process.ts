// A real server process (`node --import tsx server/main.ts`, as `npm run dev` runs it) on a free
// port, for tests that need several instances side by side (tests/api-postgres).
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const HEALTH_TIMEOUT_MS = 90_000;

/** Variables of the test runner's environment that must not leak into the server's. */
const SERVER_VARS = ['PORT', 'HOST', 'DATA_DIR', 'DATABASE_URL', 'JWT_SECRET', 'JWT_TTL', 'SEED', 'WEB_DIR', 'TRUST_PROXY', 'VAPID_SUBJECT', 'PUSH_JAM_TENANG', 'PUBLIC_URL', 'ORGANISASI_KONTAK'];

export interface ServerProcess {
  url: string;
  /** Everything the process printed so far. */
  output(): string;
  /** SIGTERM, then waits for the exit. */
  stop(): Promise<void>;
}

/** A free TCP port on 127.0.0.1. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output()}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server not healthy after ${HEALTH_TIMEOUT_MS} ms:\n${output()}`);
}

/** Starts server/main.ts with `env` (on top of a clean copy of this process's environment). */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const base = { ...process.env };
  for (const name of SERVER_VARS) delete base[name];
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: { ...base, HOST: '127.0.0.1', PORT: String(port), WEB_DIR: '/nonexistent/magang-web', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout?.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  };
  try {
    await waitForHealth(url, child, () => text);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, output: () => text, stop };
}
