import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_MSG } from '../../src/domain/messages';
import { PESERTA_MSG, type Peserta, pesertaSchema } from '../../src/domain/peserta';
import { deletions, nilai, peserta, pesertaMahasiswa, pesertaSiswa, reviews } from '../../server/db/schema';
import { BAD_IDS, type DemoUsername, call, demoTokens } from '../helpers/api';
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

const create = async (payload: Record<string, unknown>): Promise<Peserta> => {
  const response = await call(t, 'POST', '/api/peserta', tokens.hr, payload);
  expect(response.statusCode).toBe(201);
  return pesertaSchema.parse(response.json().data);
};
const put = (id: number, body: unknown, token = tokens.hr) => call(t, 'PUT', `/api/peserta/${id}`, token, body);
const storedRow = async (id: number) => (await t.db.select().from(peserta).where(eq(peserta.id, id)))[0];
/** The shape minus the fields every write moves. */
const stable = ({ updated_at: _u, ...rest }: Peserta) => rest;

describe('PUT /api/peserta/:id', () => {
  it('should change only the fields sent and bump updated_at', async () => {
    const before = await create(smkPayload(refs));
    const response = await put(before.id, { nama: 'Budi Baru', mentor_id: '', tanggal_selesai: '2026-06-30', nis: null });
    expect(response.statusCode).toBe(200);
    const after = pesertaSchema.parse(response.json().data);
    expect(stable(after)).toEqual({ ...stable(before), nama: 'Budi Baru', tanggal_selesai: '2026-06-30' });
    expect(new Date(after.updated_at).getTime()).toBeGreaterThan(new Date(before.updated_at).getTime());
    expect((await storedRow(before.id))?.nama).toBe('Budi Baru');
  });

  it('should change nothing for an empty or all-blank body', async () => {
    const before = await create(smkPayload(refs));
    for (const body of [{}, { nama: '', divisi_id: null, jurusan: '  ' }]) {
      const response = await put(before.id, body);
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toEqual(before);
    }
  });

  it('should change references of the right kind and the SMK detail row', async () => {
    const before = await create(smkPayload(refs));
    const response = await put(before.id, { divisi_id: String(refs.otherDivisi), jurusan: 'Akuntansi', nis: '123' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ divisi_id: refs.otherDivisi, siswa: { nis: '123', jurusan: 'Akuntansi' } });
    const [detail] = await t.db.select().from(pesertaSiswa).where(eq(pesertaSiswa.peserta_id, before.id));
    expect(detail).toEqual({ peserta_id: before.id, nis: '123', jurusan: 'Akuntansi' });
  });

  it('should change the Mahasiswa detail row from jurusan_mahasiswa (or jurusan) and fakultas, and bump the row', async () => {
    const before = await create(mahasiswaPayload(refs, { nim: '2206712345' }));
    const stamp = (await storedRow(before.id))?.updated_at.getTime() ?? Infinity;
    let response = await put(before.id, { jurusan_mahasiswa: 'Ilmu Komputer', fakultas: 'FASILKOM' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.mahasiswa).toEqual({ nim: '2206712345', jurusan: 'Ilmu Komputer', fakultas: 'FASILKOM' });
    expect((await storedRow(before.id))?.updated_at.getTime()).toBeGreaterThan(stamp);
    response = await put(before.id, { jurusan: 'Statistika', nim: '99' });
    expect(response.json().data.mahasiswa).toEqual({ nim: '99', jurusan: 'Statistika', fakultas: 'FASILKOM' });
    const [detail] = await t.db.select().from(pesertaMahasiswa).where(eq(pesertaMahasiswa.peserta_id, before.id));
    expect(detail).toEqual({ peserta_id: before.id, nim: '99', jurusan: 'Statistika', fakultas: 'FASILKOM' });
  });

  it('should accept its own jenjang and refuse another with 400', async () => {
    const before = await create(smkPayload(refs));
    expect((await put(before.id, { jenjang: 'SMK', nama: 'Sama' })).statusCode).toBe(200);
    const response = await put(before.id, { jenjang: 'Mahasiswa', nama: 'Beda' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: PESERTA_MSG.jenjangFixed });
    expect((await storedRow(before.id))?.nama).toBe('Sama');
  });

  it.each([
    ['a Kampus for an SMK participant', 'SMK', () => ({ instansi_id: refs.kampus }), SERVER_MSG.instansiMustBeSekolah],
    ['a Sekolah for a Mahasiswa', 'Mahasiswa', () => ({ instansi_id: refs.sekolah }), SERVER_MSG.instansiMustBeKampus],
    ['a Pembimbing as mentor_id', 'SMK', () => ({ mentor_id: refs.pembimbing }), SERVER_MSG.mentorWrongRole],
    ['a Mentor as pembimbing_id', 'Mahasiswa', () => ({ pembimbing_id: refs.mentor }), SERVER_MSG.pembimbingWrongRole],
    ['an unknown division', 'SMK', () => ({ divisi_id: 9999 }), SERVER_MSG.divisiUnknown],
    ['a finishing day before the stored start', 'SMK', () => ({ tanggal_selesai: '2026-01-01' }), PESERTA_MSG.dateOrder],
    ['a start after the stored finishing day', 'SMK', () => ({ tanggal_masuk: '2027-01-01' }), PESERTA_MSG.dateOrder],
    ['an impossible date', 'SMK', () => ({ tanggal_masuk: '2026-02-29' }), 'Tanggal masuk tidak valid'],
    ['a too long name', 'SMK', () => ({ nama: 'x'.repeat(201) }), 'Nama maksimal 200 karakter'],
    ['a malformed id', 'SMK', () => ({ mentor_id: 'dua' }), 'Mentor tidak valid'],
  ])('should refuse %s with 400 and change nothing', async (_name, jenjang, body, message) => {
    const before = await create(jenjang === 'SMK' ? smkPayload(refs) : mahasiswaPayload(refs));
    const response = await put(before.id, { nama: 'Tidak Tersimpan', ...body() });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
    expect((await call(t, 'GET', `/api/peserta/${before.id}`, tokens.hr)).json().data).toEqual(before);
  });

  it('should answer 404 for an unknown id and 400 for a malformed one', async () => {
    const missing = await put(99999, { nama: 'X' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: SERVER_MSG.notFound });
    for (const id of BAD_IDS) {
      const response = await call(t, 'PUT', `/api/peserta/${id}`, tokens.hr, { nama: 'X' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: SERVER_MSG.invalidId });
    }
  });
});

describe('DELETE /api/peserta/:id', () => {
  it('should delete a seeded participant with its scores, reviews and details, and leave tombstones', async () => {
    const [scored] = await t.db.selectDistinct({ id: nilai.peserta_id }).from(nilai).limit(1);
    const id = scored?.id as number;
    const scoreIds = (await t.db.select({ id: nilai.id }).from(nilai).where(eq(nilai.peserta_id, id))).map((row) => row.id);
    expect(scoreIds.length).toBeGreaterThan(0);
    expect(await t.db.select().from(reviews).where(eq(reviews.peserta_id, id))).toHaveLength(3);

    const response = await call(t, 'DELETE', `/api/peserta/${id}`, tokens.pembimbing);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { id } });
    expect(await storedRow(id)).toBeUndefined();
    expect(await t.db.select().from(nilai).where(eq(nilai.peserta_id, id))).toEqual([]);
    expect(await t.db.select().from(reviews).where(eq(reviews.peserta_id, id))).toEqual([]);
    expect(await t.db.select().from(pesertaSiswa).where(eq(pesertaSiswa.peserta_id, id))).toEqual([]);
    expect(await t.db.select().from(pesertaMahasiswa).where(eq(pesertaMahasiswa.peserta_id, id))).toEqual([]);
    const pesertaTombstones = await t.db.select().from(deletions).where(and(eq(deletions.entity, 'peserta'), eq(deletions.entity_id, id)));
    expect(pesertaTombstones).toHaveLength(1);
    const nilaiTombstones = await t.db
      .select({ id: deletions.entity_id })
      .from(deletions)
      .where(and(eq(deletions.entity, 'nilai'), inArray(deletions.entity_id, scoreIds)));
    expect(nilaiTombstones.map((row) => row.id).sort((a, b) => a - b)).toEqual([...scoreIds].sort((a, b) => a - b));

    const again = await call(t, 'DELETE', `/api/peserta/${id}`, tokens.hr);
    expect(again.statusCode).toBe(404);
    expect((await call(t, 'GET', `/api/peserta/${id}`, tokens.hr)).statusCode).toBe(404);
  });

  it('should delete a Mahasiswa participant without scores', async () => {
    const created = await create(mahasiswaPayload(refs));
    const response = await call(t, 'DELETE', `/api/peserta/${created.id}`, tokens.hr);
    expect(response.statusCode).toBe(200);
    expect(await t.db.select().from(pesertaMahasiswa).where(eq(pesertaMahasiswa.peserta_id, created.id))).toEqual([]);
  });

  it('should answer 400 for a malformed id', async () => {
    for (const id of BAD_IDS) {
      const response = await call(t, 'DELETE', `/api/peserta/${id}`, tokens.hr);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: SERVER_MSG.invalidId });
    }
  });
});
