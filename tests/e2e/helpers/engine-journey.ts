// The offline journey every browser engine must pass, written once against a tiny page driver
// (Firefox over WebDriver BiDi, WebKit over W3C WebDriver): the page is reached only through
// navigation, typing into a CSS-selected field and functions run in the page, so the journey
// reads the same in every engine. The steps click the app's own buttons from inside the page.
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLITE_EXTENSIONS } from '../../../server/db/client';
import { expect } from 'vitest';
import { DEMO_PASSWORDS } from './browser';
import { apiBytes, sha256 } from './certificates';
import { serverScoreRows } from './nilai';
import type { RunningServer } from './server';

/** What the journey needs of one browser tab. */
export interface EnginePage {
  goto(url: string): Promise<void>;
  reload(): Promise<void>;
  /** Runs the function whose source is `fn` in the page with `args`; resolves to what it returns (awaited). */
  run<T>(fn: string, ...args: unknown[]): Promise<T>;
  /** Types `text` into the field `css` selects, as a user would (after clearing it). */
  type(css: string, text: string): Promise<void>;
}

const SEARCH = 'input[placeholder="Cari nama peserta..."]';
const SAVED_OFFLINE = 'Tersimpan di perangkat, menunggu koneksi';
const STALE_LIST = 'Menampilkan data tersimpan di perangkat; data terbaru belum dapat dimuat.';
const APPROVED_MEANWHILE = 'Nilai tidak dapat diedit. Pembimbing sudah melakukan approval';

/** The METRICS_TOKEN a journey's server runs with: its counters tell how often the server applied a change. */
export const JOURNEY_SERVER_ENV = { METRICS_TOKEN: 'journey-metrics-token-0123456789' };

/**
 * The changes the server applied since it started: replayable requests answered 2xx, less the
 * repeats it answered from the idempotency store (those were applied once, earlier).
 */
async function changesApplied(baseUrl: string): Promise<number> {
  const answer = await fetch(`${baseUrl}/metrics`, { headers: { authorization: `Bearer ${JOURNEY_SERVER_ENV.METRICS_TOKEN}` } });
  expect(answer.status).toBe(200);
  const text = await answer.text();
  const valueOf = (series: string) => Number(text.split('\n').find((line) => line.startsWith(`${series} `))?.split(' ')[1] ?? 0);
  return valueOf('magang_replayable_changes_total{outcome="applied"}') - valueOf('magang_idempotent_replays_total');
}

/**
 * Prints a journey step with the seconds since the journey began, always: a stuck engine in CI
 * (a test that ends on its timeout, with no message of its own) then shows its last step.
 */
let began = Date.now();
export function step(what: string): void {
  console.log(`[journey ${((Date.now() - began) / 1000).toFixed(1)} s] ${what}`);
}

