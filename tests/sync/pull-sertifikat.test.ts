import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient, isApiError } from '@/api/client';
import { MagangDb } from '@/db/db';
import { clearUserData, getOrganisasi } from '@/db/meta';
import {
  matchingSignatures,
  missingSignatures,
  pullSertifikat,
  pullSignatures,
  sha256Hex,
} from '@/sync/pull-sertifikat';
import { readSertifikatMirror } from '@/db/sertifikat-mirror';
import type { SertifikatRow, Signer } from '@/domain/sertifikat';
import { peserta } from '../helpers/factories';

let db: MagangDb;
let n = 0;

const ORGANISASI = { nama: 'PT Retail Nusantara', kota: 'Jakarta' };
const PNG_A = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
const PNG_B = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 4, 5, 6]);
const SHA_A = await sha256Hex(PNG_A);
const SHA_B = await sha256Hex(PNG_B);

function row(id: number, pembimbing: Signer | null, bushead: Signer | null, overrides: Partial<SertifikatRow> = {}): SertifikatRow {
  const approved = { status: 'Disetujui' as const, catatan: null };
  return {
    ...peserta(id, { status: { is_complete: true } }),
    reviews: [
      { role_reviewer: 'Pembimbing', ...approved },
      { role_reviewer: 'HR', ...approved },
      { role_reviewer: 'BusHead', ...approved },
    ],
    penandatangan: { Pembimbing: pembimbing, BusHead: bushead },
    tanggal_terbit: '2026-05-02',
    ...overrides,
  };
}

/** A fake server: the certificate list per level and signature PNGs per user; records requests. */
function fakeServer(lists: Record<string, SertifikatRow[]>, pngs: Record<number, Uint8Array>, seen: Request[] = []): typeof fetch {
  return async (input, init) => {
    const request = new Request(new URL(String(input), 'http://localhost'), init);
    seen.push(request);
    const url = new URL(request.url);
    if (url.pathname === '/api/sertifikat/peserta') {
      const data = lists[url.searchParams.get('jenjang') ?? ''];
      if (!data) return new Response(JSON.stringify({ message: 'Gagal' }), { status: 500 });
      return new Response(JSON.stringify({ data, organisasi: ORGANISASI }), { status: 200 });
    }
    const match = /^\/api\/users\/signature\/(\d+)$/.exec(url.pathname);
    if (match) {
      const png = pngs[Number(match[1])];
      if (!png) return new Response(JSON.stringify({ message: 'Tanda tangan tidak ditemukan' }), { status: 404 });
      const etag = `"${await sha256Hex(png)}"`;
      if (request.headers.get('If-None-Match') === etag) return new Response(null, { status: 304, headers: { ETag: etag } });
      return new Response(png as Uint8Array<ArrayBuffer>, { status: 200, headers: { 'Content-Type': 'image/png', ETag: etag } });
    }
    return new Response(JSON.stringify({ message: 'Tidak ada' }), { status: 404 });
  };
}

const signer = (id: number, username: string, signature: string | null): Signer => ({ id, username, signature });

beforeEach(() => {
  db = new MagangDb(`pull-sertifikat-test-${n++}`);
});
afterEach(async () => {
  await db.delete();
});

