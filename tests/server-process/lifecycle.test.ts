// The real server process stopped with SIGTERM in the middle of a stream of writes: requests
// in flight finish, nothing answers 5xx, the process exits 0 and releases DATA_DIR, and every
// write that was answered 2xx is there after a restart (server/shutdown.ts).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type ServerProcess, api, cleanUp, demoDataDir, login, startServer, stopServer } from './server-process';

const WRITERS = 8;
/** Answered writes before the signal, so the stream is in full swing when it comes. */
const WRITES_BEFORE_SIGNAL = 40;

interface Outcome {
  nama: string;
  status: number | null; // null: no answer (connection refused or closed)
  answeredAt: number;
}

/** One writer: creates instansi one after another until the server stops answering. */
async function writer(server: ServerProcess, token: string, index: number, outcomes: Outcome[]): Promise<void> {
  for (let n = 0; ; n += 1) {
    const nama = `Sekolah Lifecycle ${index}-${n}`;
    try {
      const { status } = await api(server.url, 'POST', '/api/instansi', token, { nama, jenis: 'Sekolah' });
      outcomes.push({ nama, status, answeredAt: Date.now() });
    } catch {
      outcomes.push({ nama, status: null, answeredAt: Date.now() });
      return;
    }
  }
}

afterAll(cleanUp);

describe('server process: SIGTERM during writes', () => {
  it('should drain the writes in flight, answer no 5xx, exit 0, and keep every answered write', { timeout: 180_000 }, async () => {
    const dataDir = await demoDataDir('lifecycle');
    const server = await startServer(dataDir);
    const token = await login(server.url, 'hr');

    const outcomes: Outcome[] = [];
    const writers = Array.from({ length: WRITERS }, (_, index) => writer(server, token, index, outcomes));
    while (outcomes.filter((o) => o.status === 201).length < WRITES_BEFORE_SIGNAL) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const signalledAt = Date.now();
    server.child.kill('SIGTERM');
    await Promise.all(writers);
    const code = await server.exited;
    const stoppedIn = Date.now() - signalledAt;

    expect(code, server.output()).toBe(0);
    expect(stoppedIn).toBeLessThan(10_000);
    expect(server.output()).toContain('server berhenti dengan bersih');
    expect(existsSync(path.join(dataDir, 'server.lock'))).toBe(false);

    const statuses = outcomes.map((o) => o.status);
    expect(statuses.filter((s) => s !== null && s >= 500)).toEqual([]);
    expect(statuses.filter((s) => s !== null && s !== 201)).toEqual([]);
    // Writes in flight when the signal came were finished and answered, not dropped.
    expect(outcomes.some((o) => o.status === 201 && o.answeredAt >= signalledAt)).toBe(true);
    // Every writer ended on a refused / closed connection: the server stopped taking requests.
    expect(outcomes.filter((o) => o.status === null)).toHaveLength(WRITERS);

    const again = await startServer(dataDir);
    try {
      const { status, body } = await api(again.url, 'GET', '/api/instansi', await login(again.url, 'hr'));
      expect(status).toBe(200);
      const stored = new Set((body.data as { nama: string }[]).map((row) => row.nama));
      const answered = outcomes.filter((o) => o.status === 201).map((o) => o.nama);
      expect(answered.length).toBeGreaterThanOrEqual(WRITES_BEFORE_SIGNAL);
      expect(answered.filter((nama) => !stored.has(nama))).toEqual([]);
    } finally {
      expect(await stopServer(again)).toBe(0);
    }
  });
});
