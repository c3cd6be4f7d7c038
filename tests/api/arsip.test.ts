// The archive search: GET /api/peserta/arsip (participant lists and the approval list) and
// GET /api/sertifikat/arsip — each filter, the order, pages and totals, bad input, roles.
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arsipPesertaResponseSchema, arsipSertifikatResponseSchema } from '../../src/domain/arsip';
import type { ApprovalStep, ReviewStatus } from '../../src/domain/approval-chain';
import type { Jenjang } from '../../src/domain/master-data';
import { divisi, instansi, peserta } from '../../server/db/schema';
import { type DemoUsername, call, demoTokens } from '../helpers/api';
import { type TestApp, buildTestApp } from '../helpers/build-app';
import { makePeserta } from '../helpers/nilai';

let t: TestApp;
let tokens: Record<DemoUsername, string>;
const id: Record<'A' | 'B' | 'C' | 'D' | 'E', number> = { A: 0, B: 0, C: 0, D: 0, E: 0 };
let divisiKedua = 0;
/** Scored on one competency of several: on the participant list, not on the approval list. */
let partlyScored = 0;

const APPROVED: Partial<Record<ApprovalStep, ReviewStatus>> = { Pembimbing: 'Disetujui', HR: 'Disetujui', BusHead: 'Disetujui' };

/** A participant with a name, a period and (optionally) a school of its own. */
async function make(
  nama: string,
  period: [string, string],
  options: { jenjang?: Jenjang; approved?: boolean; scored?: boolean | 'sebagian'; divisiNama?: string; instansiId?: number },
): Promise<number> {
  const made = await makePeserta(t, {
    jenjang: options.jenjang ?? 'SMK',
    scores: options.scored === false ? 'kosong' : options.scored === 'sebagian' ? 'sebagian' : 'lengkap',
    ...(options.approved ? { reviews: APPROVED } : {}),
    ...(options.divisiNama ? { divisiNama: options.divisiNama } : {}),
  });
  await t.db
    .update(peserta)
    .set({ nama, tanggal_masuk: period[0], tanggal_selesai: period[1], ...(options.instansiId ? { instansi_id: options.instansiId } : {}) })
    .where(eq(peserta.id, made.id));
  return made.id;
}

beforeAll(async () => {
  t = await buildTestApp();
  tokens = await demoTokens(t);
  const [school] = await t.db.insert(instansi).values({ nama: 'SMK Arsip Bintang', jenis: 'Sekolah' }).returning({ id: instansi.id });
  const divisions = await t.db.select({ id: divisi.id, nama: divisi.nama }).from(divisi).orderBy(asc(divisi.id));
  const second = divisions[1];
  if (!school || !second) throw new Error('seed data missing');
  divisiKedua = second.id;
  id.A = await make('Arsip Kirana Satu', ['2019-01-10', '2019-04-10'], { approved: true, instansiId: school.id });
  id.B = await make('arsip kirana dua', ['2019-03-01', '2019-06-01'], {});
  id.C = await make('Arsip Kirana Tiga', ['2019-03-01', '2019-05-01'], { scored: false, divisiNama: second.nama });
  id.D = await make('Arsip Kirana Empat', ['2018-06-01', '2018-09-01'], { jenjang: 'Mahasiswa', approved: true });
  id.E = await make('Arsip Kirana Anggrek', ['2019-02-01', '2019-03-01'], { approved: true });
  partlyScored = await make('Arsip Melati Sebagian', ['2019-02-01', '2019-03-01'], { scored: 'sebagian' });
});
afterAll(() => t.close());

async function search(query: string, who: DemoUsername = 'hr') {
  const response = await call(t, 'GET', `/api/peserta/arsip?${query}`, tokens[who]);
  expect(response.statusCode, response.body).toBe(200);
  return arsipPesertaResponseSchema.parse(response.json());
}
const idsOf = (answer: { data: { id: number }[] }) => answer.data.map((row) => row.id);

