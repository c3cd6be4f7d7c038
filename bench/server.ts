// Benchmark of the API server with BENCH_PARTICIPANTS participants (bench/size.ts; default
// 10,000): the real app (server/app.ts) in this
// process on 127.0.0.1, on a fresh PGlite (temp DATA_DIR) or, with DATABASE_URL, on a fresh
// database of its own on that PostgreSQL server (created and dropped here; the database the
// URL names is only used to connect). Goals of the issue, each as a figure of this run:
//   P1 full list, unchanged data: req/s ≥ 50 % of a bare node:http server sending the same bytes
//   P2 `?since=` pull after 10 changes: < 1 % of the full list's bytes
//   P3 GET /api/auth/profile p99 and event-loop delay p99 < 50 ms while 4 clients pull the list
//   P4 the full list compressed (br, gzip) ≤ 15 % of its raw size
// then the p99 of every list and pull endpoint (bench/endpoints.ts) and, last, the bulk import of
// 10,000 more rows (two requests of 5,000) on the database holding the size (goal < 10 s).
// Every request loop is bounded in count and time; everything is closed and removed at the end.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import postgres from 'postgres';
import type { FastifyInstance } from 'fastify';
import { type Database, openDatabase } from '../server/db/client';
import { startBenchApp } from './app';
import { endpointLatencies } from './endpoints';
import { generate, importMore } from './generate';
import { Client, login, percentile } from './http';
import { listCosts } from './list-costs';
import { statisticsEffect } from './statistics-effect';
import { type LoadResult, runLoad } from './load';
import { PARTICIPANTS, SHAPE, participantsLabel } from './size';

const P1_CONCURRENCY = 8;
const P1_MAX_REQUESTS = 300;
const P1_MAX_SECONDS = 3;
const P1_ROUNDS = 3;
const P1_GOAL = 0.5;
const P2_CHANGES = 10;
const P2_GOAL = 0.01;
const P3_PULLERS = 4;
const P3_MAX_REQUESTS = 1500;
const P3_MAX_SECONDS = 8;
const P3_PROFILE_EVERY_MS = 50;
const P3_CHANGE_EVERY = 10;
const P3_GOAL_MS = 50;
const P4_GOAL = 0.15;
const IMPORT_ROWS = 10_000;
const IMPORT_GOAL_MS = 10_000;

