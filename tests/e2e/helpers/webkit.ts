// WebKit (Safari's engine) for the browser suite: WebKitGTK's MiniBrowser driven by
// WebKitWebDriver over plain W3C WebDriver (HTTP + JSON through fetch), under its own Xvfb
// display. The session's proxy capability sends every request but loopback to a dead local
// port, so nothing the browser does can reach the internet.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { freePort } from '../../helpers/server-process';

export const WEBKIT_DRIVER = process.env.WEBKIT_DRIVER_PATH ?? '/usr/bin/WebKitWebDriver';
export const MINIBROWSER = process.env.WEBKIT_BROWSER_PATH ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
const W3C_ELEMENT = 'element-6066-11e4-a52e-4f735466cecf';
/** No WebDriver command may hang a test: each gets this long, then fails naming itself. */
const COMMAND_TIMEOUT_MS = 45_000;
/**
 * Starting a MiniBrowser window: the first start on a busy machine (right after a production
 * build) was seen to take over 45 s.
 */
const SESSION_START_TIMEOUT_MS = 120_000;

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

/** Xvfb and WebKitWebDriver, started once per test file; sessions are MiniBrowser windows. */
export interface WebKitDriver {
  /** A new window; rejects when it does not open within `timeoutMs` (default SESSION_START_TIMEOUT_MS). */
  newSession(timeoutMs?: number): Promise<WebKitSession>;
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

/**
 * Starts Xvfb and WebKitWebDriver, and a first window (its cold start is paid here, not by a
 * test). A first window that does not open in time (MiniBrowser's cold start on a busy machine can
 * hang the driver) is tried once more from a fresh display and driver.
 */
export async function startWebKit(): Promise<WebKitDriver> {
  try {
    return await launchWebKit();
  } catch (error) {
    console.warn(`WebKit did not start (${error instanceof Error ? error.message : String(error)}); starting it once more`);
    return launchWebKit();
  }
}

async function launchWebKit(): Promise<WebKitDriver> {
  const xvfb = await startXvfb();
  const port = await freePort();
  const deadPort = await freePort(); // nothing listens: the proxy every non-loopback request meets
  const driver = spawn(WEBKIT_DRIVER, [`--port=${port}`, '--host=local'], {
    env: { ...process.env, DISPLAY: xvfb.display },
    stdio: 'ignore',
  });
  const base = `http://127.0.0.1:${port}`;
  await waitForDriver(base, driver);
  const sessions = new Set<WebKitSession>();
  const driverOf: WebKitDriver = {
    async newSession(timeoutMs = SESSION_START_TIMEOUT_MS) {
      // WebKitWebDriver drives one window at a time: a new one ends the previous one.
      for (const open of sessions) await open.close().catch(() => undefined);
      sessions.clear();
      const response = await fetch(`${base}/session`, {
        method: 'POST',
        signal: AbortSignal.timeout(timeoutMs),
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
      const session = new WebKitSession(base, json.value.sessionId);
      sessions.add(session);
      return session;
    },
    async stop() {
      for (const session of sessions) await session.close().catch(() => undefined);
      driver.kill('SIGTERM');
      xvfb.proc.kill('SIGTERM');
    },
  };
  try {
    await driverOf.newSession();
  } catch (error) {
    await driverOf.stop();
    throw error;
  }
  return driverOf;
}
