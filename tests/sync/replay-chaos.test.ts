// The replay under chaos, with the in-memory server: 200 saves on a few participants, the
// "server" killed mid-replay (an answer lost after the change was applied, then no answers
// until it is back) again and again, a 5xx, and a token that expires midway (401 → paused
// until a new login). Afterwards: nothing lost, nothing applied twice, the order per
// participant kept (the server holds the last queued score of each competency).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type ApiClient, createApiClient } from '@/api/client';
import { MagangDb } from '@/db/db';
import { claimMirror, saveProfile, saveSession } from '@/db/meta';
import { enqueue } from '@/sync/outbox';
import { replayOutbox } from '@/sync/replay';
import { readOutboxStatus } from '@/sync/status';
import { FakeNilaiServer } from '../helpers/fake-nilai-server';
import { MENTOR_PROFILE } from '../helpers/factories';

const PESERTA = [1, 2, 3, 4, 5];
const KOMPETENSI = [10, 11, 12];
let db: MagangDb;
let n = 0;

async function login(token: string): Promise<void> {
  await claimMirror(db, MENTOR_PROFILE.id);
  await saveSession(db, { token, userRole: MENTOR_PROFILE.role, username: MENTOR_PROFILE.username });
  await saveProfile(db, MENTOR_PROFILE);
}

/** A deterministic pseudo-random sequence (mulberry32). */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The fake server behind a switch: `killAfter(k)` lets k more mutations through, loses the
 * answer of the k-th (applied, then the connection drops) and refuses every request after it
 * until `restart()`; `expireToken(k)` answers 401 from the k-th mutation on for `token`.
 */
class Chaos {
  down = false;
  private budget = Infinity;
  private expiredToken: string | null = null;
  private expireBudget = Infinity;
  constructor(readonly server: FakeNilaiServer) {}

  killAfter(k: number): void {
    this.budget = k;
  }
  restart(): void {
    this.down = false;
    this.budget = Infinity;
  }
  expireToken(token: string, after: number): void {
    this.expiredToken = token;
    this.expireBudget = after;
  }

  client(token: string): ApiClient {
    const handle = (url: string, init: RequestInit) => this.server['handle'](url, init);
    return createApiClient({
      getToken: () => token,
      fetch: async (input, init = {}) => {
        if (this.down) throw new TypeError('Failed to fetch');
        const mutation = (init.method ?? 'GET') !== 'GET';
        if (mutation && token === this.expiredToken && --this.expireBudget < 0) {
          return new Response(JSON.stringify({ message: 'Sesi tidak valid, silakan login kembali' }), { status: 401 });
        }
        if (mutation && --this.budget <= 0) {
          this.server.fail = 'lose-answer';
          this.down = true;
        }
        return handle(String(input), init);
      },
    });
  }
}

beforeEach(async () => {
  db = new MagangDb(`replay-chaos-${n++}`);
  await login('t1');
});
afterEach(async () => {
  await db.delete();
});

describe('replay under chaos', () => {
  it('should lose nothing, apply nothing twice and keep the order per participant', { timeout: 30_000 }, async () => {
    const next = random(11);
    const expected = new Map<string, number>();
    for (let i = 0; i < 200; i += 1) {
      const pesertaId = PESERTA[Math.floor(next() * PESERTA.length)]!;
      const items = KOMPETENSI.filter(() => next() < 0.6);
      const chosen = items.length > 0 ? items : [KOMPETENSI[0]!];
      const nilai_data = chosen.map((kompetensi_id) => ({ peserta_id: pesertaId, kompetensi_id, skor: Math.floor(next() * 101) }));
      for (const item of nilai_data) expected.set(`${pesertaId}:${item.kompetensi_id}`, item.skor);
      await enqueue(db, { user: MENTOR_PROFILE.id, role: MENTOR_PROFILE.role, kind: 'nilai.save', pesertaId, payload: { nilai_data } });
    }

    const server = new FakeNilaiServer('Mentor');
    const chaos = new Chaos(server);
    let token = 't1';
    let clock = 1_000_000;
    const run = () => replayOutbox({ db, api: chaos.client(token), now: () => clock });

    // Five kills in the middle of the replay, each followed by a restart.
    for (const k of [7, 23, 31, 19, 29]) {
      chaos.killAfter(k);
      expect((await run()).status).toBe('offline');
      expect((await run()).status).toBe('offline'); // still down: the head waits
      chaos.restart();
      clock += 5_000;
    }
    // A 5xx: the head waits out its backoff, then goes on.
    server.fail = '500';
    expect((await run()).status).toBe('offline');
    server.fail = 'none';
    clock += 60_000;
    // The token expires midway: paused, nothing sent with it, resumed after a new login.
    chaos.expireToken('t1', 12);
    const paused = await run();
    expect(paused.status).toBe('unauthorized');
    expect((await readOutboxStatus(db, MENTOR_PROFILE.id)).needsLogin).toBe(true);
    const before = server.applied;
    expect((await run()).status).toBe('unauthorized');
    expect(server.applied).toBe(before);
    token = 't2';
    await login(token);
    expect((await readOutboxStatus(db, MENTOR_PROFILE.id)).needsLogin).toBe(false);
    const last = await run();
    expect(last).toMatchObject({ status: 'done', conflicts: 0, remaining: 0 });

    expect(server.applied).toBe(200); // every change once: resends got the stored answer
    expect(await db.outbox.count()).toBe(0);
    for (const [id, skor] of expected) {
      const [pesertaId, kompetensiId] = id.split(':').map(Number) as [number, number];
      expect(server.scoresOf(pesertaId)[kompetensiId], id).toBe(skor);
      expect((await db.nilai.get([pesertaId, kompetensiId]))?.skor, id).toBe(skor);
    }
  });
});
