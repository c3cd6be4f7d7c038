import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient, isApiError } from '@/api/client';
import { MagangDb } from '@/db/db';
import { clearUserData, getOrganisasi } from '@/db/meta';
import { sha256Hex } from '@/domain/sha256';
import { pullImages, pullSertifikat } from '@/sync/pull-sertifikat';
import { readDocumentSources, readSertifikatList, splitStoredRow, storedImageHashes } from '@/db/sertifikat-store';
import type { SertifikatPeserta, Signer } from '@/domain/sertifikat';
import type { SertifikatRow } from '@/domain/sertifikat-terbit';
import { peserta } from '../helpers/factories';
import { terbitOf, terbitRow } from '../helpers/sertifikat-terbit';

let db: MagangDb;
let n = 0;

const ORGANISASI = { nama: 'PT Retail Nusantara', kota: 'Jakarta' };
const PNG_A = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
const PNG_B = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 4, 5, 6]);
const PNG_C = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 7, 8, 9]);
const SHA_A = await sha256Hex(PNG_A);
const SHA_B = await sha256Hex(PNG_B);
const SHA_C = await sha256Hex(PNG_C);

function printable(id: number, pembimbing: Signer | null, bushead: Signer | null, overrides: Partial<SertifikatPeserta> = {}): SertifikatPeserta {
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

/** A row whose certificate was issued with these signers (the row as printed today says the same). */
function row(id: number, pembimbing: Signer | null, bushead: Signer | null, overrides: Partial<SertifikatPeserta> = {}): SertifikatRow {
  return terbitRow(printable(id, pembimbing, bushead, overrides));
}

/** A fake server: the certificate list per level and the image store by SHA-256; records requests. */
function fakeServer(lists: Record<string, SertifikatRow[]>, images: Record<string, Uint8Array>, seen: Request[] = []): typeof fetch {
  return async (input, init) => {
    const request = new Request(new URL(String(input), 'http://localhost'), init);
    seen.push(request);
    const url = new URL(request.url);
    if (url.pathname === '/api/sertifikat/peserta') {
      const data = lists[url.searchParams.get('jenjang') ?? ''];
      if (!data) return new Response(JSON.stringify({ message: 'Gagal' }), { status: 500 });
      return new Response(JSON.stringify({ data, organisasi: ORGANISASI, batas: '2025-11-01' }), { status: 200 });
    }
    const match = /^\/api\/sertifikat\/gambar\/([0-9a-f]{64})$/.exec(url.pathname);
    if (match) {
      const png = images[match[1]!];
      if (!png) return new Response(JSON.stringify({ message: 'Data tidak ditemukan' }), { status: 404 });
      return new Response(png as Uint8Array<ArrayBuffer>, { status: 200, headers: { 'Content-Type': 'image/png' } });
    }
    return new Response(JSON.stringify({ message: 'Tidak ada' }), { status: 404 });
  };
}

const signer = (id: number, username: string, signature: string | null): Signer => ({ id, username, signature });

/** Stores `rows` as the pull does: the list's rows, and their snapshots apart. */
async function store(...rows: SertifikatRow[]): Promise<void> {
  const split = rows.map(splitStoredRow);
  await db.sertifikat.bulkPut(split.map((part) => part.listRow));
  await db.sertifikatSnapshot.bulkPut(split.flatMap((part) => (part.snapshot ? [part.snapshot] : [])));
}
const paths = (seen: Request[]) => seen.map((r) => new URL(r.url).pathname).sort();

beforeEach(() => {
  db = new MagangDb(`pull-sertifikat-test-${n++}`);
});
afterEach(async () => {
  await db.delete();
});

describe('pullSertifikat', () => {
  it("should replace only that level's rows and snapshots, and save the organisation", async () => {
    await store(row(1, null, null), row(2, null, null, { jenjang: 'Mahasiswa' }));
    const seen: Request[] = [];
    const issued = row(3, signer(7, 'p', SHA_A), null);
    const api = createApiClient({ getToken: () => 'tok', fetch: fakeServer({ SMK: [issued] }, {}, seen) });
    const rows = await pullSertifikat(api, 'SMK', db);
    expect(rows.map((r) => r.id)).toEqual([3]);
    expect(new URL(seen[0]!.url).search).toBe('?jenjang=SMK&lingkup=kerja');
    expect(seen[0]!.headers.get('Authorization')).toBe('Bearer tok');
    expect(await db.sertifikat.orderBy('id').primaryKeys()).toEqual([2, 3]);
    expect(await db.sertifikatSnapshot.orderBy('id').primaryKeys()).toEqual([2, 3]);
    // The row keeps the certificate's small fields (and the steps signed without an image), never its snapshot.
    const { snapshot, ...fields } = issued.sertifikat!;
    expect((await db.sertifikat.get(3))?.sertifikat).toEqual({ ...fields, missingSignatures: ['BusHead'] });
    expect(await db.sertifikatSnapshot.get(3)).toEqual({ id: 3, jenjang: 'SMK', kode: fields.kode, images: [SHA_A], snapshot });
    expect(await getOrganisasi(db)).toEqual(ORGANISASI);
  });

  it('should keep a row without an issued certificate as null', async () => {
    const api = createApiClient({ fetch: fakeServer({ SMK: [terbitRow(printable(4, null, null), null)] }, {}) });
    await pullSertifikat(api, 'SMK', db);
    expect((await db.sertifikat.get(4))?.sertifikat).toBeNull();
    expect(await db.sertifikatSnapshot.count()).toBe(0);
  });

  it('should keep the mirror unchanged when the server fails or is unreachable', async () => {
    await store(row(1, null, null));
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
    expect(await db.sertifikatSnapshot.count()).toBe(1);
    expect(await getOrganisasi(db)).toBeNull();
  });
});

describe('storedImageHashes', () => {
  it('should name the images of the stored snapshots, not of the rows as printed today', async () => {
    // Signed after issue: the row names SHA_B today, the certificate was issued without an image.
    const issuedUnsigned = terbitRow(printable(1, signer(7, 'p', SHA_B), null), terbitOf(printable(1, signer(7, 'p', null), null)));
    await store(row(2, signer(7, 'p', SHA_A), signer(8, 'b', SHA_C)), row(3, signer(7, 'p', SHA_A), null), issuedUnsigned);
    await store(terbitRow(printable(4, signer(7, 'p', SHA_B), null), null));
    expect([...(await storedImageHashes(db))].sort()).toEqual([SHA_A, SHA_C].sort());
    // The list's signature line is the snapshot's too: issued without the Pembimbing's image.
    expect((await db.sertifikat.get(1))?.sertifikat?.missingSignatures).toEqual(['Pembimbing', 'BusHead']);
  });
});

describe('pullImages', () => {
  it('should fetch each image the mirrored certificates name once, both levels, and store it by its hash', async () => {
    await store(row(1, signer(7, 'pembimbing', SHA_A), signer(8, 'bushead', SHA_B)), row(2, signer(7, 'pembimbing', SHA_A), null, { jenjang: 'Mahasiswa' }));
    const seen: Request[] = [];
    const api = createApiClient({ fetch: fakeServer({}, { [SHA_A]: PNG_A, [SHA_B]: PNG_B }, seen) });
    expect(await pullImages(api, db)).toEqual({ fetched: 2, failed: 0 });
    expect(paths(seen)).toEqual([`/api/sertifikat/gambar/${SHA_A}`, `/api/sertifikat/gambar/${SHA_B}`].sort());
    expect([...((await db.images.get(SHA_A))?.png ?? [])]).toEqual([...PNG_A]);
    expect([...((await db.images.get(SHA_B))?.png ?? [])]).toEqual([...PNG_B]);
  });

  it('should not fetch an image the device holds (its bytes never change)', async () => {
    await store(row(1, signer(7, 'p', SHA_A), signer(8, 'b', SHA_B)));
    await db.images.put({ sha256: SHA_A, png: PNG_A });
    const seen: Request[] = [];
    const api = createApiClient({ fetch: fakeServer({}, { [SHA_A]: PNG_A, [SHA_B]: PNG_B }, seen) });
    expect(await pullImages(api, db)).toEqual({ fetched: 1, failed: 0 });
    expect(paths(seen)).toEqual([`/api/sertifikat/gambar/${SHA_B}`]);
  });

  it('should refuse bytes whose SHA-256 is not the one asked for', async () => {
    await store(row(1, signer(7, 'p', SHA_A), null));
    const api = createApiClient({ fetch: fakeServer({}, { [SHA_A]: PNG_B }) });
    expect(await pullImages(api, db)).toEqual({ fetched: 0, failed: 1 });
    expect(await db.images.count()).toBe(0);
  });

  it('should count a 404 and a network failure, keep going, and never ask for a name that is not a SHA-256', async () => {
    await store(row(1, signer(7, 'p', SHA_A), signer(8, 'b', '../../users/8')), row(2, signer(9, 'p', SHA_C), null));
    const seen: Request[] = [];
    const server = fakeServer({}, { [SHA_C]: PNG_C }, seen);
    const api = createApiClient({
      fetch: async (input, init) => {
        if (String(input).endsWith(SHA_A)) throw new TypeError('Failed to fetch');
        return server(input, init);
      },
    });
    expect(await pullImages(api, db)).toEqual({ fetched: 1, failed: 1 });
    expect(paths(seen)).toEqual([`/api/sertifikat/gambar/${SHA_C}`]);
    expect(await db.images.toCollection().primaryKeys()).toEqual([SHA_C]);

    const missing = createApiClient({ fetch: fakeServer({}, {}) });
    await db.images.clear();
    expect(await pullImages(missing, db)).toEqual({ fetched: 0, failed: 2 });
  });

  it('should drop the images no mirrored certificate names any more and keep the named ones', async () => {
    await db.images.bulkPut([
      { sha256: SHA_A, png: PNG_A },
      { sha256: SHA_B, png: PNG_B },
    ]);
    await store(row(1, signer(7, 'p', SHA_A), null));
    const seen: Request[] = [];
    const api = createApiClient({ fetch: fakeServer({}, {}, seen) });
    expect(await pullImages(api, db)).toEqual({ fetched: 0, failed: 0 });
    expect(seen).toEqual([]);
    expect(await db.images.toCollection().primaryKeys()).toEqual([SHA_A]);
  });
});

describe('readSertifikatList, readDocumentSources and logout', () => {
  it("should read a level's list without snapshots or image bytes; a document reads its snapshot and images; logout clears it all", async () => {
    const pulled = row(5, signer(7, 'p', SHA_A), null, { jenjang: 'Mahasiswa' });
    const api = createApiClient({ fetch: fakeServer({ Mahasiswa: [pulled] }, { [SHA_A]: PNG_A }) });
    await pullSertifikat(api, 'Mahasiswa', db);
    await pullImages(api, db);
    const list = await readSertifikatList(db, 'Mahasiswa');
    expect(list.map((r) => r.id)).toEqual([5]);
    expect(list[0]?.sertifikat?.kode).toBe(pulled.sertifikat!.kode);
    // Nothing a document prints is in what the list reads: no snapshot, no image bytes anywhere in it.
    expect(list[0]?.sertifikat).not.toHaveProperty('snapshot');
    const bytesIn = (value: unknown): boolean =>
      value instanceof Uint8Array || (typeof value === 'object' && value !== null && Object.values(value).some(bytesIn));
    expect(bytesIn(list)).toBe(false);
    expect(await readSertifikatList(db, 'SMK')).toEqual([]);

    const [source] = await readDocumentSources(db, [{ row: list[0]! }]);
    expect(source?.terbit).toEqual(pulled.sertifikat);
    expect([...(source?.images.get(SHA_A) ?? [])]).toEqual([...PNG_A]);
    expect(await getOrganisasi(db)).toEqual(ORGANISASI);

    await clearUserData(db);
    expect(await db.sertifikat.count()).toBe(0);
    expect(await db.sertifikatSnapshot.count()).toBe(0);
    expect(await db.images.count()).toBe(0);
    expect(await getOrganisasi(db)).toBeNull();
  });

  it("should never print a row from another certificate's snapshot, and take an archive row's own certificate", async () => {
    const stored = row(6, signer(7, 'p', SHA_A), null);
    await store(stored);
    await db.images.put({ sha256: SHA_A, png: PNG_A });
    const listRow = (await db.sertifikat.get(6))!;
    // The row now shows a reissued certificate (a new code) whose snapshot the device does not hold.
    const reissued = { ...listRow, sertifikat: { ...listRow.sertifikat!, kode: 'NEW' } };
    const [stale] = await readDocumentSources(db, [{ row: reissued }]);
    expect(stale?.terbit).toBeNull();
    // An archive row carries its certificate from the server: that one prints, with the images held.
    const archived = terbitOf(printable(9, signer(7, 'p', SHA_A), null));
    const [fromArchive] = await readDocumentSources(db, [{ row: { ...listRow, id: 9 }, issued: archived }]);
    expect(fromArchive?.terbit).toBe(archived);
    expect(fromArchive?.images.has(SHA_A)).toBe(true);
  });
});
