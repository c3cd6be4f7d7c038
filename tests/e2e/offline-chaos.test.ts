// Offline chaos (docs/security.md): 200 score saves queued offline across two tabs of one browser
// (a few through the Penilaian dialog, the rest through the dialog's own save function), the
// browser closed and reopened while they wait, the stored token expired meanwhile (replay
// pauses and the app asks to log in; after the login it resumes), the server SIGKILLed five
// times in the middle of the replay. Afterwards, from the API and the server's own records:
// 0 lost, 0 applied twice, order kept per participant; the refused ones listed with reasons.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchPersistent, login } from './helpers/browser';
import { acceptSuccess, apiToken, dialog } from './helpers/master-data';
import { type OutboxRow, type Score, enableTestHooks, idempotencyRecords, queueSaves, readOutbox, replaceStoredToken } from './helpers/outbox';
import { apiSend, pendingText, searchFor, waitForServiceWorker } from './helpers/nilai';
import { ROOT, type RunningServer, startServer } from './helpers/server';
import { TEST_HOOKS_BUILD_TIMEOUT_MS, testHooksWebEnv } from './helpers/test-hooks-web';

const TOTAL = 200;
const SEARCH = 'Cari nama peserta...';
const REFUSED_NAME = 'Andi Wijaya';
const REFUSED_REASON = 'Nilai tidak dapat diedit. Pembimbing sudah melakukan approval';
const NEEDS_LOGIN = 'Sesi berakhir. Login kembali untuk mengirim perubahan yang tertunda.';
/** Replay progress (entries sent or refused) at which the server is killed. */
const KILL_AT = [15, 50, 85, 120, 155];

interface MentorPeserta {
  id: number;
  nama: string;
  jenjang: string;
  divisi_id: number;
  reviews: { role_reviewer: string; status: string }[];
}

let server: RunningServer;
let profileDir: string;
let context: BrowserContext;
let tabA: Page;
let mentorId: number;
/** Participants the mentor may score, with their competencies, and the one refused later. */
let targets: { id: number; nama: string; kompetensi: number[] }[];
let refusedId: number;
let baseline: Map<number, Map<number, number>>;
let queued: OutboxRow[];
let hrToken: string;

