// Helpers of the score (nilai) browser tests: the service-worker wait, the API checks made with a
// token (outside the browser, so they work while the browser is offline), and screen steps.
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { login, newContext } from './browser';
import { expect } from 'vitest';
import { apiToken, dialog } from './master-data';

/** Waits until the service worker controls the page (needed before going offline). */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
    }
  });
}

/**
 * A new context with the mentor logged in, the service worker in control (so the page works
 * offline) and the Penilaian screen open.
 */
export async function openPenilaianAsMentor(browser: Browser, baseUrl: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser);
  const page = await context.newPage();
  await login(page, baseUrl, 'mentor');
  await waitForServiceWorker(page);
  await page.goto(`${baseUrl}/penilaian`);
  await page.getByRole('heading', { name: 'Penilaian Peserta Magang' }).waitFor();
  return { context, page };
}

/** GET `path` as `username`; the parsed JSON body. */
export async function apiGet<T>(baseUrl: string, username: string, path: string): Promise<T> {
  const token = await apiToken(baseUrl, username);
  const response = await fetch(`${baseUrl}${path}`, { headers: { Authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`GET ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** POST `path` as `username` (no throw); status and body. */
export async function apiSend(
  baseUrl: string,
  username: string,
  path: string,
  body: unknown = {},
): Promise<{ status: number; body: unknown }> {
  const token = await apiToken(baseUrl, username);
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json().catch(() => null) };
}

/** The server's scores of a participant, by competency id. */
export async function serverScores(baseUrl: string, pesertaId: number): Promise<Map<number, number>> {
  const answer = await apiGet<{ data: { nilai: { kompetensi_id: number; skor: number }[] } }>(
    baseUrl,
    'hr',
    `/api/nilai/peserta/${pesertaId}`,
  );
  return new Map(answer.data.nilai.map((n) => [n.kompetensi_id, n.skor]));
}

/** The server's raw score rows of a participant (to see duplicates). */
export async function serverScoreRows(baseUrl: string, pesertaId: number): Promise<{ kompetensi_id: number; skor: number }[]> {
  const answer = await apiGet<{ data: { nilai: { kompetensi_id: number; skor: number }[] } }>(
    baseUrl,
    'hr',
    `/api/nilai/peserta/${pesertaId}`,
  );
  return answer.data.nilai;
}

/** The server's review statuses of a participant in step order. */
export async function serverReviews(baseUrl: string, pesertaId: number): Promise<string[]> {
  const answer = await apiGet<{ data: { reviews: { role_reviewer: string; status: string }[] } }>(
    baseUrl,
    'hr',
    `/api/review/peserta/${pesertaId}`,
  );
  return ['Pembimbing', 'HR', 'BusHead'].map((role) => answer.data.reviews.find((r) => r.role_reviewer === role)?.status ?? '');
}

/** The table row holding `text`. */
export function rowOf(page: Page, text: string): Locator {
  return page.getByRole('row').filter({ hasText: text });
}

/** Types `name` into the screen's search box and waits for that row (700 ms debounce). */
export async function searchFor(page: Page, placeholder: string, name: string): Promise<Locator> {
  await page.getByPlaceholder(placeholder).fill(name);
  const target = rowOf(page, name);
  await target.waitFor();
  await page.waitForFunction(
    (n) => [...document.querySelectorAll('tbody tr')].every((tr) => tr.textContent?.includes(n)),
    name,
  );
  return target;
}

/** The top-bar outbox button text, e.g. '1 perubahan tertunda'. */
export function pendingText(page: Page, n: number): Locator {
  return page.getByRole('banner').getByText(`${n} perubahan tertunda`, { exact: true });
}

/** Opens the Penilaian score dialog of `name`, fills its inputs with `scores` in order and presses Simpan; the dialog. */
export async function scoreInDialog(page: Page, name: string, scores: number[]): Promise<Locator> {
  const row = await searchFor(page, 'Cari nama peserta...', name);
  await row.getByRole('button', { name: 'Nilai', exact: true }).click();
  const modal = dialog(page, `Penilaian - ${name}`);
  await modal.waitFor();
  const inputs = modal.getByRole('spinbutton');
  await expect(inputs.count()).resolves.toBe(scores.length);
  for (const [i, value] of scores.entries()) await inputs.nth(i).fill(String(value));
  await modal.getByRole('button', { name: 'Simpan', exact: true }).click();
  return modal;
}
