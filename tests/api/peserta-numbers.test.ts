// A participant's number is unique within its institution (server/services/peserta-numbers.ts):
// an SMK participant's NIS within its Sekolah, a Mahasiswa's NIM within its Kampus, compared
// trimmed and in any case. Other institutions may repeat a number; rows stored before the rule
// may repeat one too and stay as they are. Add and edit answer 409, the import refuses the row.
import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_MSG } from '../../src/domain/messages';
import { PESERTA_MSG, type Peserta, pesertaBulkResponseSchema, pesertaSchema } from '../../src/domain/peserta';
import { instansi, peserta, pesertaMahasiswa, pesertaSiswa } from '../../server/db/schema';
import { DEMO_PESERTA } from '../../server/db/seed-data';
import { type DemoUsername, call, demoTokens } from '../helpers/api';
import { type TestApp, buildTestApp } from '../helpers/build-app';
import { type SeedRefs, mahasiswaPayload, seedRefs, smkPayload } from '../helpers/peserta';

let t: TestApp;
let tokens: Record<DemoUsername, string>;
let refs: SeedRefs;
/** Every seeded institution of each kind by id, with its name. */
let sekolah: { id: number; nama: string }[];
let kampus: { id: number; nama: string }[];
beforeAll(async () => {
  t = await buildTestApp();
  tokens = await demoTokens(t);
  refs = await seedRefs(t);
  const all = await t.db.select({ id: instansi.id, nama: instansi.nama, jenis: instansi.jenis }).from(instansi).orderBy(instansi.id);
  sekolah = all.filter((row) => row.jenis === 'Sekolah');
  kampus = all.filter((row) => row.jenis === 'Kampus');
});
afterAll(() => t.close());

const namaOf = (id: number) => [...sekolah, ...kampus].find((row) => row.id === id)?.nama ?? '';
const bulk = async (jenjang: 'SMK' | 'Mahasiswa', rows: unknown[]) => {
  const response = await call(t, 'POST', '/api/peserta/bulk', tokens.hr, { jenjang, rows });
  expect(response.statusCode).toBe(200);
  return pesertaBulkResponseSchema.parse(response.json()).data;
};
const add = (payload: Record<string, unknown>, token = tokens.hr) => call(t, 'POST', '/api/peserta', token, payload);
const create = async (payload: Record<string, unknown>): Promise<Peserta> => {
  const response = await add(payload);
  expect(response.statusCode).toBe(201);
  return pesertaSchema.parse(response.json().data);
};
const put = (id: number, body: unknown) => call(t, 'PUT', `/api/peserta/${id}`, tokens.hr, body);
const pesertaCount = async () => (await t.db.select({ value: count() }).from(peserta))[0]?.value ?? 0;
/** The stored NIS rows equal to `nis` (exactly), by participant id. */
const withNis = (nis: string) => t.db.select().from(pesertaSiswa).where(eq(pesertaSiswa.nis, nis)).orderBy(pesertaSiswa.peserta_id);
const failures = (results: { index: number; ok: boolean; message?: string }[]) =>
  results.filter((result) => !result.ok).map((result) => [result.index, result.message]);

