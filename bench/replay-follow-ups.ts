// The replay of a few offline score saves with the page's follow-ups (goal: at most 1.3 requests per change):
// the demo mentor's device (fake-indexeddb, src/sync as the app runs it) makes SAVES score saves
// while the server does not answer; when it answers again, the page's poll replays them and the
// page follows the drain as src/app/sync/use-outbox-sync.ts does (`followDrains`: the inbox pull,
// and the reload of the screens whose load failed). Every request from the server's return until
// the queue is empty and the follow-ups are done counts: health check, batch read, sends, pulls.
// Two cases: the Penilaian screen loaded before the outage (the goal), and the same screen whose
// load failed during the outage (its own reload — the mentor's list, attendance, competencies —
// comes on top, once: printed for information).
import 'fake-indexeddb/auto';
import { randomBytes } from 'node:crypto';
import { createApiClient } from '@/api/client';
import { MagangDb } from '@/db/db';
import { saveProfile, saveSession } from '@/db/meta';
import { followDrains } from '@/sync/follow-ups';
import { pendingEntries } from '@/sync/outbox';
import { pullKompetensi } from '@/sync/pull-master-data';
import { pullNotifikasi } from '@/sync/pull-notifikasi';
import { pullMentorMirror } from '@/sync/pull-presensi';
import { replayOutbox } from '@/sync/replay';
import { submitChange } from '@/sync/submit';

const SAVES = 12;
const GOAL_FOLLOW_UP_REQUESTS = 1.3;

/** The demo mentor as the bench logged it in. */
export interface BenchMentor {
  token: string;
  user: { id: number; employee_id: string; username: string; role: string; signature_url: string | null };
}

/** Requests per change of one replay of SAVES offline saves; `screenFailed`: the screen's load failed during the outage. */
export async function followUpRequests(
  base: string,
  mentor: BenchMentor,
  targets: readonly { id: number; kompetensi: number[] }[],
  screenFailed: boolean,
): Promise<{ requests: number; perChange: number; byPath: Map<string, number> }> {
  const db = new MagangDb(`bench-follow-ups-${randomBytes(4).toString('hex')}`);
  try {
    await saveSession(db, { token: mentor.token, userRole: 'Mentor', username: mentor.user.username });
    await saveProfile(db, mentor.user);
    let up = true;
    let counting = false;
    const byPath = new Map<string, number>();
    const api = createApiClient({
      baseUrl: base,
      getToken: () => mentor.token,
      fetch: async (input, init) => {
        if (!up) throw new TypeError('Failed to fetch');
        if (counting) {
          const key = `${init?.method ?? 'GET'} ${new URL(String(input), base).pathname}`;
          byPath.set(key, (byPath.get(key) ?? 0) + 1);
        }
        return fetch(input, init);
      },
    });
    // The Penilaian screen's load (use-mentor-peserta) and the inbox's first pull, before the outage.
    const loadScreen = () => Promise.all([pullMentorMirror(api, db), pullKompetensi(api, db)]);
    await loadScreen();
    await pullNotifikasi(api, db);
    // The screen's reload as useRefresh runs it: after a drain, only while its last load failed.
    let failed = false;
    let reloads: Promise<unknown> = Promise.resolve();
    let answered = 0;
    const follower = followDrains(api, db, {
      onAnswered: () => {
        answered += 1;
        if (!failed) return;
        reloads = loadScreen().then(() => (failed = false), () => undefined);
      },
    });
    try {
      up = false;
      for (let i = 0; i < SAVES; i += 1) {
        const target = targets[i % targets.length]!;
        const kompetensiId = target.kompetensi[Math.floor(i / targets.length) % target.kompetensi.length]!;
        const change = { user: mentor.user.id, role: 'Mentor', kind: 'nilai.save' as const, pesertaId: target.id, payload: { nilai_data: [{ peserta_id: target.id, kompetensi_id: kompetensiId, skor: 70 + i }] } };
        const outcome = await submitChange(db, change, { online: false });
        if (outcome.outcome !== 'queued') throw new Error(`offline save ${i}: ${outcome.outcome}`);
      }
      // A poll during the outage: the head fails on the network (later runs first ask /api/health).
      await replayOutbox({ db, api, force: true });
      if (screenFailed) failed = await loadScreen().then(() => false, () => true);

      up = true;
      counting = true;
      // The page's poll after the server came back, until the queue is empty.
      for (let run = 0; run < 10 && (await pendingEntries(db, mentor.user.id)).length > 0; run += 1) await replayOutbox({ db, api });
      // The drain's announcement arrives as a message: wait for the round it starts, then a while
      // longer, so that a late round (another announcement) would be counted too.
      for (let wait = 0; wait < 100 && answered === 0; wait += 1) await new Promise((resolve) => setTimeout(resolve, 20));
      for (let settle = 0; settle < 2; settle += 1) {
        await follower.idle();
        await reloads;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    } finally {
      follower.stop();
    }
    if ((await pendingEntries(db, mentor.user.id)).length > 0) throw new Error('follow-up bench: the queue did not drain');
    const requests = [...byPath.values()].reduce((sum, value) => sum + value, 0);
    return { requests, perChange: requests / SAVES, byPath };
  } finally {
    db.close();
    await db.delete();
  }
}

/** Prints P5d: the goal case, then the failed-screen case for information. */
export async function benchFollowUps(base: string, mentor: BenchMentor, targets: readonly { id: number; kompetensi: number[] }[]): Promise<void> {
  const loaded = await followUpRequests(base, mentor, targets, false);
  const detail = (byPath: Map<string, number>) => [...byPath].map(([path, count]) => `${path} ×${count}`).join(', ');
  const ok = loaded.perChange <= GOAL_FOLLOW_UP_REQUESTS;
  console.log(`P5d replay of ${SAVES} offline saves with the page's follow-ups, requests per change: ${loaded.perChange.toFixed(2)} (${loaded.requests} requests; goal ≤ ${GOAL_FOLLOW_UP_REQUESTS}) ${ok ? 'ok' : 'SHORT'}`);
  console.log(`  ${detail(loaded.byPath)}`);
  const failed = await followUpRequests(base, mentor, targets, true);
  console.log(`P5d with the screen's load failed during the outage (its reload once on top): ${failed.perChange.toFixed(2)} (${failed.requests} requests) (info)`);
  console.log(`  ${detail(failed.byPath)}`);
}
