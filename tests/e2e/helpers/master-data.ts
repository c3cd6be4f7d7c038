// Helpers of the master-data browser tests: set-up data through the REST API (so a test can
// page through more than 5 rows without clicking them in), and small page helpers.
import type { Locator, Page } from 'playwright-core';
import { DEMO_PASSWORDS } from './browser';

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

/** POSTs `body` to `path` as that token; throws unless the server answers 2xx. */
export async function apiPost(baseUrl: string, token: string, path: string, body: unknown): Promise<unknown> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** The open dialog with this accessible name (its title). */
export function dialog(page: Page, name: string): Locator {
  return page.getByRole('dialog', { name, exact: true });
}

/** Waits for the 'Sukses' popup with `message` and closes it with OK. */
export async function acceptSuccess(page: Page, message: string): Promise<void> {
  const popup = dialog(page, 'Sukses');
  await popup.getByText(message, { exact: true }).waitFor();
  await popup.getByRole('button', { name: 'OK', exact: true }).click();
  await popup.waitFor({ state: 'hidden' });
}

/** The table row (desktop) that contains `text`. */
export function row(page: Page, text: string): Locator {
  return page.getByRole('row').filter({ hasText: text });
}

/** The pager's summary text, e.g. 'Showing 6 to 7 of 7 entries'. */
export function pagerInfo(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Navigasi halaman' }).getByText(/^Showing \d+ to \d+ of \d+ entries$/);
}
