// GET /api/presensi/rekap.xlsx, read back with the library that writes it: the file name and
// type, one sheet per level, Indonesian headers on the frozen header row, counts as numbers, the
// period as date cells, the share present as a fraction with a percent format, the totals row,
// and the same refusals as the JSON recap (400 for a bad query, 403 for a role other than HR).
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REKAP_SHEET, REKAP_XLSX } from '../../src/domain/presensi';
import { DOCUMENT_MIME } from '../../src/domain/sertifikat';
import { peserta } from '../../server/db/schema';
import { REKAP_HEADER_ROW } from '../../server/services/presensi-xlsx';
import { type DemoUsername, NON_HR, call, demoTokens } from '../helpers/api';
import { type TestApp, buildTestApp, testDbKind } from '../helpers/build-app';
import { makePeserta, send } from '../helpers/nilai';

let t: TestApp;
let tokens: Record<DemoUsername, string>;
let divisiId: number;
let divisiNama: string;
const ids: Record<string, number> = {};

const mark = (peserta_id: number, tanggal: string, status = 'Hadir', catatan?: string) => ({ peserta_id, tanggal, status, ...(catatan ? { catatan } : {}) });

beforeAll(async () => {
  t = await buildTestApp();
  tokens = await demoTokens(t);
  const created = await call(t, 'POST', '/api/divisi', tokens.hr, { nama: `Divisi Rekap Xlsx ${testDbKind()}` });
  divisiId = created.json().data.id as number;
  divisiNama = created.json().data.nama as string;
  const [a, b, m] = [await makePeserta(t, { divisiNama }), await makePeserta(t, { divisiNama }), await makePeserta(t, { divisiNama, jenjang: 'Mahasiswa' })];
  ids.a = a.id;
  ids.b = b.id;
  ids.m = m.id;
  await t.db.update(peserta).set({ nama: 'Ani' }).where(eq(peserta.id, a.id));
  await t.db.update(peserta).set({ nama: 'Budi' }).where(eq(peserta.id, b.id));
  const answer = await send(t, 'PUT', '/api/presensi', tokens.hr, {
    payload: {
      presensi: [
        mark(a.id, '2026-01-05'),
        mark(a.id, '2026-01-06'),
        mark(a.id, '2026-01-07', 'Izin', 'Keperluan keluarga'),
        mark(b.id, '2026-01-05', 'Alpa'),
        mark(b.id, '2026-01-06'),
        mark(b.id, '2026-01-07', 'Sakit'),
        mark(m.id, '2026-01-05'),
      ],
    },
  });
  expect(answer.statusCode).toBe(200);
});
afterAll(() => t.close());

const url = (query: string) => `/api/presensi/rekap.xlsx?from=2026-01-05&to=2026-01-10&divisi_id=${divisiId}${query}`;

async function workbookOf(query = ''): Promise<ExcelJS.Workbook> {
  const answer = await call(t, 'GET', url(query), tokens.hr);
  expect(answer.statusCode).toBe(200);
  expect(answer.headers['content-type']).toBe(DOCUMENT_MIME.xlsx);
  expect(answer.headers['content-disposition']).toBe('attachment; filename="Rekap_Presensi_2026-01-05_2026-01-10.xlsx"');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(answer.rawPayload as unknown as ArrayBuffer);
  return workbook;
}

const rowValues = (sheet: ExcelJS.Worksheet, n: number) => (sheet.getRow(n).values as unknown[]).slice(1);

