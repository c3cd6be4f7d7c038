// server/shutdown.ts with a fake app, database and lock: the order of the stop, the exit
// codes, a second signal, and the drain / overall time limits.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../server/db/client';
import type { DataDirLock } from '../../server/db/data-dir-lock';
import { DRAIN_TIMEOUT_MS, SHUTDOWN_TIMEOUT_MS, closeServer, installShutdown } from '../../server/shutdown';

function fakes(options: { appClose?: () => Promise<void>; dbClose?: () => Promise<void> } = {}) {
  const steps: string[] = [];
  const app = {
    close: vi.fn(async () => {
      steps.push('app');
      await options.appClose?.();
    }),
    server: { closeAllConnections: vi.fn(() => steps.push('cut')) },
    log: { info: vi.fn(), error: vi.fn() },
  };
  const database = {
    close: vi.fn(async () => {
      steps.push('db');
      await options.dbClose?.();
    }),
    onEngineAbort: vi.fn(),
  };
  const lock = { file: '/x/server.lock', release: vi.fn(() => steps.push('lock')) };
  const targets = {
    app: app as unknown as FastifyInstance,
    database: database as unknown as Database,
    lock: lock as unknown as DataDirLock,
  };
  return { steps, app, targets };
}

const listeners: ((signal: NodeJS.Signals) => void)[] = [];
afterEach(() => {
  for (const listener of listeners.splice(0)) {
    process.off('SIGTERM', listener);
    process.off('SIGINT', listener);
  }
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** Installs the handlers and answers a function that delivers a signal to them only. */
function install(targets: ReturnType<typeof fakes>['targets'], codes: number[]) {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  const before = process.listeners('SIGTERM');
  installShutdown(targets, (code) => codes.push(code));
  const added = process.listeners('SIGTERM').filter((listener) => !before.includes(listener)) as ((s: NodeJS.Signals) => void)[];
  listeners.push(...added);
  return (signal: NodeJS.Signals) => {
    for (const listener of added) listener(signal);
  };
}

describe('closeServer', () => {
  it('should close the app, then the database, then release the lock, and answer 0', async () => {
    const { steps, targets } = fakes();
    expect(await closeServer(targets)).toBe(0);
    expect(steps).toEqual(['app', 'db', 'lock']);
  });

  it('should still close the database and release the lock when closing the app fails, and answer 1', async () => {
    const { steps, targets } = fakes({ appClose: () => Promise.reject(new Error('boom')) });
    expect(await closeServer(targets)).toBe(1);
    expect(steps).toEqual(['app', 'db', 'lock']);
  });
});

describe('installShutdown', () => {
  it('should exit 0 after a clean stop on SIGTERM', async () => {
    const { steps, targets } = fakes();
    const codes: number[] = [];
    const signal = install(targets, codes);
    signal('SIGTERM');
    await vi.waitFor(() => expect(codes).toEqual([0]));
    expect(steps).toEqual(['app', 'db', 'lock']);
  });

  it('should exit 1 at once on a second signal while the first stop waits', () => {
    const { targets } = fakes({ appClose: () => new Promise<void>(() => {}) });
    const codes: number[] = [];
    const signal = install(targets, codes);
    signal('SIGTERM');
    expect(codes).toEqual([]);
    signal('SIGINT');
    expect(codes).toEqual([1]);
  });

  it('should cut busy connections after the drain time and exit 1 after the overall limit', () => {
    vi.useFakeTimers();
    const { steps, targets } = fakes({ appClose: () => new Promise<void>(() => {}) });
    const codes: number[] = [];
    const signal = install(targets, codes);
    signal('SIGTERM');
    vi.advanceTimersByTime(DRAIN_TIMEOUT_MS);
    expect(steps).toEqual(['app', 'cut']);
    vi.advanceTimersByTime(SHUTDOWN_TIMEOUT_MS - DRAIN_TIMEOUT_MS - 1);
    expect(codes).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(codes).toEqual([1]);
  });
});
