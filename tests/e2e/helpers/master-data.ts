// Helpers of the master-data browser tests: set-up data through the REST API (so a test can
// page through more than 5 rows without clicking them in), and small page helpers, with the
// checks every master-data screen repeats (offline save, a Hapus that is refused, phone cards).
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { DEMO_PASSWORDS, PHONE, login, newContext } from './browser';

/** A bearer token for a demo account. */
export async function apiToken(baseUrl: string, username = 'hr'): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password: DEMO_PASSWORDS[username] }),
  });
  if (!response.ok) throw new Error(`login ${username}: ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}

/** Sends `body` to `path` with `method` as that token; throws unless the server answers 2xx. */
async function apiSend(method: 'POST' | 'PUT' | 'DELETE', baseUrl: string, token: string, path: string, body: unknown): Promise<unknown> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** POSTs `body` to `path` as that token; throws unless the server answers 2xx. */
export function apiPost(baseUrl: string, token: string, path: string, body: unknown): Promise<unknown> {
  return apiSend('POST', baseUrl, token, path, body);
}

/** PUTs `body` to `path` as that token; throws unless the server answers 2xx. */
export function apiPut(baseUrl: string, token: string, path: string, body: unknown): Promise<unknown> {
  return apiSend('PUT', baseUrl, token, path, body);
}

/** DELETEs `path` as that token; throws unless the server answers 2xx. */
export function apiDelete(baseUrl: string, token: string, path: string): Promise<unknown> {
  return apiSend('DELETE', baseUrl, token, path, {});
}

/** The open dialog with this accessible name (its title). */
export function dialog(page: Page, name: string): Locator {
  return page.getByRole('dialog', { name, exact: true });
}

/** The non-blocking 'Sukses' notice that holds `message` (a live region, not a dialog). */
export function successNotice(page: Page, message: string): Locator {
  return page
    .getByRole('status')
    .filter({ has: page.getByText('Sukses', { exact: true }) })
    .filter({ has: page.getByText(message, { exact: true }) });
}

/**
 * Waits for the 'Sukses' notice with `message`, checks that it blocks nothing (no dialog named
 * 'Sukses', no modal open, the focus not moved into it) and dismisses it with its OK.
 */
export async function acceptSuccess(page: Page, message: string): Promise<void> {
  const notice = successNotice(page, message);
  await notice.waitFor();
  await expect(dialog(page, 'Sukses').count()).resolves.toBe(0);
  await expect(page.locator('[aria-modal="true"]').count()).resolves.toBe(0);
  await expect(notice.evaluate((element) => element.contains(document.activeElement))).resolves.toBe(false);
  await notice.getByRole('button', { name: 'OK', exact: true }).click();
  await notice.waitFor({ state: 'hidden' });
}

/** The table row (desktop) that contains `text`. */
export function row(page: Page, text: string): Locator {
  return page.getByRole('row').filter({ hasText: text });
}

/** The pager's summary text, e.g. 'Showing 6 to 7 of 7 entries'. */
export function pagerInfo(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Navigasi halaman' }).getByText(/^Showing \d+ to \d+ of \d+ entries$/);
}

/**
 * Saves a form while the browser is offline (`save` clicks or presses what saves it) and checks
 * the refusal: the message shows and each field keeps what was typed (`kept`: label → value);
 * `whileOffline` checks more before the browser goes back online. The form stays open.
 */
export async function expectOfflineSaveRefused(
  context: BrowserContext,
  form: Locator,
  save: () => Promise<void>,
  kept: Readonly<Record<string, string>>,
  whileOffline?: () => Promise<void>,
): Promise<void> {
  await context.setOffline(true);
  try {
    await save();
    await form.getByText('Tidak dapat menyimpan saat offline').waitFor();
    for (const [label, value] of Object.entries(kept)) await expect(form.getByLabel(label).inputValue()).resolves.toBe(value);
    await whileOffline?.();
  } finally {
    await context.setOffline(false);
  }
}

/** A disabled button that says why, on hover (title) and to a screen reader (aria-description). */
export async function expectDisabledWithReason(button: Locator, reason: string): Promise<void> {
  await expect(button.isDisabled()).resolves.toBe(true);
  await expect(button.getAttribute('title')).resolves.toBe(reason);
  await expect(button.getAttribute('aria-description')).resolves.toBe(reason);
}

/** A new phone-sized (390 px) page, logged in as HR, on `path`. */
export async function phonePage(browser: Browser, baseUrl: string, path: string): Promise<Page> {
  const phone = await (await newContext(browser, PHONE)).newPage();
  await login(phone, baseUrl, 'hr');
  await phone.goto(`${baseUrl}${path}`);
  return phone;
}

/** Waits for the list of cards named `name` and checks that no table shows beside it (a phone shows cards only). */
export async function expectCards(phone: Page, name: string): Promise<Locator> {
  const cards = phone.getByRole('list', { name });
  await cards.waitFor();
  await expect(phone.locator('table').count()).resolves.toBe(0);
  return cards;
}
