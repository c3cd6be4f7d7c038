import { count, eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_MSG } from '../../src/domain/messages';
import { PESERTA_BULK_MAX, PESERTA_MSG, pesertaBulkResponseSchema, pesertaListResponseSchema } from '../../src/domain/peserta';
import { peserta, pesertaMahasiswa, pesertaSiswa, reviews } from '../../server/db/schema';
import { type DemoUsername, call, demoTokens } from '../helpers/api';
import { type TestApp, buildTestApp } from '../helpers/build-app';
import { type SeedRefs, mahasiswaPayload, seedRefs, smkPayload } from '../helpers/peserta';

let t: TestApp;
let tokens: Record<DemoUsername, string>;
let refs: SeedRefs;
beforeAll(async () => {
  t = await buildTestApp();
  tokens = await demoTokens(t);
  refs = await seedRefs(t);
});
afterAll(() => t.close());

const bulk = (body: unknown, token = tokens.hr) => call(t, 'POST', '/api/peserta/bulk', token, body);
const named = async (prefix: string) =>
  t.db.select({ id: peserta.id, nama: peserta.nama }).from(peserta).where(like(peserta.nama, `${prefix}%`)).orderBy(peserta.id);

describe('POST /api/peserta/bulk', () => {
  it('should store the good rows and refuse the bad ones, each with its message', async () => {
    const rows = [
      smkPayload(refs, { nama: 'Impor 0', jenjang: undefined }),
      smkPayload(refs, { nama: 'Impor 1', nis: '' }),
      smkPayload(refs, { nama: 'Impor 2', instansi_id: refs.kampus }),
      smkPayload(refs, { nama: 'Impor 3' }),
      smkPayload(refs, { nama: 'Impor 4', mentor_id: 99999 }),
      smkPayload(refs, { nama: 'Impor 5', tanggal_masuk: '2026-02-31' }),
      mahasiswaPayload(refs, { nama: 'Impor 6' }),
      'bukan baris',
      smkPayload(refs, { nama: 'Impor 8', pembimbing_id: refs.mentor }),
      smkPayload(refs, { nama: 'Impor 9', divisi_id: '9999' }),
      // Passes every check but the database refuses it (a NUL character): only this row fails.
      smkPayload(refs, { nama: 'Impor 10', jurusan: 'A\u0000B' }),
      smkPayload(refs, { nama: 'Impor 11', tanggal_selesai: '2026-01-01' }),
      smkPayload(refs, { nama: 'Impor 12' }),
    ];
    const response = await bulk({ jenjang: 'SMK', rows });
    expect(response.statusCode).toBe(200);
    const { data } = pesertaBulkResponseSchema.parse(response.json());
    const failures = data.results.filter((result) => !result.ok).map((result) => [result.index, 'message' in result ? result.message : '']);
    expect(failures).toEqual([
      [1, PESERTA_MSG.required],
      [2, SERVER_MSG.instansiMustBeSekolah],
      [4, SERVER_MSG.mentorUnknown],
      [5, 'Tanggal masuk tidak valid'],
      [6, SERVER_MSG.bulkJenjangMismatch],
      [7, SERVER_MSG.invalidInput],
      [8, SERVER_MSG.pembimbingWrongRole],
      [9, SERVER_MSG.divisiUnknown],
      [10, SERVER_MSG.invalidInput],
      [11, PESERTA_MSG.dateOrder],
    ]);
    expect(data.results.map((result) => result.index)).toEqual(rows.map((_row, index) => index));
    expect(data.created).toBe(3);

    const stored = await named('Impor ');
    expect(stored.map((row) => row.nama)).toEqual(['Impor 0', 'Impor 3', 'Impor 12']);
    const okIds = data.results.flatMap((result) => (result.ok ? [result.id] : []));
    expect(okIds).toEqual(stored.map((row) => row.id));
    // Each stored row is whole: its detail row and three reviews.
    expect(await t.db.select().from(pesertaSiswa).where(inArray(pesertaSiswa.peserta_id, okIds))).toHaveLength(3);
    expect(await t.db.select().from(reviews).where(inArray(reviews.peserta_id, okIds))).toHaveLength(9);
  });

  it('should import Mahasiswa rows with an empty fakultas (CSV "-") but not without one', async () => {
    const response = await bulk({
      jenjang: 'Mahasiswa',
      rows: [mahasiswaPayload(refs, { nama: 'Mhs 0', fakultas: '' }), mahasiswaPayload(refs, { nama: 'Mhs 1', fakultas: undefined })],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.results[1]).toEqual({ index: 1, ok: false, message: PESERTA_MSG.required });
    const [created] = await named('Mhs ');
    const [detail] = await t.db.select().from(pesertaMahasiswa).where(eq(pesertaMahasiswa.peserta_id, created?.id ?? 0));
    expect(detail?.fakultas).toBe('');
  });

  it('should answer an empty result for no rows', async () => {
    const response = await bulk({ jenjang: 'Mahasiswa', rows: [] });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { created: 0, results: [] } });
  });

  it.each([
    [{ rows: [] }, PESERTA_MSG.required],
    [{ jenjang: 'Siswa', rows: [] }, 'Jenjang tidak valid'],
    [{ jenjang: 'SMK' }, 'Rows tidak valid'],
    [{ jenjang: 'SMK', rows: {} }, 'Rows tidak valid'],
    [{ jenjang: 'SMK', rows: Array.from({ length: PESERTA_BULK_MAX + 1 }, () => ({})) }, `Maksimal ${PESERTA_BULK_MAX} baris per import`],
  ])('should answer 400 for a bad request (%#)', async (body, message) => {
    const response = await bulk(body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
  });

  it('should answer 413 for a body over its 8 MB limit', async () => {
    const rows = Array.from({ length: 5000 }, () => smkPayload(refs, { nama: 'x'.repeat(2000) }));
    const response = await bulk({ jenjang: 'SMK', rows });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: SERVER_MSG.bodyTooLarge });
  });

  it('should import 5,000 rows (over 1 MB, within the body limit) and list them', async () => {
    const before = (await t.db.select({ value: count() }).from(peserta))[0]?.value ?? 0;
    const rows = Array.from({ length: 5000 }, (_row, i) =>
      smkPayload(refs, {
        nama: `Massal ${String(i).padStart(4, '0')} ${'n'.repeat(40)}`,
        nis: `NIS-${i}`,
        jurusan: 'Teknik Komputer dan Jaringan',
        tanggal_masuk: `2026-${String((i % 12) + 1).padStart(2, '0')}-01`,
        tanggal_selesai: '2026-12-31',
      }),
    );
    const body = JSON.stringify({ jenjang: 'SMK', rows });
    expect(Buffer.byteLength(body)).toBeGreaterThan(1024 * 1024);

    const response = await bulk(body);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.created).toBe(5000);
    expect((await t.db.select({ value: count() }).from(peserta))[0]?.value).toBe(before + 5000);

    const listed = await call(t, 'GET', '/api/peserta?jenjang=SMK', tokens.hr);
    expect(pesertaListResponseSchema.parse(listed.json()).data.length).toBeGreaterThan(5000);
  }, 60_000);

  it('should let Pembimbing import and refuse Mentor and BusHead before reading the body', async () => {
    const ok = await bulk({ jenjang: 'SMK', rows: [smkPayload(refs, { nama: 'Oleh Pembimbing' })] }, tokens.pembimbing);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.created).toBe(1);
    for (const who of ['mentor', 'bushead'] as const) {
      const refused = await bulk({ jenjang: 'SMK', rows: [smkPayload(refs, { nama: 'Ditolak' })] }, tokens[who]);
      expect(refused.statusCode).toBe(403);
    }
    expect(await named('Ditolak')).toEqual([]);
  });
});