describe('POST /api/peserta/bulk: one NIS / NIM per institution', () => {
  it('should add nothing when the same file is imported again, and give each row its message', async () => {
    const smkRows = [0, 1, 2].map((i) => smkPayload(refs, { nama: `Ulang SMK ${i}`, nis: `ULANG-${i}` }));
    const first = await bulk('SMK', smkRows);
    expect(first.created).toBe(3);
    const before = await pesertaCount();

    const again = await bulk('SMK', smkRows);
    expect(again.created).toBe(0);
    const school = namaOf(refs.sekolah);
    expect(again.results).toEqual([0, 1, 2].map((i) => ({ index: i, ok: false, message: `NIS "ULANG-${i}" sudah terdaftar di ${school}` })));
    expect(await pesertaCount()).toBe(before);
    for (const i of [0, 1, 2]) expect(await withNis(`ULANG-${i}`)).toHaveLength(1);

    const mhsRows = [0, 1].map((i) => mahasiswaPayload(refs, { nama: `Ulang Mhs ${i}`, nim: `NIM-ULANG-${i}` }));
    expect((await bulk('Mahasiswa', mhsRows)).created).toBe(2);
    const mhsAgain = await bulk('Mahasiswa', mhsRows);
    expect(mhsAgain.created).toBe(0);
    expect(failures(mhsAgain.results)).toEqual([0, 1].map((i) => [i, PESERTA_MSG.nimTaken(`NIM-ULANG-${i}`, namaOf(refs.kampus))]));
  });

  it('should store the first of rows repeating a number in one request (any case, any spacing) and refuse the rest', async () => {
    const rows = [
      smkPayload(refs, { nama: 'Kembar 0', nis: 'kmb-01' }),
      smkPayload(refs, { nama: 'Kembar 1', nis: 'KMB-01' }),
      smkPayload(refs, { nama: 'Kembar 2', nis: 'KMB-02' }),
      smkPayload(refs, { nama: 'Kembar 3', nis: '  Kmb-01  ' }),
      // A row refused for another reason does not take its number: the next one may have it.
      smkPayload(refs, { nama: 'Kembar 4', nis: 'KMB-03', mentor_id: 99999 }),
      smkPayload(refs, { nama: 'Kembar 5', nis: 'kmb-03' }),
    ];
    const data = await bulk('SMK', rows);
    const school = namaOf(refs.sekolah);
    expect(failures(data.results)).toEqual([
      [1, PESERTA_MSG.nisTaken('KMB-01', school)],
      [3, PESERTA_MSG.nisTaken('Kmb-01', school)],
      [4, SERVER_MSG.mentorUnknown],
    ]);
    expect(data.created).toBe(3);
    const stored = await t.db
      .select({ nama: peserta.nama, nis: pesertaSiswa.nis })
      .from(pesertaSiswa)
      .innerJoin(peserta, eq(peserta.id, pesertaSiswa.peserta_id))
      .where(inArray(pesertaSiswa.nis, ['kmb-01', 'KMB-01', 'Kmb-01', 'KMB-02', 'KMB-03', 'kmb-03']))
      .orderBy(peserta.id);
    expect(stored).toEqual([
      { nama: 'Kembar 0', nis: 'kmb-01' },
      { nama: 'Kembar 2', nis: 'KMB-02' },
      { nama: 'Kembar 5', nis: 'kmb-03' },
    ]);
  });

  it('should let other institutions use the same number, in the same request and later', async () => {
    const [a, b, c] = sekolah;
    if (!a || !b || !c) throw new Error('the demo seed has three schools');
    const rows = [a, b, c].map((school) => smkPayload(refs, { nama: `Sekolah Lain ${school.id}`, instansi_id: school.id, nis: 'SAMA-001' }));
    expect((await bulk('SMK', rows.slice(0, 2))).created).toBe(2);
    expect((await bulk('SMK', rows.slice(1))).results.map((result) => result.ok)).toEqual([false, true]);
    expect(await withNis('SAMA-001')).toHaveLength(3);
    // A NIM equal to a NIS is another kind of number: no conflict.
    expect((await bulk('Mahasiswa', [mahasiswaPayload(refs, { nim: 'SAMA-001' })])).created).toBe(1);
  });
});

