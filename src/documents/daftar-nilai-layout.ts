/**
 * The Daftar Nilai (grade transcript, A4 portrait) as plain data: the organisation header (its
 * logo at the left when it has one), title and number, the identity block, the score table (it may run over pages), and after it
 * the attendance line (when the input has one), the thresholds used, the place and date and the two signature blocks (with the verification
 * QR code between them when the document has one). Pure.
 */
import type { GradeItem } from '../domain/grade';
import { kehadiranText } from '../domain/kehadiran';
import { formatSkor, gradeOfAverage } from '../domain/sertifikat';
import type { DocumentInput } from './input';
import { PALETTE, lineHeight, logoImage, signatureBlockHeight, signatureBlocks, signatureRows, textLine, textLines, verificationUrlY } from './layout-common';
import type { FlowBlock, LayoutElement, PageLayout, TableBlock, TextStyle } from './layout-types';
import { verificationElements } from './verification';

/** A4 portrait, mm. */
const PAGE_W = 210;
const PAGE_H = 297;
const MARGIN = 20;
const CONTENT_W = PAGE_W - 2 * MARGIN;
/** The logo's room: the left end of the letterhead, resting just above the double rule. */
const LOGO_BOX = { x: MARGIN, y: 9, w: 30, h: 15.5 };
/** Thresholds listed per column of the 'Keterangan'. */
const KETERANGAN_ROWS = 5;

const sans = (size: number, weight: 'normal' | 'bold' = 'normal', color: TextStyle['color'] = PALETTE.ink): TextStyle => ({
  font: 'sans',
  weight,
  size,
  color,
});

/** The label/value rows of the identity block; Fakultas only for a Mahasiswa who has one. */
export function identityRows(input: DocumentInput): [string, string][] {
  const { peserta } = input;
  const isSmk = peserta.jenjang === 'SMK';
  const rows: [string, string][] = [
    ['Nama', peserta.nama],
    [peserta.nomorIndukLabel, peserta.nomorInduk || '-'],
    [isSmk ? 'Sekolah' : 'Kampus', peserta.instansi],
    ['Jurusan', peserta.jurusan || '-'],
  ];
  if (!isSmk && peserta.fakultas) rows.push(['Fakultas', peserta.fakultas]);
  rows.push(['Divisi', peserta.divisi], ['Periode', peserta.periode]);
  return rows;
}

/** Letter and predikat of a score, '-' for both below every threshold. */
function gradeCells(score: number, thresholds: readonly GradeItem[]): [string, string] {
  const grade = gradeOfAverage(score, thresholds);
  return grade ? [grade.huruf, grade.predikat] : ['-', '-'];
}

/** 'A: 86 – 100 Sangat Memuaskan' for each threshold, highest first (Noto has no '≥'). */
export function thresholdLines(thresholds: readonly GradeItem[]): string[] {
  const sorted = [...thresholds].sort((a, b) => b.min - a.min);
  return sorted.map((item, i) => {
    const above = sorted
      .slice(0, i)
      .map((higher) => higher.min)
      .filter((min) => min > item.min);
    const upper = above.length > 0 ? Math.min(...above) - 1 : 100;
    const range = upper > item.min ? `${item.min} – ${upper}` : `${item.min}`;
    return `${item.huruf}: ${range} ${item.predikat}`;
  });
}

/** The table of scores with the average as its foot. */
function scoreTable(input: DocumentInput, y: number): TableBlock {
  const rows = input.nilai.map((row, i) => [
    String(i + 1),
    row.kompetensi,
    formatSkor(row.skor, Number.isInteger(row.skor) ? 0 : 2),
    ...gradeCells(row.skor, input.thresholds),
  ]);
  const grade = input.grade;
  return {
    x: MARGIN,
    y,
    columns: [
      { header: 'No', width: 12, align: 'center' },
      { header: 'Kompetensi', width: 76, align: 'left' },
      { header: 'Nilai', width: 20, align: 'center' },
      { header: 'Huruf', width: 18, align: 'center' },
      { header: 'Predikat', width: 44, align: 'left' },
    ],
    rows,
    foot: ['', 'Rata-rata', formatSkor(input.rataRata), grade ? grade.huruf : '-', grade ? grade.predikat : '-'],
    style: {
      font: 'sans',
      size: 10,
      color: PALETTE.ink,
      headFill: PALETTE.navy,
      headColor: PALETTE.white,
      footFill: PALETTE.goldLight,
      stripeFill: PALETTE.stripe,
      lineColor: PALETTE.rule,
      padding: 2,
    },
    continueY: MARGIN,
    bottom: PAGE_H - 22,
  };
}

/** Room the attendance line takes above the 'Keterangan' (the line and the gap under it). */
const KEHADIRAN_ROOM = 8;

/**
 * What follows the table, kept together: the attendance line (only when the input has one: a
 * document without it is laid out exactly as before), the thresholds used, the date line, the
 * signatures and the verification.
 */
