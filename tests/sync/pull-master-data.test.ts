import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient, isApiError } from '@/api/client';
import { MagangDb } from '@/db/db';
import { deleteMirrorRow, putMirrorRow } from '@/db/mirror';
import { pullDivisi, pullGrade, pullInstansi, pullKompetensi, pullUsers } from '@/sync/pull-master-data';

let db: MagangDb;
let n = 0;

/** A fetch that answers each GET path from `routes` (status 200) and records what was asked. */
function fakeFetch(routes: Record<string, unknown>, seen: string[] = []): typeof fetch {
  return async (input) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    seen.push(path);
    if (!(path in routes)) return new Response(JSON.stringify({ message: 'Gagal' }), { status: 500 });
    return new Response(JSON.stringify(routes[path]), { status: 200, headers: { 'Content-Type': 'application/json' } });
  };
}

const user = (id: number, username: string, role = 'HR') => ({
  id,
  employee_id: `EMP00${id}`,
  employeeId: `EMP00${id}`,
  username,
  role,
  signature_url: null,
});

beforeEach(() => {
  db = new MagangDb(`master-pull-test-${n++}`);
});
afterEach(async () => {
  await db.delete();
});

describe('pullUsers', () => {
  it('should fill the users mirror from GET /api/users with the token', async () => {
    const seen: string[] = [];
    const api = createApiClient({ getToken: () => 'tok', fetch: fakeFetch({ '/api/users': { data: [user(1, 'hr'), user(2, 'mentor', 'Mentor')] } }, seen) });
    const rows = await pullUsers(api, db);
    expect(rows).toHaveLength(2);
    expect(seen).toEqual(['/api/users']);
    expect(await db.users.orderBy('id').toArray()).toEqual([user(1, 'hr'), user(2, 'mentor', 'Mentor')]);
  });

  it('should keep the full name and title of each user', async () => {
    const named = { ...user(2, 'pembimbing', 'Pembimbing'), nama_lengkap: 'Budi Santoso', jabatan: 'Supervisor Keuangan' };
    const unnamed = { ...user(1, 'hr'), nama_lengkap: null, jabatan: null };
    const api = createApiClient({ fetch: fakeFetch({ '/api/users': { data: [unnamed, named] } }) });
    await pullUsers(api, db);
    expect(await db.users.orderBy('id').toArray()).toEqual([unnamed, named]);
  });

  it('should replace the table so rows deleted on the server disappear', async () => {
    await db.users.bulkPut([user(1, 'hr'), user(2, 'lama'), user(3, 'hapus')]);
    const api = createApiClient({ fetch: fakeFetch({ '/api/users': { data: [user(1, 'hr-baru'), user(4, 'baru')] } }) });
    await pullUsers(api, db);
    const rows = await db.users.orderBy('id').toArray();
    expect(rows.map((r) => [r.id, r.username])).toEqual([
      [1, 'hr-baru'],
      [4, 'baru'],
    ]);
  });

  it('should keep the mirror unchanged when the server fails or is unreachable', async () => {
    await db.users.bulkPut([user(1, 'hr')]);
    const failing = createApiClient({ fetch: fakeFetch({}) });
    const error = await pullUsers(failing, db).catch((e: unknown) => e);
    expect(isApiError(error) && error.status).toBe(500);
    const offline = createApiClient({
      fetch: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const networkError = await pullUsers(offline, db).catch((e: unknown) => e);
    expect(isApiError(networkError) && networkError.isNetworkError).toBe(true);
    expect(await db.users.toArray()).toEqual([user(1, 'hr')]);
  });

  it('should reject a malformed answer and keep the mirror', async () => {
    await db.users.bulkPut([user(1, 'hr')]);
    const api = createApiClient({ fetch: fakeFetch({ '/api/users': { data: [{ id: 'x' }] } }) });
    await expect(pullUsers(api, db)).rejects.toSatisfy(isApiError);
    expect(await db.users.count()).toBe(1);
  });
});

describe('master-data pulls', () => {
  const instansi = [
    { id: 1, nama: 'SMK Negeri 1 Jakarta', jenis: 'Sekolah', pesertaCount: 4 },
    { id: 4, nama: 'Universitas Indonesia', jenis: 'Kampus', pesertaCount: 0 },
  ];
  const divisi = [
    { id: 2, nama: 'Keuangan', divisi_kategori: [{ kompetensi: { id: 9, nama: 'Pencatatan Transaksi Kas', jenjang: 'SMK', aktif: true } }] },
  ];
  const kompetensi = [
    { id: 9, nama: 'Pencatatan Transaksi Kas', jenjang: 'SMK', aktif: true, divisi_kategori: [{ divisi: { id: 2, nama: 'Keuangan' } }] },
    { id: 30, nama: 'K3', jenjang: 'SMK', aktif: false, divisi_kategori: [] },
  ];
  const grade = [
    { id: 1, nama: 'Standar', deskripsi: 'Bawaan', kategori: 'Mahasiswa', items: [{ huruf: 'A', min: 86, predikat: 'Sangat Memuaskan' }] },
  ];
  const api = createApiClient({
    fetch: fakeFetch({
      '/api/instansi': { data: instansi },
      '/api/divisi': { data: divisi },
      '/api/kompetensi': { data: kompetensi },
      '/api/grade': { data: grade },
    }),
  });

  it.each([
    ['instansi', () => pullInstansi(api, db), () => db.instansi.orderBy('id').toArray(), instansi, { id: 99, nama: 'Lama', jenis: 'Kampus' }],
    ['divisi', () => pullDivisi(api, db), () => db.divisi.orderBy('id').toArray(), divisi, { id: 99, nama: 'Lama' }],
    ['kompetensi', () => pullKompetensi(api, db), () => db.kompetensi.orderBy('id').toArray(), kompetensi, { id: 99, nama: 'Lama', jenjang: 'SMK', aktif: true }],
    ['grade', () => pullGrade(api, db), () => db.grade.orderBy('id').toArray(), grade, { id: 99, nama: 'Lama', kategori: 'SMK', items: [] }],
  ] as const)('should replace the %s mirror with the server rows', async (table, pull, read, expected, stale) => {
    await db.table(table).put(stale);
    const rows = await pull();
    expect(rows).toEqual(expected);
    expect(await read()).toEqual(expected);
  });
});

describe('mirror row writes', () => {
  it('should put and delete single rows', async () => {
    await putMirrorRow(db, 'divisi', { id: 7, nama: 'Gudang', divisi_kategori: [] });
    expect(await db.divisi.get(7)).toEqual({ id: 7, nama: 'Gudang', divisi_kategori: [] });
    await deleteMirrorRow(db, 'divisi', 7);
    expect(await db.divisi.get(7)).toBeUndefined();
  });
});