describe('POST /api/peserta: one NIS / NIM per institution', () => {
  it('should answer 409 with the text for a NIS taken in the school (a seeded one, any case or spacing) and store nothing', async () => {
    const demo = DEMO_PESERTA.find((row) => row.jenjang === 'SMK');
    if (!demo) throw new Error('the demo seed has SMK participants');
    const school = sekolah.find((row) => row.nama === demo.instansi);
    expect(school).toBeDefined();
    const before = await pesertaCount();
    const response = await add(smkPayload(refs, { instansi_id: school?.id, nis: ` ${demo.nomor} ` }));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: `NIS "${demo.nomor}" sudah terdaftar di ${demo.instansi}` });

    await create(smkPayload(refs, { nis: 'abc-77' }));
    for (const nis of ['ABC-77', '  abc-77', 'Abc-77 ']) {
      const refused = await add(smkPayload(refs, { nis }), tokens.pembimbing);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ message: PESERTA_MSG.nisTaken(nis.trim(), namaOf(refs.sekolah)) });
    }
    expect(await pesertaCount()).toBe(before + 1);
  });

  it('should answer 409 for a NIM taken in the campus and accept it in another campus', async () => {
    const [first, second] = kampus;
    if (!first || !second) throw new Error('the demo seed has two campuses');
    await create(mahasiswaPayload(refs, { instansi_id: first.id, nim: '22067-DUA' }));
    const refused = await add(mahasiswaPayload(refs, { instansi_id: first.id, nim: '22067-dua' }));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: `NIM "22067-dua" sudah terdaftar di ${first.nama}` });
    const other = await create(mahasiswaPayload(refs, { instansi_id: second.id, nim: '22067-DUA' }));
    expect(other.mahasiswa?.nim).toBe('22067-DUA');
  });

  it('should leave duplicates stored before the rule as they are, and refuse another', async () => {
    const [first, second] = await Promise.all([create(smkPayload(refs, { nama: 'Lama 1' })), create(smkPayload(refs, { nama: 'Lama 2' }))]);
    // As an old database may hold them: two participants of one school with one NIS.
    await t.db.update(pesertaSiswa).set({ nis: 'LAMA-KEMBAR' }).where(inArray(pesertaSiswa.peserta_id, [first.id, second.id]));
    const refused = await add(smkPayload(refs, { nis: 'lama-kembar' }));
    expect(refused.statusCode).toBe(409);
    // They stay editable, also when the edit sends their own number again (in another case).
    const edited = await put(first.id, { nama: 'Lama Satu', nis: 'lama-kembar' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data.siswa.nis).toBe('lama-kembar');
    expect((await put(second.id, { jurusan: 'Akuntansi', instansi_id: refs.sekolah })).statusCode).toBe(200);
    expect((await withNis('LAMA-KEMBAR')).map((row) => row.peserta_id)).toEqual([second.id]);
  });
});

describe('PUT /api/peserta/:id: one NIS / NIM per institution', () => {
  it('should answer 409 for an edit to a number taken in the school and leave the row unchanged', async () => {
    await create(smkPayload(refs, { nama: 'Pemilik', nis: 'EDIT-01' }));
    const mover = await create(smkPayload(refs, { nama: 'Pindah', nis: 'EDIT-02' }));
    const response = await put(mover.id, { nama: 'Tidak Tersimpan', nis: ' edit-01 ' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: PESERTA_MSG.nisTaken('edit-01', namaOf(refs.sekolah)) });
    expect((await call(t, 'GET', `/api/peserta/${mover.id}`, tokens.hr)).json().data).toEqual(mover);
    // Its own number in another case is no conflict.
    const recased = await put(mover.id, { nis: 'edit-02' });
    expect(recased.statusCode).toBe(200);
    expect(recased.json().data.siswa.nis).toBe('edit-02');
  });

  it('should answer 409 for a move to a school where its number is taken, and allow one where it is free', async () => {
    const [a, b, c] = sekolah;
    if (!a || !b || !c) throw new Error('the demo seed has three schools');
    await create(smkPayload(refs, { nama: 'Di Sekolah B', instansi_id: b.id, nis: 'PINDAH-01' }));
    const mover = await create(smkPayload(refs, { nama: 'Dari Sekolah A', instansi_id: a.id, nis: 'Pindah-01' }));
    const refused = await put(mover.id, { instansi_id: b.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: PESERTA_MSG.nisTaken('Pindah-01', b.nama) });
    const renumbered = await put(mover.id, { instansi_id: a.id, nis: 'pindah-02' });
    expect(renumbered.statusCode).toBe(200);
    expect((await put(mover.id, { instansi_id: b.id, nis: 'PINDAH-01' })).statusCode).toBe(409);
    const moved = await put(mover.id, { instansi_id: c.id, nis: 'PINDAH-01' });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data).toMatchObject({ instansi_id: c.id, siswa: { nis: 'PINDAH-01' } });
  });

  it('should answer 409 for a Mahasiswa edit to a taken NIM and keep the stored one', async () => {
    await create(mahasiswaPayload(refs, { nim: 'NIM-EDIT-A' }));
    const mover = await create(mahasiswaPayload(refs, { nim: 'NIM-EDIT-B' }));
    const response = await put(mover.id, { nim: 'nim-edit-a', fakultas: 'Tidak Tersimpan' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: PESERTA_MSG.nimTaken('nim-edit-a', namaOf(refs.kampus)) });
    const [detail] = await t.db.select().from(pesertaMahasiswa).where(eq(pesertaMahasiswa.peserta_id, mover.id));
    expect(detail).toMatchObject({ nim: 'NIM-EDIT-B', fakultas: 'Fakultas Ilmu Komputer' });
  });
});