const BR = { 'accept-encoding': 'br' };
const GZIP = { 'accept-encoding': 'gzip' };
/** What browsers and common HTTP clients send. */
const USUAL_CODINGS = { 'accept-encoding': 'gzip, deflate, br' };
const IDENTITY = { 'accept-encoding': 'identity' };
const LIST = '/api/peserta';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const mb = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(2)} MB`;
const pct = (ratio: number) => `${(ratio * 100).toFixed(2)} %`;
const ms = (value: number) => `${value.toFixed(1)} ms`;
const median = (values: number[]) => percentile(values, 50);
const sleep = (delay: number) => new Promise((resolve) => setTimeout(resolve, delay));

function report(name: string, value: string, goal: string, ok: boolean): void {
  console.log(`${name}: ${value} (goal ${goal}) ${ok ? 'ok' : 'SHORT'}`);
}

/** A fresh database: PGlite in a temp DATA_DIR, or a new database on the DATABASE_URL server. */
export async function openBenchDatabase(): Promise<{ database: Database; dataDir: string; label: string; dispose(): Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'magang-bench-'));
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({ dataDir });
    return {
      database,
      dataDir,
      label: 'PGlite (embedded)',
      dispose: async () => {
        await database.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const name = `magang_bench_${randomBytes(4).toString('hex')}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ dataDir, databaseUrl: url.toString() });
  return {
    database,
    dataDir,
    label: `PostgreSQL ${url.host}, database ${name} (created for this run)`,
    dispose: async () => {
      await database.close();
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end({ timeout: 5 });
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A bare node:http server answering every request with `body` and the app's list headers. */
async function bareServer(body: Buffer, headers: http.OutgoingHttpHeaders): Promise<{ port: number; close(): Promise<void> }> {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { ...headers, 'content-length': body.length });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * The whole list read raw, kept as its ids, cursor and size only: the parsed rows (100,000
 * objects at 100,000 participants) held for the rest of the run would lengthen every garbage
 * collection of this process — the server's own — and show as stalls in the figures after it.
 */
async function readWholeList(client: Client): Promise<{ ids: number[]; cursor: string; bytes: number }> {
  const answer = await client.request('GET', LIST, { headers: IDENTITY, keep: true });
  const list = JSON.parse(answer.body?.toString() ?? '{}') as { data: { id: number }[]; cursor: string };
  return { ids: list.data.map((row) => row.id), cursor: list.cursor, bytes: answer.bytes };
}

const rate = (result: { count: number; seconds: number }) => result.count / result.seconds;

/** P3: 4 clients (a worker thread, sending the usual Accept-Encoding) pull the full list while this thread asks for the profile every 50 ms. */
async function underLoad(port: number, token: string, ids: number[], changing: boolean) {
  const prober = new Client(port, 1, token);
  const delay = monitorEventLoopDelay({ resolution: 5 });
  const profile: number[] = [];
  const load = runLoad({
    port,
    token,
    path: LIST,
    headers: USUAL_CODINGS,
    concurrency: P3_PULLERS,
    maxRequests: P3_MAX_REQUESTS,
    maxSeconds: P3_MAX_SECONDS,
    ...(changing ? { changeEvery: P3_CHANGE_EVERY, ids } : {}),
  });
  await load.started;
  let done = false;
  delay.enable();
  const probing = (async () => {
    while (!done && profile.length < (P3_MAX_SECONDS * 1000) / P3_PROFILE_EVERY_MS + 10) {
      const answer = await prober.request('GET', '/api/auth/profile', { headers: BR });
      if (answer.status !== 200) throw new Error(`profile: ${answer.status}`);
      profile.push(answer.ms);
      await sleep(Math.max(0, P3_PROFILE_EVERY_MS - answer.ms));
    }
  })();
  try {
    const pulled = await load.done;
    done = true;
    await probing;
    await sleep(20);
    return { pulled, profile, loopP99: delay.percentile(99) / 1e6, loopMax: delay.max / 1e6 };
  } finally {
    done = true;
    delay.disable();
    prober.close();
  }
}

/** Runs the server benchmark and prints one line per figure. */
export async function benchServer(): Promise<void> {
  const bench = await openBenchDatabase();
  const { database } = bench;
  console.log(`\nserver (Fastify in-process, ${bench.label}, ${participantsLabel()}, shape '${SHAPE}')`);
  const clients: Client[] = [];
  let app: FastifyInstance | null = null;
  let bare: Awaited<ReturnType<typeof bareServer>> | null = null;
  try {
    const started = await startBenchApp(database, bench.dataDir);
    app = started.app;
    const port = started.port;
    const token = await login(port, 'hr', 'hr1234');
    const client = new Client(port, 1, token);
    clients.push(client);

    // The data.
    const made = await generate(database.db, client, PARTICIPANTS);
    console.log(
      `bulk import of ${made.participants.toLocaleString('en')} participants (POST /api/peserta/bulk, ≤ 5,000 rows a request): ${(made.importMs / 1000).toFixed(2)} s (info)`,
    );
    console.log(`scores (${made.scores.toLocaleString('en')}) and review decisions (${made.reviewsChanged.toLocaleString('en')}), direct writes: ${(made.extrasMs / 1000).toFixed(2)} s (info)`);
    console.log(`internships: ${made.running.toLocaleString('en')} running today, ${made.recent.toLocaleString('en')} ended within 180 days, ${made.old.toLocaleString('en')} ended before (info)`);
    // As a server started on this data would have them (server/db/planner-statistics.ts; on
    // PostgreSQL autovacuum would, in a while), with what that changed measured on the way.
    await statisticsEffect(database.db, client);

    // The full list: cold (built and compressed on this request), 304, sizes.
    const cold = await client.request('GET', LIST, { headers: BR, keep: true });
    if (cold.status !== 200 || cold.headers['content-encoding'] !== 'br') throw new Error(`full list: ${cold.status} ${cold.headers['content-encoding']}`);
    console.log(`full list, cold (first request: read + JSON + brotli): ${ms(cold.ms)} (info)`);
    const raw = await readWholeList(client);
    const ids = raw.ids;
    const gzip = await client.request('GET', LIST, { headers: GZIP });
    const brBytes = cold.body as Buffer;
    const etag = String(cold.headers.etag);
    const notModified: number[] = [];
    for (let i = 0; i < 5; i++) {
      const answer = await client.request('GET', LIST, { headers: { ...BR, 'if-none-match': etag } });
      if (answer.status === 304) notModified.push(answer.ms);
    }
    console.log(
      `full list, 304 on If-None-Match: ${notModified.length ? ms(median(notModified)) : 'none (the version changed between requests)'} (info; median of ${notModified.length} of 5)`,
    );
    console.log(`full list sizes: raw ${mb(raw.bytes)} (${ids.length} rows), br ${kb(brBytes.length)}, gzip ${kb(gzip.bytes)} (info)`);

    // P4.
    report('P4 full list br / raw', pct(brBytes.length / raw.bytes), `≤ ${P4_GOAL * 100} %`, brBytes.length / raw.bytes <= P4_GOAL);
    report('P4 full list gzip / raw', pct(gzip.bytes / raw.bytes), `≤ ${P4_GOAL * 100} %`, gzip.bytes / raw.bytes <= P4_GOAL);

    // P1: the app against a bare node:http server sending the same bytes, alternating rounds.
    bare = await bareServer(brBytes, {
      'content-type': 'application/json; charset=utf-8',
      'content-encoding': 'br',
      etag,
      'cache-control': 'private, no-cache',
      vary: 'Accept-Encoding',
    });
    const limits = { concurrency: P1_CONCURRENCY, maxRequests: P1_MAX_REQUESTS, maxSeconds: P1_MAX_SECONDS, headers: BR, path: LIST };
    const appRuns: LoadResult[] = [];
    const bareRuns: LoadResult[] = [];
    for (let round = 0; round < P1_ROUNDS; round++) {
      appRuns.push(await runLoad({ ...limits, port, token }).done);
      bareRuns.push(await runLoad({ ...limits, port: bare.port }).done);
    }
    const sum = (runs: LoadResult[]) => ({ count: runs.reduce((s, r) => s + r.count, 0), seconds: runs.reduce((s, r) => s + r.seconds, 0) });
    const appTotal = sum(appRuns);
    const bareTotal = sum(bareRuns);
    const appRate = appTotal.count / appTotal.seconds;
    const bareRate = bareTotal.count / bareTotal.seconds;
    const versions = new Set(appRuns.flatMap((run) => run.etags)).size;
    const appLatency = appRuns.flatMap((run) => run.latencies);
    console.log(
      `full list (br, ${kb(brBytes.length)}), ${P1_CONCURRENCY} clients on a worker thread: app ${appRate.toFixed(1)} req/s (${appTotal.count} requests, p50 ${ms(percentile(appLatency, 50))}, p99 ${ms(percentile(appLatency, 99))}; ${versions} version(s) served), bare node:http ${bareRate.toFixed(1)} req/s (${bareTotal.count} requests); rounds app ${appRuns.map((r) => rate(r).toFixed(0)).join('/')}, bare ${bareRuns.map((r) => rate(r).toFixed(0)).join('/')} (info)`,
    );
    const revalidate = await runLoad({ ...limits, port, token, headers: { ...BR, 'if-none-match': etag }, expect: 304 }).done;
    console.log(
      `same ${P1_CONCURRENCY} clients with If-None-Match (304, no body): ${rate(revalidate).toFixed(1)} req/s, p50 ${ms(percentile(revalidate.latencies, 50))} — the app's per-request ceiling before any bytes are sent (info)`,
    );
    report('P1 full list req/s, app / bare node:http same bytes', pct(appRate / bareRate), `≥ ${P1_GOAL * 100} %`, appRate / bareRate >= P1_GOAL);
    await bare.close();
    bare = null;

    await listCosts(database, client, app.changes);
    await endpointLatencies(port, client, ids, raw.cursor);

    // P3: the profile while 4 clients pull, on unchanged data and on data changed now and then.
    for (const changing of [false, true]) {
      const label = changing ? `changing data (a PUT before every ${P3_CHANGE_EVERY}th pull)` : 'unchanged data';
      const run = await underLoad(port, token, ids, changing);
      const pullRate = run.pulled.count / run.pulled.seconds;
      const p99 = percentile(run.profile, 99);
      console.log(
        `${P3_PULLERS} clients pulling the full list, ${label}: ${run.pulled.count} pulls in ${run.pulled.seconds.toFixed(1)} s (${pullRate.toFixed(1)} req/s, ${new Set(run.pulled.etags).size} version(s) served, ${run.pulled.changes} PUTs); profile ${run.profile.length} calls, p50 ${ms(percentile(run.profile, 50))}, max ${ms(Math.max(...run.profile))}; event-loop delay max ${ms(run.loopMax)} (info)`,
      );
      report(`P3 GET /api/auth/profile p99, ${label}`, ms(p99), `< ${P3_GOAL_MS} ms`, p99 < P3_GOAL_MS);
      report(`P3 event-loop delay p99, ${label}`, ms(run.loopP99), `< ${P3_GOAL_MS} ms`, run.loopP99 < P3_GOAL_MS);
    }

    // P2: 10 changes among 10,000, then an incremental pull from the cursor of a full pull.
    const before = await client.request('GET', LIST, { headers: IDENTITY, keep: true });
    const { cursor } = JSON.parse(before.body?.toString() ?? '{}') as { cursor: string };
    for (let i = 0; i < P2_CHANGES; i++) {
      const id = ids[(i * 997) % ids.length] as number;
      const put = await client.request('PUT', `${LIST}/${id}`, { body: { nama: `Peserta Diubah ${i}` }, headers: IDENTITY });
      if (put.status !== 200) throw new Error(`PUT: ${put.status}`);
    }
    const since = await client.request('GET', `${LIST}?since=${cursor}`, { headers: IDENTITY, keep: true });
    const pulledRows = (JSON.parse(since.body?.toString() ?? '{}') as { data: unknown[] }).data.length;
    const sinceBr = await client.request('GET', `${LIST}?since=${cursor}`, { headers: BR });
    console.log(
      `incremental pull after ${P2_CHANGES} changes: ${pulledRows} rows, raw ${kb(since.bytes)} in ${ms(since.ms)}, br ${kb(sinceBr.bytes)}; full list raw ${mb(before.bytes)} (info)`,
    );
    report(`P2 incremental pull / full list bytes (raw)`, pct(since.bytes / before.bytes), `< ${P2_GOAL * 100} %`, since.bytes / before.bytes < P2_GOAL);

    // Last (it grows the database): HR's import of 10,000 more rows on the database at the size.
    const imported = await importMore(client, IMPORT_ROWS, PARTICIPANTS);
    report(
      `bulk import of ${IMPORT_ROWS.toLocaleString('en')} rows (POST /api/peserta/bulk, ${imported.requests} requests: ${imported.requestMs.map((t) => ms(t)).join(', ')}) on ${participantsLabel()}`,
      `${(imported.ms / 1000).toFixed(2)} s`,
      `< ${IMPORT_GOAL_MS / 1000} s`,
      imported.ms < IMPORT_GOAL_MS,
    );
  } finally {
    for (const c of clients) c.close();
    await bare?.close();
    await app?.close();
    await bench.dispose();
  }
}