describe(`GET /api/presensi/rekap.xlsx (${testDbKind()})`, () => {
  it('should hold one sheet per level with the header frozen, typed cells and a totals row', async () => {
    const workbook = await workbookOf();
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([REKAP_SHEET.Mahasiswa, REKAP_SHEET.SMK]);
    const smk = workbook.getWorksheet(REKAP_SHEET.SMK) as ExcelJS.Worksheet;
    expect(smk.views[0]).toMatchObject({ state: 'frozen', ySplit: REKAP_HEADER_ROW });
    expect(rowValues(smk, REKAP_HEADER_ROW)).toEqual([...REKAP_XLSX.headers]);
    expect(rowValues(smk, REKAP_HEADER_ROW)).toEqual(['No', 'Nama', 'Divisi', 'Hadir', 'Izin', 'Sakit', 'Alpa', 'Tercatat', 'Hari Kerja', '% Hadir']);

    const periode = smk.getRow(2);
    for (const [col, day] of [[2, '2026-01-05'], [4, '2026-01-10']] as const) {
      expect(periode.getCell(col).type).toBe(ExcelJS.ValueType.Date);
      expect((periode.getCell(col).value as Date).toISOString()).toBe(`${day}T00:00:00.000Z`);
    }

    const ani = smk.getRow(REKAP_HEADER_ROW + 1);
    expect(rowValues(smk, REKAP_HEADER_ROW + 1)).toEqual([1, 'Ani', divisiNama, 2, 1, 0, 0, 3, 6, 0.667]);
    for (const col of [1, 4, 5, 6, 7, 8, 9, 10]) expect(ani.getCell(col).type).toBe(ExcelJS.ValueType.Number);
    expect(ani.getCell(10).numFmt).toBe('0.0%');
    expect(rowValues(smk, REKAP_HEADER_ROW + 2)).toEqual([2, 'Budi', divisiNama, 1, 0, 1, 1, 3, 6, 0.333]);

    // Totals: sums of the counts; the share present is total hadir / total tercatat (3 / 6).
    const totals = smk.getRow(REKAP_HEADER_ROW + 3);
    expect(rowValues(smk, REKAP_HEADER_ROW + 3)).toEqual([undefined, REKAP_XLSX.total, undefined, 3, 1, 1, 1, 6, 12, 0.5]);
    expect(totals.getCell(10).numFmt).toBe('0.0%');
    expect(smk.rowCount).toBe(REKAP_HEADER_ROW + 3);

    const mahasiswa = workbook.getWorksheet(REKAP_SHEET.Mahasiswa) as ExcelJS.Worksheet;
    expect(rowValues(mahasiswa, REKAP_HEADER_ROW + 1).slice(3)).toEqual([1, 0, 0, 0, 1, 6, 1]);
  });

  it('should leave the share present empty when nothing is recorded', async () => {
    const none = await makePeserta(t, { divisiNama });
    await t.db.update(peserta).set({ nama: 'Citra' }).where(eq(peserta.id, none.id));
    const smk = (await workbookOf('&jenjang=SMK')).getWorksheet(REKAP_SHEET.SMK) as ExcelJS.Worksheet;
    const citra = smk.getRow(REKAP_HEADER_ROW + 3);
    expect(citra.getCell(2).value).toBe('Citra');
    expect(citra.getCell(8).value).toBe(0);
    expect(citra.getCell(10).value).toBeNull();
    await t.db.delete(peserta).where(eq(peserta.id, none.id));
  });

  it('should hold only the level asked for, and a header-only sheet when no row matches', async () => {
    const smkOnly = await workbookOf('&jenjang=SMK');
    expect(smkOnly.worksheets.map((sheet) => sheet.name)).toEqual([REKAP_SHEET.SMK]);
    const empty = await call(t, 'GET', '/api/presensi/rekap.xlsx?from=2020-01-01&to=2020-01-31&jenjang=Mahasiswa', tokens.hr);
    expect(empty.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(empty.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([REKAP_SHEET.Mahasiswa]);
    const sheet = workbook.worksheets[0] as ExcelJS.Worksheet;
    expect(rowValues(sheet, REKAP_HEADER_ROW)).toEqual([...REKAP_XLSX.headers]);
    expect(rowValues(sheet, REKAP_HEADER_ROW + 1)).toEqual([undefined, REKAP_XLSX.total, undefined, 0, 0, 0, 0, 0, 0]);
  });

  it('should answer the same rows as the JSON recap', async () => {
    const json = (await call(t, 'GET', url('').replace('rekap.xlsx', 'rekap'), tokens.hr)).json().data as { nama: string; tercatat: number }[];
    const workbook = await workbookOf();
    const names = workbook.worksheets.flatMap((sheet) => {
      const out: unknown[] = [];
      for (let n = REKAP_HEADER_ROW + 1; n < sheet.rowCount; n++) out.push(sheet.getRow(n).getCell(2).value);
      return out;
    });
    expect(names).toEqual(json.map((row) => row.nama));
  });

  it.each([
    ['', 400],
    ['?from=2026-01-10&to=2026-01-05', 400],
    ['?from=2026-01-01&to=2028-01-02', 400],
    ['?from=2026-01-05&to=2026-01-10&jenjang=SD', 400],
    ['?from=2026-01-05&to=2026-01-10&divisi_id=abc', 400],
  ])('should answer %s with %i', async (query, status) => {
    const answer = await call(t, 'GET', `/api/presensi/rekap.xlsx${query}`, tokens.hr);
    expect(answer.statusCode).toBe(status);
    expect(answer.json().message).toEqual(expect.any(String));
  });

  it.each(NON_HR)('should refuse %s with 403', async (user) => {
    expect((await call(t, 'GET', url(''), tokens[user])).statusCode).toBe(403);
  });
});
