// Benchmark of the outbox replay (goals P5a-c, docs/performance.md): 1,000 score saves queued offline in a
// fake-indexeddb outbox are replayed by src/sync against the real app (server/app.ts) on a
// fresh PGlite, listening on 127.0.0.1 only. The "outage" is a fetch that fails until the
// server "comes back"; the page's poll (REACHABILITY_POLL_MS) drives the runs, as in the app.
//   P5a requests per change ≤ 2        P5b all 1,000 replayed in < 30 s
//   P5c the queue moves ≤ 5 s after the server answers again, after a long outage (backoff 60 s)
//   P5d 12 offline saves with the page's follow-ups ≤ 1.3 requests per change (bench/replay-follow-ups.ts)
// Run: npx tsx --tsconfig tsconfig.test.json bench/replay.ts (the `@/` alias of src/sync).
import 'fake-indexeddb/auto';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createApiClient } from '@/api/client';
import { MagangDb } from '@/db/db';
import { saveProfile, saveSession } from '@/db/meta';
import { REACHABILITY_POLL_MS } from '@/sync/constants';
import { enqueue, pendingEntries } from '@/sync/outbox';
import { replayOutbox } from '@/sync/replay';
import { openDatabase } from '../server/db/client';
import { startBenchApp } from './app';
import { benchFollowUps } from './replay-follow-ups';

const CHANGES = 1_000;
const OUTAGE_MS = 4_500;
const GOAL_REQUESTS = 2;
const GOAL_TOTAL_S = 30;
const GOAL_START_S = 5;
const MAX_SECONDS = 120;

function report(name: string, value: string, goal: string, ok: boolean): void {
  console.log(`${name}: ${value} (goal ${goal}) ${ok ? 'ok' : 'SHORT'}`);
}

interface MentorRow {
  id: number;
  jenjang: string;
  divisi_id: number;
  reviews: { status: string }[];
}

/** Runs the replay benchmark and prints one line per figure. */
export async function benchReplay(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'magang-bench-replay-'));
  const database = await openDatabase({ dataDir });
  const db = new MagangDb(`bench-replay-${randomBytes(4).toString('hex')}`);
  let app: FastifyInstance | null = null;
  try {
    const started = await startBenchApp(database, dataDir);
    app = started.app;
    const base = started.url;

    // The demo mentor and its participants whose scores are still editable.
    const login = (await (
      await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'mentor', password: 'mentor1234' }) })
    ).json()) as { token: string; user: { id: number; employee_id: string; username: string; role: string; signature_url: string | null } };
    const auth = { authorization: `Bearer ${login.token}` };
    const list = ((await (await fetch(`${base}/api/nilai/mentor/peserta`, { headers: auth })).json()) as { data: MentorRow[] }).data;
    const open = list.filter((row) => row.reviews.every((review) => review.status === 'Menunggu'));
    const targets: { id: number; kompetensi: number[] }[] = [];
    for (const row of open) {
      const answer = (await (await fetch(`${base}/api/nilai/divisi/${row.divisi_id}/kompetensi?jenjang=${row.jenjang}`, { headers: auth })).json()) as { data: { id: number }[] };
      if (answer.data.length > 0) targets.push({ id: row.id, kompetensi: answer.data.map((k) => k.id) });
    }
    if (targets.length === 0) throw new Error('no editable participant of the demo mentor');

    await saveSession(db, { token: login.token, userRole: 'Mentor', username: 'mentor' });
    await saveProfile(db, login.user);
    for (let i = 0; i < CHANGES; i += 1) {
      const target = targets[i % targets.length]!;
      const kompetensiId = target.kompetensi[Math.floor(i / targets.length) % target.kompetensi.length]!;
      await enqueue(db, {
        user: login.user.id,
        role: 'Mentor',
        kind: 'nilai.save',
        pesertaId: target.id,
        payload: { nilai_data: [{ peserta_id: target.id, kompetensi_id: kompetensiId, skor: i % 101 }] },
      });
    }

    // The outage: no answer until `backAt`; afterwards every request is counted.
    let backAt = Number.POSITIVE_INFINITY;
    let requests = 0;
    let networkMs = 0;
    let firstSentAt = 0;
    const api = createApiClient({
      baseUrl: base,
      getToken: () => login.token,
      fetch: async (input, init) => {
        if (Date.now() < backAt) throw new TypeError('Failed to fetch');
        requests += 1;
        const sentAt = performance.now();
        const response = await fetch(input, init);
        await response.clone().arrayBuffer();
        networkMs += performance.now() - sentAt;
        if (!firstSentAt && init?.method === 'POST' && response.ok) firstSentAt = Date.now();
        return response;
      },
    });
    // A long outage already happened: the head failed many times, its backoff is at the 60 s cap.
    const start = Date.now();
    const [head] = await pendingEntries(db, login.user.id);
    await db.outbox.update(head!.seq!, { attempts: 12, nextAttemptAt: start + 60_000, lastFailure: 'network' } as object);
    backAt = start + OUTAGE_MS;

    // The page's poll: a run every REACHABILITY_POLL_MS while entries wait.
    let done = false;
    let running: Promise<unknown> = Promise.resolve();
    const poll = async () => {
      if (done) return;
      running = replayOutbox({ db, api }).then(async (result) => {
        if (result.remaining === 0) done = true;
      });
      await running;
    };
    const timer = setInterval(() => void poll(), REACHABILITY_POLL_MS);
    void poll();
    while (!done && Date.now() - start < MAX_SECONDS * 1000) await new Promise((resolve) => setTimeout(resolve, 50));
    clearInterval(timer);
    await running;
    const end = Date.now();

    const left = await pendingEntries(db, login.user.id);
    const conflicts = await db.outbox.where('state').equals('conflict').count();
    console.log(`\nreplay (src/sync against Fastify + PGlite on 127.0.0.1, ${CHANGES.toLocaleString('en')} saves on ${targets.length} participants)`);
    console.log(`time waiting for the server's answers: ${(networkMs / 1000).toFixed(2)} s (info)`);
    const perChange = requests / CHANGES;
    report('P5a replay requests per change', perChange.toFixed(3), `≤ ${GOAL_REQUESTS}`, perChange <= GOAL_REQUESTS && left.length === 0);
    const total = (end - backAt) / 1000;
    report('P5b replay of 1,000 queued saves after the server is back', `${total.toFixed(2)} s`, `< ${GOAL_TOTAL_S} s`, total < GOAL_TOTAL_S && left.length === 0 && conflicts === 0);
    const startDelay = firstSentAt ? (firstSentAt - backAt) / 1000 : Number.POSITIVE_INFINITY;
    report('P5c replay starts after the server answers again (backoff at 60 s)', `${startDelay.toFixed(2)} s`, `≤ ${GOAL_START_S} s`, startDelay <= GOAL_START_S);
    await benchFollowUps(base, login, targets);
  } finally {
    await app?.close();
    db.close();
    await db.delete();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchReplay();