describe('GET /api/peserta/arsip?daftar=peserta', () => {
  it('should find q in the name, trimmed and in any case, newest first then by name', async () => {
    const answer = await search('daftar=peserta&q=%20%20KIRANA%20');
    expect(idsOf(answer)).toEqual([id.B, id.C, id.E, id.A, id.D]);
    expect(answer).toMatchObject({ total: 5, page: 1, limit: 5 });
    expect(answer.data[0]?.reviews).toHaveLength(3);
    expect(idsOf(await search('daftar=peserta&jenjang=SMK&q=kirana'))).toEqual([id.B, id.C, id.E, id.A]);
  });

  it('should find q in the school or campus, and take q literally', async () => {
    expect(idsOf(await search('daftar=peserta&q=arsip%20BINTANG'))).toEqual([id.A]);
    expect((await search('daftar=peserta&q=%25')).total).toBe(0);
    expect((await search('daftar=peserta&q=kir_na')).total).toBe(0);
  });

  it('should filter by division and by a period the internship overlaps', async () => {
    expect(idsOf(await search(`daftar=peserta&q=kirana&divisi_id=${divisiKedua}`))).toEqual([id.C]);
    expect(idsOf(await search('daftar=peserta&q=kirana&dari=2019-05-15&sampai=2019-12-31'))).toEqual([id.B]);
    expect(idsOf(await search('daftar=peserta&q=kirana&dari=2019-04-05'))).toEqual([id.B, id.C, id.A]);
    expect(idsOf(await search('daftar=peserta&q=kirana&sampai=2018-12-31'))).toEqual([id.D]);
    expect(idsOf(await search('daftar=peserta&q=kirana&dari=2019-03-01&sampai=2019-03-01'))).toEqual([id.B, id.C, id.E, id.A]);
  });

  it('should page: the right rows and total, and no rows past the end', async () => {
    const second = await search('daftar=peserta&q=kirana&limit=2&page=2');
    expect(idsOf(second)).toEqual([id.E, id.A]);
    expect(second).toMatchObject({ total: 5, page: 2, limit: 2 });
    const past = await search('daftar=peserta&q=kirana&limit=2&page=9');
    expect(past).toEqual({ data: [], total: 5, page: 9, limit: 2 });
  });
});

describe('GET /api/peserta/arsip?daftar=approval', () => {
  it('should hold only participants in the approval list, q in the name only, by approval status', async () => {
    expect(idsOf(await search('daftar=approval&q=kirana', 'bushead'))).toEqual([id.B, id.E, id.A, id.D]);
    expect(idsOf(await search('daftar=approval&q=kirana&status=lengkap', 'pembimbing'))).toEqual([id.E, id.A, id.D]);
    expect(idsOf(await search('daftar=approval&q=kirana&status=belum'))).toEqual([id.B]);
    expect(idsOf(await search('daftar=approval&q=kirana&jenjang=Mahasiswa'))).toEqual([id.D]);
    expect((await search('daftar=approval&q=arsip%20bintang')).total).toBe(0);
    expect(idsOf(await search('daftar=peserta&q=melati'))).toEqual([partlyScored]);
    expect((await search('daftar=approval&q=melati')).total).toBe(0);
    expect(idsOf(await search('daftar=approval&q=kirana&dari=2019-05-15'))).toEqual([id.B]);
  });

  it('should hold the same participants when nothing narrows the search (the whole table checked at once)', async () => {
    // Without a name, division or period every participant's scores are checked in one pass;
    // with one, each candidate's own: both must keep exactly the approval list.
    const everyone = idsOf(await search('daftar=approval&limit=100'));
    const narrowed = idsOf(await search('daftar=approval&dari=2000-01-01&limit=100'));
    expect(everyone).toEqual(narrowed);
    expect(everyone).toEqual(expect.arrayContaining([id.A, id.B, id.D, id.E]));
    expect(everyone).not.toContain(id.C);
    expect(everyone).not.toContain(partlyScored);
    expect(idsOf(await search('daftar=approval&status=belum&limit=100'))).toEqual(expect.arrayContaining([id.B]));
    expect(idsOf(await search('daftar=approval&status=belum&limit=100'))).not.toContain(id.A);
  });
});

