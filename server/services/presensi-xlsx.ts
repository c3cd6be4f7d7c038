// The attendance recap as a workbook (GET /api/presensi/rekap.xlsx): the rows of rekapPresensi,
// one sheet per level present (the rows come ordered by level), each with a title, the period as
// two date cells, the frozen header row, one row per participant and a totals row. Counts are
// number cells; the share present is a fraction (0.967) shown with the format '0.0%', empty when
// nothing is recorded. Written with the streaming writer: each row is committed as it is added,
// so only the compressed file grows in memory, never a model of every cell.
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { Jenjang } from '../../src/domain/master-data';
import { REKAP_SHEET, REKAP_XLSX, type PresensiRekapQuery, type RekapRow, rekapTotals } from '../../src/domain/presensi';

/** The row of the header (1-based); the rows above it are the title and the period. */
export const REKAP_HEADER_ROW = 4;
const PERCENT_FORMAT = '0.0%';
const DATE_FORMAT = 'dd/mm/yyyy';
const WIDTHS = [6, 32, 24, 8, 8, 8, 8, 10, 11, 10];

const asDate = (tanggal: string) => new Date(`${tanggal}T00:00:00Z`);
const fraction = (persen: number | null) => (persen === null ? null : Math.round(persen * 10) / 1000);

function addSheet(workbook: ExcelJS.stream.xlsx.WorkbookWriter, name: string, query: PresensiRekapQuery, rows: readonly RekapRow[]): void {
  const sheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', xSplit: 0, ySplit: REKAP_HEADER_ROW }] });
  sheet.columns = WIDTHS.map((width) => ({ width }));
  sheet.addRow([`${REKAP_XLSX.title} — ${name}`]).commit();
  const periode = sheet.addRow([REKAP_XLSX.periode, asDate(query.from), REKAP_XLSX.sampai, asDate(query.to)]);
  periode.getCell(2).numFmt = DATE_FORMAT;
  periode.getCell(4).numFmt = DATE_FORMAT;
  periode.commit();
  sheet.addRow([]).commit();
  const header = sheet.addRow([...REKAP_XLSX.headers]);
  header.font = { bold: true };
  header.commit();
  rows.forEach((row, index) => {
    const line = sheet.addRow([index + 1, row.nama, row.divisi, row.hadir, row.izin, row.sakit, row.alpa, row.tercatat, row.hari_kerja, fraction(row.persen_hadir)]);
    line.getCell(10).numFmt = PERCENT_FORMAT;
    line.commit();
  });
  const totals = rekapTotals(rows);
  const last = sheet.addRow([null, REKAP_XLSX.total, null, totals.hadir, totals.izin, totals.sakit, totals.alpa, totals.tercatat, totals.hari_kerja, fraction(totals.persen_hadir)]);
  last.font = { bold: true };
  last.getCell(10).numFmt = PERCENT_FORMAT;
  last.commit();
  sheet.commit();
}

/** The workbook of recap `rows` (ordered by level) for `query`, as the bytes of an .xlsx file. */
export async function rekapWorkbook(query: PresensiRekapQuery, rows: readonly RekapRow[]): Promise<Uint8Array> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  workbook.creator = REKAP_XLSX.title;
  const byLevel = new Map<Jenjang, RekapRow[]>();
  for (const row of rows) {
    const ofLevel = byLevel.get(row.jenjang);
    if (ofLevel) ofLevel.push(row);
    else byLevel.set(row.jenjang, [row]);
  }
  if (byLevel.size === 0) addSheet(workbook, query.jenjang ? REKAP_SHEET[query.jenjang] : REKAP_XLSX.emptySheet, query, []);
  for (const [jenjang, ofLevel] of byLevel) addSheet(workbook, REKAP_SHEET[jenjang], query, ofLevel);
  await workbook.commit();
  return Buffer.concat(chunks);
}
