// Helpers of the certificate and signature browser tests: PNG bytes made here, API set-up
// (approvals, signature uploads, the server's own documents) and downloads read back.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { apiToken } from './master-data';

export { makePng } from '../../helpers/png';

/** Hex SHA-256 of bytes. */
export function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** POST /api/users/signature as `username` (multipart field `signature`); throws unless 200. */
export async function uploadSignatureApi(baseUrl: string, username: string, png: Buffer): Promise<void> {
  const token = await apiToken(baseUrl, username);
  const form = new FormData();
  form.append('signature', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'ttd.png');
  const response = await fetch(`${baseUrl}/api/users/signature`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form });
  if (!response.ok) throw new Error(`POST /api/users/signature: ${response.status} ${await response.text()}`);
}

/** POST /api/review/approve/{id} as `username`; throws unless 2xx. */
export async function approveApi(baseUrl: string, username: string, pesertaId: number): Promise<void> {
  const token = await apiToken(baseUrl, username);
  const response = await fetch(`${baseUrl}/api/review/approve/${pesertaId}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ catatan: null }),
  });
  if (!response.ok) throw new Error(`approve ${pesertaId} as ${username}: ${response.status} ${await response.text()}`);
}

/** GET `path` as `username` and return the body's bytes (a document of the server). */
export async function apiBytes(baseUrl: string, username: string, path: string): Promise<Buffer> {
  const token = await apiToken(baseUrl, username);
  const response = await fetch(`${baseUrl}${path}`, { headers: { Authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`GET ${path}: ${response.status} ${await response.text()}`);
  return Buffer.from(await response.arrayBuffer());
}

/** Runs `click` and returns the download it starts: its suggested name and bytes. */
export async function downloadOf(page: Page, click: () => Promise<unknown>): Promise<{ name: string; bytes: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), click()]);
  const path = await download.path();
  return { name: download.suggestedFilename(), bytes: await readFile(path) };
}

/** Waits until `img` has decoded (naturalWidth > 0) and returns its natural size. */
export async function imageSize(img: Locator): Promise<{ width: number; height: number }> {
  await img.waitFor();
  const handle = await img.elementHandle();
  await img.page().waitForFunction((el) => el instanceof HTMLImageElement && el.complete && el.naturalWidth > 0, handle, { timeout: 20_000 });
  return img.evaluate((el) => ({ width: (el as HTMLImageElement).naturalWidth, height: (el as HTMLImageElement).naturalHeight }));
}

/** The issued certificate of each row of GET /api/sertifikat/peserta?jenjang= (as HR), by participant name. */
export async function issuedCertificates(baseUrl: string, jenjang: 'SMK' | 'Mahasiswa'): Promise<Map<string, { kode: string; url: string }>> {
  const token = await apiToken(baseUrl, 'hr');
  const response = await fetch(`${baseUrl}/api/sertifikat/peserta?jenjang=${jenjang}`, { headers: { Authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`GET /api/sertifikat/peserta: ${response.status}`);
  const { data } = (await response.json()) as { data: { nama: string; sertifikat: { kode: string; url: string } | null }[] };
  return new Map(data.flatMap((row) => (row.sertifikat ? [[row.nama, { kode: row.sertifikat.kode, url: row.sertifikat.url }] as const] : [])));
}

/** Empties the device's image store (the mirror table `images`) behind the app's back. */
export async function clearCachedImages(target: Page): Promise<void> {
  await target.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('magang');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction('images', 'readwrite');
          tx.objectStore('images').clear();
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
  );
}
