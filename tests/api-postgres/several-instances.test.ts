// Two real server processes on one PostgreSQL database, without JWT_SECRET (docs/operations.md
// "Several instances on one database"): they share the generated secret, the login limit, the Idempotency-Key store and
// the signatures, because all of it lives in the database. Runs only with TEST_DATABASE_URL.
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_MAX_FAILURES } from '../../server/auth/login-rate-limit';
import { DEMO_ACCOUNTS } from '../../server/db/seed-data';
import { signatureForm } from '../helpers/multipart';
import { makePng } from '../helpers/png';
import { type Instances, startInstances } from '../helpers/instances';
import type { ServerProcess } from '../helpers/server-process';

let a: ServerProcess;
let b: ServerProcess;
let sql: Instances['sql'];
let instances: Instances | undefined;

beforeAll(async () => {
  // PENGINGAT_JAM 0: the day's reminders are due at once, so both instances try them at start.
  instances = await startInstances('magang_multi', { PENGINGAT_JAM: '0' });
  [a, b] = instances.servers as [ServerProcess, ServerProcess];
  sql = instances.sql;
}, 180_000);

afterAll(() => instances?.close(), 60_000);

const password = (username: string) => DEMO_ACCOUNTS.find((account) => account.username === username)?.password ?? '';

async function request(server: ServerProcess, method: string, url: string, options: { token?: string; body?: unknown; headers?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof Buffer) body = new Uint8Array(options.body);
  else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  return fetch(`${server.url}${url}`, { method, headers, body });
}

const login = (server: ServerProcess, username: string, pass = password(username)) =>
  request(server, 'POST', '/api/auth/login', { body: { username, password: pass } });

/** The value of `read` once it equals `expected`, or its last value after 3 s. */
async function eventually<T>(read: () => Promise<T>, expected: T): Promise<T> {
  const deadline = Date.now() + 3000;
  let value = await read();
  while (value !== expected && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    value = await read();
  }
  return value;
}

async function tokenOn(server: ServerProcess, username: string): Promise<string> {
  const response = await login(server, username);
  expect(response.status).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

describe('several instances on one PostgreSQL', () => {
  it('should keep the generated JWT secret in the database, not in DATA_DIR', async () => {
    const rows = await sql`select name from app_secrets`;
    expect(rows.map((row) => row.name)).toEqual(['jwt_secret']);
    for (const dir of instances!.dataDirs) expect(existsSync(path.join(dir, 'jwt-secret'))).toBe(false);
    // Seeded once although both started together.
    const [users] = await sql`select count(*)::int as n from users`;
    expect(users?.n).toBe(DEMO_ACCOUNTS.length);
  });

  it("should run the day's reminders once though both instances found them due at start", async () => {
    // The day's row commits with the reminders of the run that inserted it.
    let runs: { n: number }[] = [];
    for (let tries = 0; tries < 100; tries++) {
      runs = await sql<{ n: number }[]>`select count(*)::int as n from job_runs where name = 'pengingat'`;
      if (runs[0]?.n) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(runs[0]?.n).toBe(1);
    const doubled = await sql`
      select user_id, jenis, peserta_ids from notifikasi where jenis in ('pengingat_nilai', 'pengingat_persetujuan')
      group by user_id, jenis, peserta_ids having count(*) > 1`;
    expect(doubled).toEqual([]);
  });

  it('should accept a token of one instance on the other', async () => {
    for (const [from, to] of [[a, b], [b, a]] as const) {
      const token = await tokenOn(from, 'hr');
      const response = await request(to, 'GET', '/api/auth/profile', { token });
      expect(response.status).toBe(200);
      expect(((await response.json()) as { data: { username: string } }).data.username).toBe('hr');
    }
  });

  it('should end the sessions on every instance after a password change on one', async () => {
    const onB = await tokenOn(b, 'mentor');
    // Used once on B first, so B has read (and may keep) the user row.
    expect((await request(b, 'GET', '/api/auth/profile', { token: onB })).status).toBe(200);
    const changed = await request(a, 'PUT', '/api/auth/password', {
      token: await tokenOn(a, 'mentor'),
      body: { currentPassword: password('mentor'), newPassword: 'baru-mentor-1234' },
    });
    expect(changed.status).toBe(200);
    const { token } = (await changed.json()) as { token: string };
    // B learns of the change from the database's notification: allow it a moment to arrive.
    expect(await eventually(async () => (await request(b, 'GET', '/api/auth/profile', { token: onB })).status, 401)).toBe(401);
    expect((await request(b, 'GET', '/api/auth/profile', { token })).status).toBe(200);
  });

  it('should count failed logins across both instances', async () => {
    const half = LOGIN_MAX_FAILURES / 2;
    for (const server of [a, b]) {
      for (let i = 0; i < half; i += 1) expect((await login(server, 'bushead', 'salah')).status).toBe(401);
    }
    for (const server of [a, b]) {
      const blocked = await login(server, 'bushead');
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    // Another username from the same address is not blocked.
    expect((await login(b, 'pembimbing')).status).toBe(200);
  });

  it('should apply a change once when it is resent with the same Idempotency-Key to the other instance', async () => {
    const [target] = await sql`
      select p.id, min(n.kompetensi_id)::int as kompetensi_id from peserta p join nilai n on n.peserta_id = p.id
      where not exists (select 1 from reviews r where r.peserta_id = p.id and r.status <> 'Menunggu')
      group by p.id order by p.id limit 1`;
    if (!target) throw new Error('the demo seed has no scored participant without decisions');
    const hr = await tokenOn(a, 'hr');
    const key = randomUUID();
    const url = `/api/nilai/peserta/${target.id}`;
    const first = await request(a, 'DELETE', url, { token: hr, headers: { 'idempotency-key': key } });
    expect(first.status).toBe(200);
    const firstBody = await first.json();
    // A score saved after the first send: a second real delete would remove it.
    const saved = await request(b, 'POST', '/api/nilai/bulk', {
      token: hr,
      body: { nilai_data: [{ peserta_id: target.id, kompetensi_id: target.kompetensi_id, skor: 66 }] },
    });
    expect(saved.status).toBe(200);
    const repeat = await request(b, 'DELETE', url, { token: hr, headers: { 'idempotency-key': key } });
    expect(repeat.status).toBe(200);
    expect(repeat.headers.get('idempotent-replayed')).toBe('true');
    expect(await repeat.json()).toEqual(firstBody);
    const scores = await sql`select kompetensi_id, skor from nilai where peserta_id = ${target.id}`;
    expect(scores.map((row) => [row.kompetensi_id, row.skor])).toEqual([[target.kompetensi_id, 66]]);
  });

  it('should serve a signature uploaded through one instance from the other', async () => {
    const pembimbing = await tokenOn(a, 'pembimbing');
    const png = makePng(40, 20, 7);
    const form = signatureForm(png);
    const uploaded = await request(a, 'POST', '/api/users/signature', { token: pembimbing, body: form.payload, headers: form.headers });
    expect(uploaded.status).toBe(200);
    const { data } = (await uploaded.json()) as { data: { id: number; signature_url: string } };
    const served = await request(b, 'GET', data.signature_url, { token: await tokenOn(b, 'hr') });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);
  });
});
