// Helpers of the server-process suite: the real server (`node --import tsx server/main.ts`)
// and the backup / restore command lines as child processes, on DATA_DIRs of their own made
// from the api-pglite project's seeded template (no initdb per test).
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { restoreDataDir } from '../../server/db/backup';
import { freePort } from '../helpers/server-process';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const HEALTH_TIMEOUT_MS = 60_000;

const made: string[] = [];
const children: ChildProcess[] = [];

/** A new empty folder under .tmp/ (removed by cleanUp()). */
export function tempDir(prefix: string): string {
  mkdirSync(`${ROOT}.tmp`, { recursive: true });
  const dir = mkdtempSync(`${ROOT}.tmp/${prefix}-`);
  made.push(dir);
  return dir;
}

/** Kills any server a failed test left running, then removes the folders of tempDir(). */
export async function cleanUp(): Promise<void> {
  for (const child of children.splice(0)) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/** A new DATA_DIR holding the migrated demo database (from the test template). */
export async function demoDataDir(prefix: string): Promise<string> {
  const dir = tempDir(prefix);
  await restoreDataDir(dir, inject('pgliteTemplates').demo);
  return dir;
}

/** A running server process. */
export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** stdout + stderr so far. */
  output(): string;
  /** Resolves with the exit code once the process has exited. */
  exited: Promise<number | null>;
}

function env(dataDir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const { DATABASE_URL: _url, JWT_SECRET: _secret, ...rest } = process.env;
  return { ...rest, DATA_DIR: dataDir, HOST: '127.0.0.1', SEED: 'demo', WEB_DIR: '/nonexistent/magang-web', ...extra };
}

/** Starts `server/main.ts` on `dataDir` and a free port; resolves once /api/health answers 200. */
export async function startServer(
  dataDir: string,
  /** `preload`: a module imported before the server (a test's fault injection), with `env`. */
  options: { preload?: string; env?: Record<string, string> } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const preload = options.preload ? ['--import', options.preload] : [];
  const child = spawn(process.execPath, ['--import', 'tsx', ...preload, 'server/main.ts'], {
    cwd: ROOT,
    env: env(dataDir, { ...options.env, PORT: String(port) }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server not healthy in ${HEALTH_TIMEOUT_MS} ms:\n${output}`);
    }
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  return { url, child, output: () => output, exited };
}

/** Sends SIGTERM and answers the exit code. */
export async function stopServer(server: ServerProcess): Promise<number | null> {
  if (server.child.exitCode === null) server.child.kill('SIGTERM');
  return server.exited;
}

/** Runs scripts/<name>.ts with tsx on `dataDir`, as if typed in `cwd`; answers its exit code and output. */
export async function runScript(
  name: 'backup' | 'restore',
  args: string[],
  dataDir: string,
  cwd: string = ROOT,
  extraEnv: Record<string, string> = {},
): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', `${ROOT}scripts/${name}.ts`, ...args], {
    // As `npm run` does: the script runs in the project, INIT_CWD names where the user was.
    cwd: ROOT,
    env: env(dataDir, { INIT_CWD: cwd, ...extraEnv }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', (exitCode) => resolve(exitCode)));
  return { code, output };
}

/** A JSON request; answers status and parsed body (null when none). */
export async function api(
  url: string,
  method: string,
  path: string,
  token?: string,
  body?: unknown,
): Promise<{ status: number; body: any }> {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

/** Logs in a demo account (its password: username + '1234'); answers its token. */
export async function login(url: string, username: string): Promise<string> {
  const { status, body } = await api(url, 'POST', '/api/auth/login', undefined, { username, password: `${username}1234` });
  if (status !== 200) throw new Error(`login ${username}: ${status} ${JSON.stringify(body)}`);
  return body.token as string;
}