function afterTable(input: DocumentInput): FlowBlock {
  const elements: LayoutElement[] = [];
  const top = input.kehadiran ? KEHADIRAN_ROOM : 0;
  if (input.kehadiran) elements.push(textLine(kehadiranText(input.kehadiran), MARGIN, 0, sans(10, 'bold'), 'left', CONTENT_W, 7));
  elements.push(textLine('Keterangan:', MARGIN, top, sans(9, 'bold', PALETTE.grey), 'left', CONTENT_W));
  const lines = thresholdLines(input.thresholds);
  const columnW = CONTENT_W / Math.max(1, Math.ceil(lines.length / KETERANGAN_ROWS));
  const step = lineHeight(9, 1.4);
  for (const [i, text] of lines.entries()) {
    const column = Math.floor(i / KETERANGAN_ROWS);
    const row = i % KETERANGAN_ROWS;
    elements.push(textLine(text, MARGIN + column * columnW, top + step * (row + 1), sans(9, 'normal', PALETTE.grey), 'left', columnW - 3, 6.5));
  }
  let y = top + step * Math.min(KETERANGAN_ROWS, lines.length) + 13;
  const right = PAGE_W - MARGIN - 35;
  elements.push(textLine(`${input.organisasi.kota}, ${input.tanggalTerbitPanjang}`, right, y, sans(10.5), 'center', 80, 8));
  y += 7;
  const box = { y, width: 55, imageHeight: 18, size: 10.5 };
  elements.push(...signatureBlocks(input.penandatangan, [MARGIN + 35, right], box));
  if (!input.verifikasi) return { gap: 7, height: y + signatureBlockHeight(box, input.penandatangan) + 2, elements };
  // The code's room on the names' row stays within the gap between the longest names.
  const { lineY, nameY } = signatureRows(box);
  const urlY = verificationUrlY(input.penandatangan, box);
  const place = { x: PAGE_W / 2, qrBottom: lineY, kodeY: nameY, kodeWidth: 33, urlY, urlWidth: CONTENT_W };
  elements.push(...verificationElements(input.verifikasi, place));
  return { gap: 7, height: place.urlY + 2, elements };
}

/** The Daftar Nilai of one participant. */
export function daftarNilaiLayout(input: DocumentInput): PageLayout {
  const elements: LayoutElement[] = [];
  // A letterhead: the logo left of the name, above the rules; the name keeps clear of it.
  const logo = input.logo ? logoImage(input.logo, LOGO_BOX, 'left') : null;
  if (logo) elements.push(logo);
  const nameW = logo ? CONTENT_W - 2 * (LOGO_BOX.w + 3) : CONTENT_W;
  elements.push(textLine(input.organisasi.nama.toUpperCase(), PAGE_W / 2, 22, sans(13, 'bold', PALETTE.navy), 'center', nameW, 8));
  elements.push({ kind: 'line', x1: MARGIN, y1: 27, x2: PAGE_W - MARGIN, y2: 27, width: 0.8, color: PALETTE.navy });
  elements.push({ kind: 'line', x1: MARGIN, y1: 28.4, x2: PAGE_W - MARGIN, y2: 28.4, width: 0.25, color: PALETTE.gold });
  elements.push(textLine('DAFTAR NILAI MAGANG', PAGE_W / 2, 42, { font: 'serif', weight: 'bold', size: 17, color: PALETTE.navy }, 'center', CONTENT_W));
  elements.push(textLine(`Nomor: ${input.nomor}`, PAGE_W / 2, 48.5, sans(10, 'normal', PALETTE.grey), 'center', CONTENT_W));

  const labelX = MARGIN;
  const colonX = MARGIN + 34;
  const valueX = colonX + 3;
  const valueW = PAGE_W - MARGIN - valueX;
  const step = lineHeight(10.5, 1.45);
  let y = 62;
  for (const [label, value] of identityRows(input)) {
    const style = sans(10.5, label === 'Nama' ? 'bold' : 'normal');
    elements.push(textLine(label, labelX, y, sans(10.5), 'left', colonX - labelX));
    elements.push(textLine(':', colonX, y, sans(10.5), 'left', 3));
    const lines = textLines(value, valueX, y, style, 'left', valueW, step);
    elements.push(...lines);
    y += lines.length * step;
  }

  return {
    width: PAGE_W,
    height: PAGE_H,
    orientation: 'portrait',
    title: `Daftar Nilai ${input.peserta.nama} (${input.nomor})`,
    elements,
    table: scoreTable(input, y + 2),
    after: afterTable(input),
    pageNumber: {
      kind: 'text',
      template: 'Halaman {page} dari {pages}',
      x: PAGE_W / 2,
      y: PAGE_H - 12,
      align: 'center',
      maxWidth: CONTENT_W,
      ...sans(8.5, 'normal', PALETTE.grey),
    },
  };
}