describe('GET /api/sertifikat/arsip', () => {
  async function certificates(query: string) {
    const response = await call(t, 'GET', `/api/sertifikat/arsip?${query}`, tokens.pembimbing);
    expect(response.statusCode, response.body).toBe(200);
    return arsipSertifikatResponseSchema.parse(response.json());
  }

  it('should answer completed participants of the level by name, with their certificates', async () => {
    const answer = await certificates('jenjang=SMK&q=KIRANA');
    expect(idsOf(answer)).toEqual([id.E, id.A]);
    expect(answer.total).toBe(2);
    expect(answer.data[0]?.sertifikat?.kode).toEqual(expect.any(String));
    expect(answer.data[0]?.penandatangan).toBeDefined();
    expect(idsOf(await certificates('jenjang=Mahasiswa&q=kirana'))).toEqual([id.D]);
    expect(idsOf(await certificates('jenjang=SMK&q=arsip%20bintang'))).toEqual([id.A]);
  });

  it('should keep internships fully inside the period, filter by division, and page', async () => {
    expect(idsOf(await certificates('jenjang=SMK&q=kirana&dari=2019-01-01&sampai=2019-04-30'))).toEqual([id.E, id.A]);
    expect(idsOf(await certificates('jenjang=SMK&q=kirana&dari=2019-01-15'))).toEqual([id.E]);
    expect(idsOf(await certificates('jenjang=SMK&q=kirana&sampai=2019-03-31'))).toEqual([id.E]);
    expect((await certificates(`jenjang=SMK&q=kirana&divisi_id=${divisiKedua}`)).total).toBe(0);
    expect(await certificates('jenjang=SMK&q=kirana&limit=1&page=2')).toMatchObject({ total: 2, page: 2, limit: 1 });
    expect(idsOf(await certificates('jenjang=SMK&q=kirana&limit=1&page=2'))).toEqual([id.A]);
    expect((await certificates('jenjang=SMK&q=kirana&page=3')).data).toEqual([]);
  });
});

describe('bad input and roles', () => {
  it.each([
    ['/api/peserta/arsip', "Daftar harus 'peserta' atau 'approval'"],
    ['/api/peserta/arsip?daftar=semua', "Daftar harus 'peserta' atau 'approval'"],
    ['/api/peserta/arsip?daftar=peserta&jenjang=SMA', 'Jenjang tidak valid'],
    ['/api/peserta/arsip?daftar=peserta&limit=0', 'Limit harus bilangan bulat 1 sampai 100'],
    ['/api/peserta/arsip?daftar=peserta&limit=101', 'Limit harus bilangan bulat 1 sampai 100'],
    ['/api/peserta/arsip?daftar=peserta&page=0', 'Halaman harus bilangan bulat 1 atau lebih'],
    ['/api/peserta/arsip?daftar=peserta&page=1.5', 'Halaman harus bilangan bulat 1 atau lebih'],
    ['/api/peserta/arsip?daftar=peserta&divisi_id=abc', 'Divisi tidak valid'],
    ['/api/peserta/arsip?daftar=peserta&dari=2019-02-30', 'Tanggal harus yyyy-mm-dd yang valid'],
    ['/api/peserta/arsip?daftar=peserta&dari=2019-05-01&sampai=2019-04-01', 'Tanggal awal tidak boleh setelah tanggal akhir'],
    ['/api/peserta/arsip?daftar=peserta&status=lengkap', 'Status hanya bisa dipakai pada daftar approval'],
    ['/api/peserta/arsip?daftar=approval&status=setengah', "Status harus 'lengkap' atau 'belum'"],
    [`/api/peserta/arsip?daftar=peserta&q=${'a'.repeat(201)}`, 'Kata pencarian maksimal 200 karakter'],
    ['/api/peserta/arsip?daftar=peserta&q=a&q=b', 'Kata pencarian maksimal 200 karakter'],
    ['/api/sertifikat/arsip', 'Jenjang tidak valid'],
    ['/api/sertifikat/arsip?jenjang=SMK&limit=abc', 'Limit harus bilangan bulat 1 sampai 100'],
    ['/api/sertifikat/arsip?jenjang=SMK&sampai=31-12-2019', 'Tanggal harus yyyy-mm-dd yang valid'],
  ])('should answer 400 for %s', async (url, message) => {
    const response = await call(t, 'GET', url, tokens.hr);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
  });

  it('should refuse a Mentor (403) and no token (401)', async () => {
    for (const url of ['/api/peserta/arsip?daftar=peserta', '/api/sertifikat/arsip?jenjang=SMK']) {
      expect((await call(t, 'GET', url, tokens.mentor)).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });
});
