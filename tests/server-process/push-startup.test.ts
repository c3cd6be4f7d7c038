// Push at start-up (server/main.ts): without VAPID_SUBJECT the server prints one line saying
// push is off and works on; with it, the VAPID keys are generated into DATA_DIR (embedded
// database) and kept across a restart, and the key endpoint answers them.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../server/db/seed-data';
import { PUSH_DISABLED_LINE } from '../../server/vapid-keys';
import { startServerProcess } from '../helpers/server-process';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function dataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'magang-push-start-'));
  dirs.push(dir);
  return dir;
}

async function publicKeyOf(url: string): Promise<{ status: number; body: unknown }> {
  const password = DEMO_ACCOUNTS.find((account) => account.username === 'hr')?.password ?? '';
  const login = await fetch(`${url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'hr', password }) });
  const { token } = (await login.json()) as { token: string };
  const response = await fetch(`${url}/api/push/kunci`, { headers: { authorization: `Bearer ${token}` } });
  return { status: response.status, body: await response.json() };
}

describe('server process: push at start-up', () => {
  it('should say once that push is off without VAPID_SUBJECT, and answer 503 for the key', { timeout: 120_000 }, async () => {
    const server = await startServerProcess({ DATA_DIR: dataDir(), SEED: 'demo' });
    try {
      expect(server.output().split('\n').filter((line) => line === PUSH_DISABLED_LINE)).toHaveLength(1);
      expect(await publicKeyOf(server.url)).toEqual({ status: 503, body: { message: 'Notifikasi push tidak diaktifkan di server ini.' } });
    } finally {
      await server.stop();
    }
  });

  it('should generate the VAPID keys into DATA_DIR once and keep them across a restart', { timeout: 120_000 }, async () => {
    const dir = dataDir();
    const env = { DATA_DIR: dir, SEED: 'demo', VAPID_SUBJECT: 'mailto:admin@magang.example' };
    const first = await startServerProcess(env);
    let key: unknown;
    try {
      expect(first.output()).not.toContain(PUSH_DISABLED_LINE);
      const answer = await publicKeyOf(first.url);
      expect(answer.status).toBe(200);
      key = (answer.body as { publicKey: string }).publicKey;
      expect(JSON.parse(readFileSync(path.join(dir, 'vapid-keys.json'), 'utf8')).publicKey).toBe(key);
    } finally {
      await first.stop();
    }
    const second = await startServerProcess(env);
    try {
      expect(((await publicKeyOf(second.url)).body as { publicKey: string }).publicKey).toBe(key);
    } finally {
      await second.stop();
    }
  });
});
