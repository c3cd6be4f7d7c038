// WebKit (Safari's engine) for the browser suite: WebKitGTK's MiniBrowser driven by
// WebKitWebDriver over plain W3C WebDriver (HTTP + JSON through fetch), under its own Xvfb
// display. The session's proxy capability sends every request but loopback to a dead local
// port, so nothing the browser does can reach the internet.
import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../helpers/server-process';

export const WEBKIT_DRIVER = process.env.WEBKIT_DRIVER_PATH ?? '/usr/bin/WebKitWebDriver';
export const MINIBROWSER = process.env.WEBKIT_BROWSER_PATH ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
const W3C_ELEMENT = 'element-6066-11e4-a52e-4f735466cecf';
/** No WebDriver command may hang a test: each gets this long, then fails naming itself. */
const COMMAND_TIMEOUT_MS = 45_000;
/**
 * Starting a MiniBrowser window: a start on a busy machine was seen to take over 45 s; one that
 * takes longer is given up and tried afresh (openWebKitWindow).
 */
const SESSION_START_TIMEOUT_MS = 60_000;
/** The drivers' logs, kept for a failed run. */
const LOG_DIR = join(process.cwd(), '.tmp');

/** True when WebKitGTK's driver, MiniBrowser and Xvfb are installed. */
export function webkitAvailable(): boolean {
  return existsSync(WEBKIT_DRIVER) && existsSync(MINIBROWSER) && existsSync('/usr/bin/Xvfb');
}

/** An element reference of a WebDriver session. */
export interface ElementRef {
  [W3C_ELEMENT]: string;
}

/** One MiniBrowser window (a WebDriver session): its own profile, storage and service workers. */
export class WebKitSession {
  constructor(
    private readonly base: string,
    readonly id: string,
  ) {}

  async command<T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${this.base}/session/${this.id}${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      body: body === undefined ? (method === 'POST' ? '{}' : undefined) : JSON.stringify(body),
      signal: AbortSignal.timeout(COMMAND_TIMEOUT_MS),
    }).catch((error: unknown) => {
      throw new Error(`WebDriver ${method} ${path}: no answer (${String(error)})`);
    });
    const json = (await response.json()) as { value: T & { error?: string; message?: string } };
    if (!response.ok) throw new Error(`WebDriver ${method} ${path}: ${json.value?.error} ${json.value?.message}`);
    return json.value;
  }

  goto(url: string): Promise<unknown> {
    return this.command('POST', '/url', { url });
  }

  async url(): Promise<string> {
    return this.command<string>('GET', '/url');
  }

  reload(): Promise<unknown> {
    return this.command('POST', '/refresh');
  }

  /** Runs `fn` (a function's source, called with `args`) in the page and returns its value. */
  evaluate<T>(fn: string, ...args: unknown[]): Promise<T> {
    return this.command<T>('POST', '/execute/sync', { script: `return (${fn}).apply(null, arguments)`, args });
  }

  /** Runs the async function `fn` in the page and returns what it resolves to. */
  evaluateAsync<T>(fn: string, ...args: unknown[]): Promise<T> {
    const script = `const done = arguments[arguments.length - 1];
      Promise.resolve((${fn}).apply(null, Array.prototype.slice.call(arguments, 0, -1)))
        .then((value) => done({ ok: true, value }), (error) => done({ ok: false, error: String(error && error.stack || error) }));`;
    return this.command<{ ok: boolean; value: T; error?: string }>('POST', '/execute/async', { script, args }).then((result) => {
      if (!result.ok) throw new Error(`in page: ${result.error}`);
      return result.value;
    });
  }

  async find(css: string): Promise<ElementRef> {
    return this.command<ElementRef>('POST', '/element', { using: 'css selector', value: css });
  }

  /**
   * Runs `act` on the element `css` finds, finding it again when the page replaced it meanwhile
   * (the login page's HTML form is replaced by the app's once the app has loaded).
   */
  private async onElement(css: string, act: (path: string) => Promise<unknown>): Promise<void> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        const element = await this.find(css);
        await act(`/element/${element[W3C_ELEMENT]}`);
        return;
      } catch (error) {
        if (attempt >= 5 || !String(error).includes('stale element')) throw error;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
  }

  type(css: string, text: string): Promise<void> {
    return this.onElement(css, async (path) => {
      await this.command('POST', `${path}/clear`);
      await this.command('POST', `${path}/value`, { text });
    });
  }

  click(css: string): Promise<void> {
    return this.onElement(css, (path) => this.command('POST', `${path}/click`));
  }

  close(): Promise<unknown> {
    return fetch(`${this.base}/session/${this.id}`, { method: 'DELETE', signal: AbortSignal.timeout(COMMAND_TIMEOUT_MS) }).then((response) =>
      response.text(),
    );
  }
}

/** A WebKit of its own: display, driver, home folder and one window (a WebDriver session). */
export interface WebKitWindow {
  session: WebKitSession;
  /** Ends the window and kills the driver, MiniBrowser and its processes, and the display. */
  stop(): Promise<void>;
}

