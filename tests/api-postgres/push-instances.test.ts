// Two real server processes with push on, on one PostgreSQL database, draining one push queue at
// once against a slow local push service: each push is sent exactly once, both sign with the one
// VAPID key kept in app_secrets. Runs only with TEST_DATABASE_URL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../server/db/seed-data';
import { type PushService, startPushService } from '../helpers/push-service';
import { type Instances, startInstances } from '../helpers/instances';
import type { ServerProcess } from '../helpers/server-process';

const DEVICES = 30;
const PUSHES_PER_DEVICE = 5;
let service: PushService;
let servers: ServerProcess[] = [];
let sql: Instances['sql'];
let instances: Instances | undefined;

beforeAll(async () => {
  service = await startPushService({ delayMs: 20 });
  instances = await startInstances('magang_push', {
    VAPID_SUBJECT: 'mailto:admin@magang.example',
    PUSH_JAM_TENANG: 'mati',
    // The local push service's self-signed certificate.
    NODE_EXTRA_CA_CERTS: service.certFile,
  });
  ({ servers, sql } = instances);
}, 180_000);

afterAll(async () => {
  await instances?.close();
  await service?.close();
}, 60_000);

async function tokenOn(server: ServerProcess, username: string): Promise<string> {
  const password = DEMO_ACCOUNTS.find((account) => account.username === username)?.password ?? '';
  const response = await fetch(`${server.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }) });
  return ((await response.json()) as { token: string }).token;
}

describe('push from several instances on one PostgreSQL', () => {
  it('should share one VAPID key and send every queued push exactly once', async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const keys = await Promise.all(
      [a, b].map(async (server) => {
        const response = await fetch(`${server.url}/api/push/kunci`, { headers: { authorization: `Bearer ${await tokenOn(server, 'mentor')}` } });
        return ((await response.json()) as { publicKey: string }).publicKey;
      }),
    );
    expect(keys[1]).toBe(keys[0]);
    const [stored] = await sql`select value from app_secrets where name = 'vapid_keys'`;
    expect(JSON.parse(String(stored?.value)).publicKey).toBe(keys[0]);

    // Devices subscribed through either instance.
    const devices = Array.from({ length: DEVICES }, () => service.device());
    for (const [index, device] of devices.entries()) {
      const server = index % 2 === 0 ? a : b;
      const response = await fetch(`${server.url}/api/push/langganan`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${await tokenOn(server, 'mentor')}` },
        body: JSON.stringify(device.subscription),
      });
      expect(response.status).toBe(200);
    }
    // Many pushes at once (distinct tags: none replaces another), for both senders to drain together.
    await sql`
      insert into push_antrian (langganan_id, payload)
      select l.id, jsonb_build_object('judul', 'Uji', 'isi', 'Pesan ' || g, 'tautan', '/notifikasi', 'tag', 'uji-' || g)
      from push_langganan l, generate_series(1, ${PUSHES_PER_DEVICE}) as g`;

    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      const [left] = await sql`select count(*)::int as n from push_antrian`;
      if (left?.n === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    // Let a duplicate, if any, arrive.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(service.refused).toEqual([]);
    const seen = service.received.map((push) => `${push.device} ${(push.body as { tag: string }).tag}`);
    expect(seen).toHaveLength(DEVICES * PUSHES_PER_DEVICE);
    expect(new Set(seen).size).toBe(DEVICES * PUSHES_PER_DEVICE);
    expect(new Set(service.received.map((push) => push.vapidKey))).toEqual(new Set([keys[0]]));
  }, 120_000);
});