/** mulberry32: the same "random" changes on every run. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Polls `check` until it returns a value other than undefined/false. */
async function waitUntil<T>(what: string, check: () => Promise<T | undefined | false>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const pending = (rows: OutboxRow[]) => rows.filter((row) => row.state !== 'conflict');

/** The server's scores of a participant by competency (as HR; one token for the whole file). */
async function scoresOf(pesertaId: number): Promise<Map<number, number>> {
  const answer = await fetch(`${server.url}/api/nilai/peserta/${pesertaId}`, { headers: { Authorization: `Bearer ${hrToken}` } });
  if (!answer.ok) throw new Error(`GET nilai ${pesertaId}: ${answer.status}`);
  const body = (await answer.json()) as { data: { nilai: { kompetensi_id: number; skor: number }[] } };
  return new Map(body.data.nilai.map((n) => [n.kompetensi_id, n.skor]));
}

/** Opens the Penilaian dialog of `name` and saves `value` in every competency (offline: queued). */
async function scoreInDialog(page: Page, name: string, value: number): Promise<void> {
  await page.bringToFront();
  const row = await searchFor(page, SEARCH, name);
  await row.getByRole('button', { name: 'Nilai', exact: true }).click();
  const modal = dialog(page, `Penilaian - ${name}`);
  const inputs = modal.getByRole('spinbutton');
  await inputs.first().waitFor();
  for (let i = 0; i < (await inputs.count()); i += 1) await inputs.nth(i).fill(String(value));
  await modal.getByRole('button', { name: 'Simpan', exact: true }).click();
  await acceptSuccess(page, 'Tersimpan di perangkat, menunggu koneksi');
}

async function openPenilaian(page: Page): Promise<void> {
  await page.goto(`${server.url}/penilaian`);
  await page.getByRole('heading', { name: 'Penilaian Peserta Magang' }).waitFor();
}

let testHooksEnv: Record<string, string>;
beforeAll(() => {
  testHooksEnv = testHooksWebEnv();
}, TEST_HOOKS_BUILD_TIMEOUT_MS);

beforeAll(async () => {
  // The app with window.__magangTest (enableTestHooks below turns it on per browser).
  server = await startServer({ env: testHooksEnv });
  mkdirSync(`${ROOT}.tmp`, { recursive: true });
  profileDir = mkdtempSync(`${ROOT}.tmp/e2e-profile-`);
  const token = await apiToken(server.url, 'mentor');
  hrToken = await apiToken(server.url, 'hr');
  const get = async <T,>(path: string): Promise<T> =>
    (await (await fetch(`${server.url}${path}`, { headers: { Authorization: `Bearer ${token}` } })).json()) as T;
  mentorId = (await get<{ data: { id: number } }>('/api/auth/profile')).data.id;
  const list = await get<{ data: MentorPeserta[] }>('/api/nilai/mentor/peserta');
  // Scorable by the mentor: no step decided yet (the score edit lock).
  const open = list.data.filter((p) => p.reviews.every((r) => r.status === 'Menunggu'));
  targets = [];
  for (const p of open) {
    const answer = await get<{ data: { id: number }[] }>(`/api/nilai/divisi/${p.divisi_id}/kompetensi?jenjang=${p.jenjang}`);
    const kompetensi = answer.data.map((k) => k.id);
    if (kompetensi.length > 0) targets.push({ id: p.id, nama: p.nama, kompetensi });
  }
  refusedId = targets.find((t) => t.nama === REFUSED_NAME)!.id;
  expect(targets.length).toBeGreaterThanOrEqual(8);
  baseline = new Map(await Promise.all(targets.map(async (t) => [t.id, await scoresOf(t.id)] as const)));

  context = await launchPersistent(profileDir);
  await enableTestHooks(context);
  tabA = context.pages()[0] ?? (await context.newPage());
  await login(tabA, server.url, 'mentor');
  await waitForServiceWorker(tabA);
});

afterAll(async () => {
  await context?.close().catch(() => undefined);
  await server?.stop();
  if (profileDir) rmSync(profileDir, { recursive: true, force: true });
});

describe('offline chaos', () => {
  it('should queue 200 score saves offline across two tabs', { timeout: 90_000 }, async () => {
    await openPenilaian(tabA);
    const tabB = await context.newPage();
    await openPenilaian(tabB);
    await context.setOffline(true);

    // A few through the dialog, in both tabs.
    const scorable = targets.filter((t) => t.id !== refusedId);
    await scoreInDialog(tabA, scorable[0]!.nama, 61);
    await scoreInDialog(tabB, scorable[1]!.nama, 62);
    await scoreInDialog(tabA, scorable[1]!.nama, 63);

    // The rest through the same save function, both tabs at once (their entries interleave).
    const next = random(20260611);
    const changes = Array.from({ length: TOTAL - 3 }, () => {
      const target = targets[Math.floor(next() * targets.length)]!;
      const picked = target.kompetensi.filter(() => next() < 0.6);
      const scores: Score[] = (picked.length > 0 ? picked : target.kompetensi.slice(0, 1)).map((kompetensi_id) => ({
        kompetensi_id,
        skor: Math.floor(next() * 101),
      }));
      return { pesertaId: target.id, scores };
    });
    const half = Math.ceil(changes.length / 2);
    const outcomes = await Promise.all([queueSaves(tabA, changes.slice(0, half)), queueSaves(tabB, changes.slice(half))]);
    expect(new Set(outcomes.flat())).toEqual(new Set(['queued']));

    queued = await readOutbox(tabA);
    expect(queued).toHaveLength(TOTAL);
    expect(new Set(queued.map((row) => row.key)).size).toBe(TOTAL);
    expect(queued.every((row) => row.user === mentorId && row.state === 'pending')).toBe(true);
    expect(queued.filter((row) => row.pesertaId === refusedId).length).toBeGreaterThan(0);
    await pendingText(tabA, TOTAL).waitFor();
    await pendingText(tabB, TOTAL).waitFor();

    // Meanwhile the pembimbing approves one of them: its queued saves must be refused.
    const approved = await apiSend(server.url, 'pembimbing', `/api/review/approve/${refusedId}`, { catatan: null });
    expect(approved.status).toBe(200);
  });

  it('should keep the queue through a browser restart with an expired token, pause and ask to log in', { timeout: 90_000 }, async () => {
    // A token the server itself issued with a one-second lifetime, expired by now.
    await server.stop();
    await server.start({ JWT_TTL: '1' });
    const shortLived = await apiToken(server.url, 'mentor');
    await waitUntil('the short token to expire', async () => {
      const answer = await fetch(`${server.url}/api/auth/profile`, { headers: { Authorization: `Bearer ${shortLived}` } });
      return answer.status === 401;
    });
    await server.kill();
    await replaceStoredToken(tabA, shortLived);
    await context.close();

    // Reopen the browser (same profile) while the server is down: the app starts offline-first.
    context = await launchPersistent(profileDir);
    await enableTestHooks(context);
    tabA = context.pages()[0] ?? (await context.newPage());
    await openPenilaian(tabA);
    await pendingText(tabA, TOTAL).waitFor();
    expect((await readOutbox(tabA)).map((row) => row.key)).toEqual(queued.map((row) => row.key));

    await server.start();
    await tabA.getByRole('alert').filter({ hasText: NEEDS_LOGIN }).waitFor({ timeout: 20_000 });
    const paused = await readOutbox(tabA);
    expect(paused.map((row) => row.key)).toEqual(queued.map((row) => row.key));
    expect(paused.every((row) => row.state === 'pending')).toBe(true);
    for (const target of targets) expect(await scoresOf(target.id)).toEqual(baseline.get(target.id));

    await tabA.getByRole('button', { name: 'Login kembali', exact: true }).click();
    await tabA.getByRole('button', { name: 'Login', exact: true }).waitFor();
  });

  it('should resume after the login and survive five server kills in the middle of the replay', { timeout: 150_000 }, async () => {
    await login(tabA, server.url, 'mentor');
    // A second tab replays too (the Web Lock lets one runner send at a time).
    const tabB = await context.newPage();
    await tabB.goto(`${server.url}/profile`);
    await tabB.getByRole('heading', { name: 'Detail Profil' }).waitFor();
    for (const at of KILL_AT) {
      const rows = await waitUntil(`replay progress ${at}`, async () => {
        const now = await readOutbox(tabA);
        return TOTAL - pending(now).length >= at ? now : undefined;
      });
      await server.kill();
      expect(pending(rows).length, 'entries still queued when the server dies').toBeGreaterThan(0);
      // The replay runs into the dead server (a failed attempt more than before the kill), then it comes back.
      const attempts = new Map(rows.map((row) => [row.key, row.attempts]));
      await waitUntil('a failed send after the kill', async () =>
        (await readOutbox(tabA)).some((row) => row.attempts > (attempts.get(row.key) ?? 0)),
      );
      await server.start();
    }
    const settled = await waitUntil('an empty queue', async () => {
      const rows = await readOutbox(tabA);
      return pending(rows).length === 0 ? rows : undefined;
    }, 60_000);
    // Only the refused ones stay, with their reason.
    const refusedKeys = queued.filter((row) => row.pesertaId === refusedId).map((row) => row.key);
    expect(settled.map((row) => row.key)).toEqual(refusedKeys);
    expect(new Set(settled.map((row) => row.lastError))).toEqual(new Set([REFUSED_REASON]));
  });

  it('should list the refused changes with their reasons', async () => {
    const count = queued.filter((row) => row.pesertaId === refusedId).length;
    const toggle = tabA.getByRole('banner').getByRole('button', { name: `${count} perubahan ditolak` });
    await toggle.click();
    const panel = tabA.getByRole('region', { name: 'Perubahan tertunda' });
    await panel.getByRole('heading', { name: 'Perubahan ditolak' }).waitFor();
    const items = panel.getByRole('listitem');
    // The list shows once the names are read from the mirror (a live query of its own).
    await items.filter({ hasText: REFUSED_NAME }).nth(count - 1).waitFor();
    await expect(items.count()).resolves.toBe(count);
    for (const text of await items.allTextContents()) {
      expect(text).toContain(REFUSED_NAME);
      expect(text).toContain(REFUSED_REASON);
    }
  });

  it('should hold every change once, the last queued score of each competency, in queue order', { timeout: 60_000 }, async () => {
    const sent = queued.filter((row) => row.pesertaId !== refusedId);
    // Final state = baseline with the queued saves applied in queue order (seq).
    for (const target of targets) {
      const expected = new Map(baseline.get(target.id));
      if (target.id !== refusedId) {
        for (const row of sent.filter((r) => r.pesertaId === target.id)) {
          for (const item of row.payload.nilai_data) expected.set(item.kompetensi_id, item.skor);
        }
      }
      expect(await scoresOf(target.id), target.nama).toEqual(expected);
    }

    // The server's idempotency records: exactly one per sent change (a resend after a kill got
    // the stored answer), all applied, none for a refused one, and per participant in queue order.
    await server.stop();
    const records = await idempotencyRecords(server.dataDir, mentorId);
    const byKey = new Map(records.map((record) => [record.key, record]));
    expect(records).toHaveLength(sent.length);
    expect(new Set(byKey.keys())).toEqual(new Set(sent.map((row) => row.key)));
    expect(records.every((record) => record.status === 200 && record.path === '/api/nilai/bulk')).toBe(true);
    const commitOrder = new Map(records.map((record, index) => [record.key, index]));
    for (const target of targets) {
      const order = sent.filter((row) => row.pesertaId === target.id).map((row) => commitOrder.get(row.key)!);
      expect(order, target.nama).toEqual([...order].sort((a, b) => a - b));
    }
  });
});