describe('pullSertifikat', () => {
  it('should replace only that level\'s rows and save the organisation', async () => {
    await db.sertifikat.bulkPut([row(1, null, null), row(2, null, null, { jenjang: 'Mahasiswa' })]);
    const seen: Request[] = [];
    const api = createApiClient({ getToken: () => 'tok', fetch: fakeServer({ SMK: [row(3, null, null)] }, {}, seen) });
    const rows = await pullSertifikat(api, 'SMK', db);
    expect(rows.map((r) => r.id)).toEqual([3]);
    expect(new URL(seen[0]!.url).search).toBe('?jenjang=SMK');
    expect(seen[0]!.headers.get('Authorization')).toBe('Bearer tok');
    expect((await db.sertifikat.orderBy('id').primaryKeys())).toEqual([2, 3]);
    expect(await getOrganisasi(db)).toEqual(ORGANISASI);
  });

  it("should keep the signers' full names and titles as the server sent them", async () => {
    const named = { ...signer(21, 'budi', SHA_A), nama_lengkap: 'Budi Santoso, S.Kom.', jabatan: 'Supervisor Keuangan' };
    const unnamed = { ...signer(31, 'dewi', null), nama_lengkap: null, jabatan: null };
    const api = createApiClient({ fetch: fakeServer({ SMK: [row(5, named, unnamed)] }, {}) });
    await pullSertifikat(api, 'SMK', db);
    expect((await db.sertifikat.get(5))?.penandatangan).toEqual({ Pembimbing: named, BusHead: unnamed });
  });

  it('should keep the mirror unchanged when the server fails or is unreachable', async () => {
    await db.sertifikat.put(row(1, null, null));
    const failing = createApiClient({ fetch: fakeServer({}, {}) });
    const error = await pullSertifikat(failing, 'SMK', db).catch((e: unknown) => e);
    expect(isApiError(error) && error.status).toBe(500);
    const offline = createApiClient({
      fetch: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const down = await pullSertifikat(offline, 'SMK', db).catch((e: unknown) => e);
    expect(isApiError(down) && down.isNetworkError).toBe(true);
    expect(await db.sertifikat.count()).toBe(1);
    expect(await getOrganisasi(db)).toBeNull();
  });
});

describe('pullSignatures', () => {
  it('should fetch each distinct signer once and store the PNG with its hash', async () => {
    const rows = [row(1, signer(7, 'pembimbing', SHA_A), signer(8, 'bushead', SHA_B)), row(2, signer(7, 'pembimbing', SHA_A), null)];
    const seen: Request[] = [];
    const api = createApiClient({ fetch: fakeServer({}, { 7: PNG_A, 8: PNG_B }, seen) });
    expect(await pullSignatures(api, rows, db)).toEqual({ fetched: 2, failed: 0 });
    expect(seen.map((r) => new URL(r.url).pathname).sort()).toEqual(['/api/users/signature/7', '/api/users/signature/8']);
    const stored = await db.signatures.get(7);
    expect(stored?.sha256).toBe(SHA_A);
    expect([...(stored?.png ?? [])]).toEqual([...PNG_A]);
  });

  it('should not fetch a signer whose cached hash equals the row\'s, and refetch one that changed', async () => {
    await db.signatures.bulkPut([
      { userId: 7, sha256: SHA_A, png: PNG_A },
      { userId: 8, sha256: SHA_A, png: PNG_A },
    ]);
    const seen: Request[] = [];
    const api = createApiClient({ fetch: fakeServer({}, { 7: PNG_A, 8: PNG_B }, seen) });
    await pullSignatures(api, [row(1, signer(7, 'p', SHA_A), signer(8, 'b', SHA_B))], db);
    expect(seen.map((r) => new URL(r.url).pathname)).toEqual(['/api/users/signature/8']);
    expect(seen[0]!.headers.get('If-None-Match')).toBe(`"${SHA_A}"`);
    expect((await db.signatures.get(8))?.sha256).toBe(SHA_B);
  });

  it('should drop a PNG the server no longer has (404) and PNGs no row names any more', async () => {
    await db.signatures.bulkPut([
      { userId: 7, sha256: SHA_A, png: PNG_A },
      { userId: 9, sha256: SHA_B, png: PNG_B },
    ]);
    await db.sertifikat.put(row(1, signer(7, 'p', SHA_B), signer(9, 'b', null)));
    const api = createApiClient({ fetch: fakeServer({}, {}) });
    expect(await pullSignatures(api, await db.sertifikat.toArray(), db)).toEqual({ fetched: 0, failed: 0 });
    expect(await db.signatures.count()).toBe(0);
  });

  it('should count a network failure, keep going and keep the old PNG', async () => {
    await db.signatures.put({ userId: 7, sha256: SHA_A, png: PNG_A });
    const rows = [row(1, signer(7, 'p', SHA_B), null)];
    await db.sertifikat.bulkPut(rows);
    const api = createApiClient({
      fetch: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    expect(await pullSignatures(api, rows, db)).toEqual({ fetched: 0, failed: 1 });
    expect((await db.signatures.get(7))?.sha256).toBe(SHA_A);
  });
});

describe('matchingSignatures', () => {
  it.each([
    ['the cached hash equals the row\'s', SHA_A, SHA_A, true],
    ['the row names a newer signature', SHA_A, SHA_B, false],
    ['the signer has no signature', SHA_A, null, false],
  ])('should use the cached PNG only when %s', (_, cachedSha, rowSha, used) => {
    const cache = new Map([[7, { userId: 7, sha256: cachedSha, png: PNG_A }]]);
    const r = row(1, signer(7, 'pembimbing', rowSha), null);
    expect(matchingSignatures(r, cache).has(7)).toBe(used);
    expect(missingSignatures(r, cache)).toEqual(rowSha !== null && !used ? ['pembimbing'] : []);
  });
});

describe('readSertifikatMirror and logout', () => {
  it('should read one level with names, templates, signatures and organisation; logout clears it all', async () => {
    const api = createApiClient({ fetch: fakeServer({ Mahasiswa: [row(5, signer(7, 'p', SHA_A), null, { jenjang: 'Mahasiswa' })] }, { 7: PNG_A }) });
    const rows = await pullSertifikat(api, 'Mahasiswa', db);
    await pullSignatures(api, rows, db);
    await db.kompetensi.put({ id: 10, nama: 'Komunikasi', jenjang: 'Mahasiswa', aktif: true });
    const mirror = await readSertifikatMirror(db, 'Mahasiswa');
    expect(mirror.rows.map((r) => r.id)).toEqual([5]);
    expect(mirror.kompetensi.get(10)).toBe('Komunikasi');
    expect(mirror.signatures.get(7)?.sha256).toBe(SHA_A);
    expect(mirror.organisasi).toEqual(ORGANISASI);
    expect((await readSertifikatMirror(db, 'SMK')).rows).toEqual([]);

    await clearUserData(db);
    expect(await db.sertifikat.count()).toBe(0);
    expect(await db.signatures.count()).toBe(0);
    expect(await getOrganisasi(db)).toBeNull();
  });
});