/** Polls `fn` (run in the page) until it returns something truthy; fails with the page's text. */
export async function waitUntil<T>(page: EnginePage, fn: string, what: string, timeoutMs = 20_000, ...args: unknown[]): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown = null;
  while (Date.now() < deadline) {
    try {
      const value = await page.run<T>(fn, ...args);
      if (value) return value;
    } catch (error) {
      lastError = error; // the page is navigating
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  const text = await page.run<string>('() => document.body.innerText').catch(() => '(no page)');
  throw new Error(`timed out waiting for ${what}${lastError ? ` (${String(lastError)})` : ''}; the page says:\n${text.slice(0, 800)}`);
}

export function waitForText(page: EnginePage, text: string, timeoutMs?: number): Promise<boolean> {
  return waitUntil(page, '(t) => document.body.innerText.includes(t)', `'${text}'`, timeoutMs, text);
}

export function waitForNoText(page: EnginePage, text: string, timeoutMs?: number): Promise<boolean> {
  return waitUntil(page, '(t) => !document.body.innerText.includes(t)', `'${text}' to go`, timeoutMs, text);
}

/**
 * Clicks the button labelled `label` (its text or aria-label) inside the last element matching
 * `scope` whose text holds `scopeText`; true when one was clicked.
 */
const CLICK_IN = `(scope, scopeText, label) => {
  const boxes = [...document.querySelectorAll(scope)].filter((el) => el.innerText.includes(scopeText));
  const box = boxes[boxes.length - 1];
  if (!box) return false;
  const button = [...box.querySelectorAll('button, a')].find(
    (b) => b.textContent.trim() === label || b.getAttribute('aria-label') === label);
  if (!button || button.disabled) return false;
  button.click();
  return true;
}`;

export function clickIn(page: EnginePage, scope: string, scopeText: string, label: string): Promise<boolean> {
  return waitUntil(page, CLICK_IN, `button '${label}' in ${scope} '${scopeText}'`, 20_000, scope, scopeText, label);
}

/** Fills the score inputs of the open dialog `title` (as typing does: React sees input events). */
const FILL_SCORES = `(title, values) => {
  const dialog = [...document.querySelectorAll('[role="dialog"]')].find((d) => d.innerText.includes(title));
  const inputs = dialog ? [...dialog.querySelectorAll('input.nilai-input')] : [];
  if (inputs.length !== values.length) return false;
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
  inputs.forEach((input, i) => {
    setValue.call(input, String(values[i]));
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
  return true;
}`;

/** Logs in through the login form and waits for the dashboard. */
export async function loginAs(page: EnginePage, baseUrl: string, username: string): Promise<void> {
  await page.goto(`${baseUrl}/`);
  await waitUntil(page, `() => !!document.querySelector('input[name="username"]')`, 'the login form');
  await page.type('input[name="username"]', username);
  await page.type('input[name="password"]', DEMO_PASSWORDS[username] ?? '');
  await waitUntil(page, `() => { const b = document.querySelector('button[type="submit"]'); if (!b || b.disabled) return false; b.click(); return true; }`, 'the Login button');
  await waitUntil(page, `() => location.pathname === '/dashboard' && !!document.querySelector('nav[aria-label="Menu utama"]')`, 'the dashboard', 30_000);
}

/** Waits until the service worker controls the page. */
export function waitForController(page: EnginePage): Promise<boolean> {
  return waitUntil(page, '() => !!navigator.serviceWorker.controller', 'the service worker to control the page', 30_000);
}

/** Searches the Penilaian list for `name`, opens its score dialog, saves `scores` and dismisses the offline notice. */
async function scoreOffline(page: EnginePage, name: string, scores: number[]): Promise<void> {
  await page.type(SEARCH, name);
  await waitUntil(page, `(n) => { const rows = [...document.querySelectorAll('tbody tr')]; return rows.length > 0 && rows.every((r) => r.innerText.includes(n)); }`, `the row of ${name}`, 20_000, name);
  await clickIn(page, 'tbody tr', name, 'Nilai');
  await waitUntil(page, FILL_SCORES, `the score dialog of ${name}`, 20_000, `Penilaian - ${name}`, scores);
  await clickIn(page, '[role="dialog"]', `Penilaian - ${name}`, 'Simpan');
  await waitForText(page, SAVED_OFFLINE);
  // The notice leaves the page usable: no modal dialog is open while it shows.
  await waitUntil(page, '() => document.querySelectorAll(\'[aria-modal="true"]\').length === 0', 'no modal dialog beside the notice');
  await clickIn(page, '[role="status"]', SAVED_OFFLINE, 'OK');
  await waitForNoText(page, SAVED_OFFLINE);
}

/** Scores stored on the device for `pesertaId` (the app's IndexedDB mirror), by competency. */
function deviceScores(page: EnginePage, pesertaId: number): Promise<number[]> {
  return page.run(`(id) => new Promise((resolve, reject) => {
    const open = indexedDB.open('magang');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const read = open.result.transaction('nilai').objectStore('nilai').index('peserta_id').getAll(id);
      read.onsuccess = () => { open.result.close(); resolve(read.result.map((n) => n.skor).sort()); };
      read.onerror = () => reject(read.error);
    };
  })`, pesertaId);
}

/** Marks the Pembimbing step of `pesertaId` approved straight in the stopped server's database. */
async function approveWhileStopped(dataDir: string, pesertaId: number): Promise<void> {
  const db = new PGlite(path.join(dataDir, 'pglite'), { extensions: PGLITE_EXTENSIONS });
  try {
    await db.query(
      `update reviews set status = 'Disetujui', reviewer_id = (select id from users where username = 'pembimbing')
        where peserta_id = $1 and role_reviewer = 'Pembimbing'`,
      [pesertaId],
    );
  } finally {
    await db.close();
  }
}

/** Participants of the demo mentor the journey scores (no scores and no decision in the seed). */
export const JOURNEY_PESERTA = {
  first: { id: 20, nama: 'Sekar Ayuningtyas', scores: [81, 82, 83, 84] },
  second: { id: 10, nama: 'Dewi Kartika Sari', scores: [70, 71, 72, 73] },
  stale: { id: 16, nama: 'Intan Permata Sari', scores: [55, 56, 57, 58] },
} as const;

/**
 * The mentor's offline journey: logged in with the service worker in control, three scores are
 * saved while the server is unreachable, the page is reloaded (queue and scores survive), the
 * Pembimbing approves one participant meanwhile, and once the server is back the queue empties
 * by itself: two changes applied exactly once, the third refused with its reason on its row,
 * and the list no longer says its data is stale.
 */
export async function mentorOfflineJourney(page: EnginePage, server: RunningServer): Promise<void> {
  const { first, second, stale } = JOURNEY_PESERTA;
  const staleBefore = await serverScoreRows(server.url, stale.id);
  began = Date.now();
  await loginAs(page, server.url, 'mentor');
  step('logged in');
  await waitForController(page);
  step('controlled');
  await page.goto(`${server.url}/penilaian`);
  await waitForText(page, 'Showing 1 to 5 of');

  await server.stop();
  try {
    for (const p of [first, second, stale]) {
      await scoreOffline(page, p.nama, [...p.scores]);
      step(`scored ${p.nama}`);
    }
    await waitForText(page, '3 perubahan tertunda');
    await page.reload();
    await waitForText(page, '3 perubahan tertunda', 30_000);
    step('reloaded');
    await waitForText(page, 'Penilaian Peserta Magang');
    expect(await deviceScores(page, first.id)).toEqual([...first.scores]);
    expect(await deviceScores(page, second.id)).toEqual([...second.scores]);
    await approveWhileStopped(server.dataDir, stale.id);
  } finally {
    await server.start();
  }
  // No `online` event fires when a server returns: the page's own triggers replay.
  await waitForNoText(page, 'perubahan tertunda', 60_000);
  step('queue empty');
  // Exactly once: the restarted server applied the two changes, each once; the stale one never.
  expect(await changesApplied(server.url)).toBe(2);
  for (const p of [first, second]) {
    const rows = await serverScoreRows(server.url, p.id);
    expect(rows.map((r) => r.skor).sort()).toEqual([...p.scores]);
  }
  expect(await serverScoreRows(server.url, stale.id)).toEqual(staleBefore);
  await clickIn(page, 'header', 'perubahan ditolak', '1 perubahan ditolak');
  await waitUntil(
    page,
    `(name, reason) => [...document.querySelectorAll('[role="region"] li')].some((li) => li.innerText.includes(name) && li.innerText.includes(reason))`,
    'the refused change with its reason',
    20_000,
    stale.nama,
    APPROVED_MEANWHILE,
  );
  await waitForNoText(page, STALE_LIST, 20_000);
}

/** Records every file the page downloads through an <a download>: name, size and SHA-256. */
const CAPTURE_DOWNLOADS = `() => {
  if (window.__downloads) return true;
  window.__downloads = [];
  const blobs = new Map();
  const createObjectURL = URL.createObjectURL;
  URL.createObjectURL = (blob) => {
    const url = createObjectURL.call(URL, blob);
    blobs.set(url, blob);
    return url;
  };
  const click = HTMLAnchorElement.prototype.click;
  HTMLAnchorElement.prototype.click = function () {
    if (this.download && blobs.has(this.href)) {
      const name = this.download;
      blobs.get(this.href).arrayBuffer().then(async (bytes) => {
        const hash = await crypto.subtle.digest('SHA-256', bytes);
        const hex = [...new Uint8Array(hash)].map((b) => b.toString(16).padStart(2, '0')).join('');
        const head = String.fromCharCode(...new Uint8Array(bytes.slice(0, 5)));
        window.__downloads.push({ name, size: bytes.byteLength, head, sha256: hex });
      }).catch((error) => window.__downloads.push({ name, error: String(error) }));
      return;
    }
    return click.call(this);
  };
  return true;
}`;

/**
 * HR downloads a certificate PDF with the server down: made on the device from its mirror, the
 * same bytes the server makes.
 */
export async function certificateOfflineJourney(page: EnginePage, server: RunningServer, peserta: { id: number; nama: string }): Promise<void> {
  const serverPdf = await apiBytes(server.url, 'hr', `/api/sertifikat/generate/${peserta.id}`);
  await loginAs(page, server.url, 'hr');
  await waitForController(page);
  await page.goto(`${server.url}/certificates/siswa`);
  await waitUntil(page, `(n) => [...document.querySelectorAll('tbody tr')].some((r) => r.innerText.includes(n))`, `the certificate row of ${peserta.nama}`, 30_000, peserta.nama);
  // The certificate pulls (rows with their certificates, templates, images) settle before the server goes.
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  await server.stop();
  try {
    await page.run(CAPTURE_DOWNLOADS);
    await clickIn(page, 'tbody tr', peserta.nama, 'Cetak Sertifikat');
    await waitForText(page, 'Pilih Format Download');
    await waitUntil(page, `() => { const b = [...document.querySelectorAll('[role="dialog"] button')].find((x) => x.textContent.trim().startsWith('PDF')); if (!b) return false; b.click(); return true; }`, 'the PDF format button');
    const file = await waitUntil<{ name: string; head: string; sha256: string; error?: string }>(page, '() => window.__downloads[0]', 'the PDF download', 60_000);
    expect(file.error).toBeUndefined();
    expect(file.name).toBe(`certificate_${peserta.nama.replaceAll(' ', '_')}.pdf`);
    expect(file.head).toBe('%PDF-');
    expect(file.sha256).toBe(sha256(serverPdf));
    await waitForText(page, `Sertifikat PDF untuk ${peserta.nama} berhasil diunduh`);
  } finally {
    await server.start();
  }
}
