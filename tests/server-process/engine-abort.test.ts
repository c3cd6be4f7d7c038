// The embedded engine aborting (PGlite's WebAssembly.RuntimeError 'Aborted()'), made to happen
// at the COMMIT of an attendance write — after the commit is durable, as the real abort did:
// - in process: the request is answered 503 (not 200, not 500), readiness fails, the database
//   refuses every later statement, and the stop runs and exits with 1;
// - the real server: it exits 1 with one clear line, and a restart on the same DATA_DIR holds
//   every acknowledged write; a resend of the aborted request (same Idempotency-Key) answers
//   the marks it stored, never an empty list.
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { SERVER_MSG } from '../../src/domain/messages';
import { addDays } from '../../src/domain/presensi';
import { EngineAbortedError } from '../../server/db/client';
import { ENGINE_ABORT_LINE, installShutdown } from '../../server/shutdown';
import { demoTokens } from '../helpers/api';
import { buildTestApp } from '../helpers/build-app';
import { makePeserta, send } from '../helpers/nilai';
import { api, cleanUp, demoDataDir, login, startServer, stopServer } from './server-process';

const PRELOAD = fileURLToPath(new URL('./engine-abort.preload.ts', import.meta.url));

/** The first `count` working days (Monday to Saturday) from `from` on. */
function workingDates(from: string, count: number): string[] {
  const dates: string[] = [];
  for (let date = from; dates.length < count; date = addDays(date, 1)) {
    if (new Date(`${date}T00:00:00Z`).getUTCDay() !== 0) dates.push(date);
  }
  return dates;
}

const marksOf = (pesertaId: number, dates: readonly string[]) => dates.map((tanggal) => ({ peserta_id: pesertaId, tanggal, status: 'Hadir' }));

afterEach(() => {
  vi.restoreAllMocks();
});
afterAll(cleanUp);

describe('engine abort in process', () => {
  it('should answer the aborted request 503, fail readiness, refuse every later statement and exit 1', { timeout: 120_000 }, async () => {
    // Below the database layer: the engine's entry aborts at the next COMMIT once armed.
    const realStream = PGlite.prototype.execProtocolStream;
    let armed = false;
    vi.spyOn(PGlite.prototype, 'execProtocolStream').mockImplementation(async function (this: PGlite, ...args) {
      const answer = await realStream.apply(this, args);
      if (armed && new TextDecoder().decode(args[0]).includes('COMMIT')) {
        armed = false;
        throw new WebAssembly.RuntimeError('Aborted()');
      }
      return answer;
    });
    const t = await buildTestApp();
    const signalsBefore = new Set(process.listeners('SIGTERM'));
    const exit = vi.fn();
    try {
      const tokens = await demoTokens(t);
      const aborted = vi.fn();
      t.database.onEngineAbort(aborted);
      const p = await makePeserta(t);
      const first = await send(t, 'PUT', '/api/presensi', tokens.mentor, { payload: { presensi: marksOf(p.id, ['2026-01-05']) } });
      expect(first.statusCode).toBe(200);

      armed = true;
      const hit = await send(t, 'PUT', '/api/presensi', tokens.mentor, { payload: { presensi: marksOf(p.id, ['2026-01-06']) }, key: 'abort-1' });
      expect(hit.statusCode).toBe(503);
      expect(hit.json()).toEqual({ message: SERVER_MSG.databaseUnavailable });
      expect(aborted).toHaveBeenCalledTimes(1);
      expect(aborted.mock.calls[0]?.[0]).toBeInstanceOf(EngineAbortedError);

      const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      const read = await send(t, 'GET', `/api/presensi/peserta/${p.id}`, tokens.mentor);
      expect(read.statusCode).toBe(503);
      await expect(t.db.execute('select 1')).rejects.toHaveProperty('cause', expect.any(EngineAbortedError));

      // The server's stop, installed as server/main.ts installs it, hears of the abort and exits 1.
      installShutdown({ app: t.app, database: t.database, lock: null }, exit);
      await vi.waitFor(() => expect(exit).toHaveBeenCalled(), { timeout: 15_000 });
      expect(exit).toHaveBeenCalledWith(1);
    } finally {
      for (const signal of ['SIGTERM', 'SIGINT'] as const) {
        for (const listener of process.listeners(signal)) if (!signalsBefore.has(listener)) process.removeListener(signal, listener);
      }
      await t.close().catch(() => {});
    }
  });
});

describe('engine abort: the real server', () => {
  it('should exit 1 with a clear line, and keep every acknowledged write for the restart on the same DATA_DIR', { timeout: 240_000 }, async () => {
    const dataDir = await demoDataDir('engine-abort');
    // The second attendance write aborts the engine at its COMMIT.
    const server = await startServer(dataDir, { preload: PRELOAD, env: { ENGINE_ABORT_SQL: 'insert into "presensi"', ENGINE_ABORT_NTH: '2' } });
    const token = await login(server.url, 'hr');
    const list = await api(server.url, 'GET', '/api/peserta', token);
    const person = (list.body.data as { id: number; tanggal_masuk: string }[]).sort((a, b) => a.tanggal_masuk.localeCompare(b.tanggal_masuk))[0]!;
    const [d1, d2, d3, d4] = workingDates(person.tanggal_masuk, 4);
    const put = (url: string, bearer: string, marks: unknown[], key: string) =>
      fetch(`${url}/api/presensi`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json', 'idempotency-key': key },
        body: JSON.stringify({ presensi: marks }),
      }).then(async (response) => ({ status: response.status, body: await response.json() }));

    const acknowledged = await put(server.url, token, marksOf(person.id, [d1!, d2!]), 'diakui');
    expect(acknowledged.status, JSON.stringify(acknowledged.body)).toBe(200);
    const hit = await put(server.url, token, marksOf(person.id, [d3!, d4!]), 'terputus');
    expect(hit.status).toBe(503);
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain(ENGINE_ABORT_LINE);

    const restarted = await startServer(dataDir);
    try {
      const again = await login(restarted.url, 'hr');
      const read = await api(restarted.url, 'GET', `/api/presensi/peserta/${person.id}`, again);
      const dates = (read.body.data as { tanggal: string }[]).map((mark) => mark.tanggal);
      expect(dates).toEqual(expect.arrayContaining([d1, d2]));
      // The acknowledged request answers the same again; the aborted one answers what it stored.
      const replayed = await put(restarted.url, again, marksOf(person.id, [d1!, d2!]), 'diakui');
      expect(replayed).toEqual(acknowledged);
      const resent = await put(restarted.url, again, marksOf(person.id, [d3!, d4!]), 'terputus');
      expect(resent.status).toBe(200);
      expect(resent.body.data).toEqual(marksOf(person.id, [d3!, d4!]).map((mark) => ({ ...mark, catatan: null })));
    } finally {
      expect(await stopServer(restarted)).toBe(0);
    }
  });
});