function startXvfb(): Promise<{ display: string; proc: ChildProcess }> {
  return new Promise((resolve, reject) => {
    const proc = spawn('Xvfb', ['-displayfd', '3', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'], {
      stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
    });
    let out = '';
    proc.stdio[3]!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('\n')) resolve({ display: `:${out.trim()}`, proc });
    });
    proc.once('exit', (code) => reject(new Error(`Xvfb exited (${code})`)));
  });
}

async function waitForDriver(base: string, proc: ChildProcess): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (proc.exitCode !== null) throw new Error(`WebKitWebDriver exited (${proc.exitCode})`);
    try {
      const response = await fetch(`${base}/status`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('WebKitWebDriver did not answer /status');
}

/** Kills a process group (the driver and the MiniBrowser processes it started) and waits for its leader. */
async function killGroup(proc: ChildProcess): Promise<void> {
  if (proc.pid === undefined || proc.exitCode !== null || proc.signalCode !== null) return;
  const exited = new Promise((resolve) => proc.once('exit', resolve));
  try {
    process.kill(-proc.pid, 'SIGKILL');
  } catch {
    proc.kill('SIGKILL');
  }
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
}

/** Attempts at opening a window before a test fails. */
const WINDOW_ATTEMPTS = 3;

/**
 * A fresh WebKit for one test: its own Xvfb display, WebKitWebDriver and home folder (nothing
 * a previous window left — its processes, files or locks — can hold this one up), and a window.
 * MiniBrowser's start was seen to hang in full runs on a busy machine, never alone: a window
 * that does not open within SESSION_START_TIMEOUT_MS is dropped with everything it started and
 * opened afresh, up to WINDOW_ATTEMPTS times. The driver's own log (in .tmp/) is quoted when
 * every attempt failed.
 */
export async function openWebKitWindow(): Promise<WebKitWindow> {
  const errors: string[] = [];
  for (let attempt = 1; attempt <= WINDOW_ATTEMPTS; attempt += 1) {
    try {
      return await launchWebKit(attempt);
    } catch (error) {
      errors.push(`attempt ${attempt}: ${error instanceof Error ? error.message : String(error)}`);
      console.warn(`WebKit window did not open (${errors.at(-1)}); starting afresh`);
    }
  }
  throw new Error(`WebKit window did not open:\n${errors.join('\n')}`);
}

let launches = 0;

async function launchWebKit(attempt: number): Promise<WebKitWindow> {
  const home = mkdtempSync(join(tmpdir(), 'magang-webkit-'));
  const logPath = join(LOG_DIR, `webkit-driver-${process.pid}-${(launches += 1)}.log`);
  mkdirSync(LOG_DIR, { recursive: true });
  const log = openSync(logPath, 'w');
  const xvfb = await startXvfb();
  const port = await freePort();
  const deadPort = await freePort(); // nothing listens: the proxy every non-loopback request meets
  const driver = spawn(WEBKIT_DRIVER, [`--port=${port}`, '--host=local'], {
    env: {
      ...process.env,
      DISPLAY: xvfb.display,
      HOME: home,
      XDG_CONFIG_HOME: join(home, 'config'),
      XDG_CACHE_HOME: join(home, 'cache'),
      XDG_DATA_HOME: join(home, 'data'),
      // No accessibility bus to wait for under Xvfb.
      NO_AT_BRIDGE: '1',
    },
    stdio: ['ignore', log, log],
    detached: true, // its own process group: stop() kills MiniBrowser and its processes with it
  });
  const base = `http://127.0.0.1:${port}`;
  let session: WebKitSession | null = null;
  const stop = async () => {
    if (session) await session.close().catch(() => undefined);
    await killGroup(driver);
    await killGroup(xvfb.proc);
    closeSync(log);
    rmSync(home, { recursive: true, force: true });
  };
  try {
    await waitForDriver(base, driver);
    const response = await fetch(`${base}/session`, {
      method: 'POST',
      signal: AbortSignal.timeout(SESSION_START_TIMEOUT_MS),
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        capabilities: {
          alwaysMatch: {
            'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] },
            proxy: {
              proxyType: 'manual',
              httpProxy: `127.0.0.1:${deadPort}`,
              sslProxy: `127.0.0.1:${deadPort}`,
              noProxy: ['127.0.0.1', 'localhost'],
            },
          },
        },
      }),
    });
    const json = (await response.json()) as { value: { sessionId?: string; message?: string } };
    if (!json.value.sessionId) throw new Error(`WebKit session refused: ${json.value.message}`);
    session = new WebKitSession(base, json.value.sessionId);
    return { session, stop };
  } catch (error) {
    await stop();
    const driverLog = readFileSync(logPath, 'utf8').trim().split('\n').slice(-20).join('\n');
    throw new Error(`${error instanceof Error ? error.message : String(error)} (attempt ${attempt}; driver log ${logPath}:\n${driverLog || '(empty)'})`);
  }
}
