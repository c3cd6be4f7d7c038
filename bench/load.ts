// runLoad(): one bounded request loop on a worker thread (./load-worker.ts), so the clients'
// work does not share the event loop of the server under test. tsx is registered inside the
// worker (tsx does not carry its loader into workers on Node 20).
import { Worker } from 'node:worker_threads';
import type http from 'node:http';

/** What the worker runs: GET `path` from `concurrency` connections, bounded in count and time. */
export interface LoadOptions {
  port: number;
  token?: string | undefined;
  path: string;
  headers: http.OutgoingHttpHeaders;
  concurrency: number;
  maxRequests: number;
  maxSeconds: number;
  /** Status every answer must have (default 200). */
  expect?: number;
  /** When set, every n-th request is preceded by a PUT renaming one of `ids` (a new list version). */
  changeEvery?: number;
  ids?: number[];
}

/** The loop's figures (as LoopResult of ./http, with the ETags as a list) and the PUTs made. */
export interface LoadResult {
  count: number;
  bytes: number;
  seconds: number;
  latencies: number[];
  etags: string[];
  changes: number;
}

/** Starts the loop; `started` resolves after the warm-up, `done` with the figures. */
export function runLoad(options: LoadOptions): { started: Promise<void>; done: Promise<LoadResult> } {
  const url = new URL('./load-worker.ts', import.meta.url).href;
  const tsx = import.meta.resolve('tsx/esm/api');
  const worker = new Worker(`import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(url)}); })`, {
    eval: true,
    workerData: options,
  });
  let markStarted: () => void = () => {};
  const started = new Promise<void>((resolve) => {
    markStarted = resolve;
  });
  const done = new Promise<LoadResult>((resolve, reject) => {
    worker.on('message', (message: { type: 'started' } | { type: 'done'; result: LoadResult }) => {
      if (message.type === 'started') markStarted();
      else resolve(message.result);
    });
    worker.on('error', reject);
    worker.on('exit', (code) => reject(new Error(`load worker exited (${code}) before its result`)));
  });
  // A failure before 'started' must not leave a waiter hanging.
  done.catch(() => markStarted());
  return { started, done };
}
