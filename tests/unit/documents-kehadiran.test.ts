// The attendance line of the Daftar Nilai: printed under the score table and above the signatures
// when the document's input carries the figure (an issued certificate's snapshot frozen at issue),
// and a document without it exactly as before — the same input, the same bytes.
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { buildDocumentInput, snapshotDocumentRequest } from '@/documents/input';
import { certificatePdf, daftarNilaiPdf } from '@/documents/make';
import { DEFAULT_GRADE_ITEMS } from '@/domain/grade';
import type { Kehadiran } from '@/domain/kehadiran';
import type { SertifikatSnapshot } from '@/domain/sertifikat-terbit';
import { KOMPETENSI, documentInput, documentSources, scores, sertifikatRow } from '../helpers/documents';

/** The text of each page as pdf.js reads it (whitespace and no-break spaces folded). */
async function pdfText(bytes: Uint8Array): Promise<string[]> {
  const pdf = await getDocument({ data: bytes.slice(), useSystemFonts: false, isEvalSupported: false }).promise;
  const pages: string[] = [];
  for (let i = 1; i <= pdf.numPages; i++) {
    const content = await (await pdf.getPage(i)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' ').replace(/[\s\u00a0]+/g, ' '));
  }
  await pdf.destroy();
  return pages;
}

const KEHADIRAN: Kehadiran = { hadir: 55, izin: 2, sakit: 1, alpa: 0, hari_kerja: 60 };
const LINE = 'Kehadiran: hadir 55 dari 58 hari tercatat (94,8 %); tercatat 58 dari 60 hari kerja (96,7 %)';
const same = (a: Uint8Array, b: Uint8Array) => Buffer.from(a).equals(Buffer.from(b));

describe('the Daftar Nilai with the attendance figure', () => {
  it('should print the Kehadiran line after the scores and before the thresholds and the signatures', async () => {
    const [page = ''] = await pdfText(daftarNilaiPdf(documentInput(sertifikatRow(), { kehadiran: KEHADIRAN })));
    expect(page).toContain(LINE);
    const at = (text: string) => page.indexOf(text);
    expect(at('Rata-rata')).toBeLessThan(at(LINE));
    expect(at(LINE)).toBeLessThan(at('Keterangan:'));
    expect(at(LINE)).toBeLessThan(at('budi.santoso'));
  });

  it('should print it on the last page, with the signatures, when the scores run over pages', async () => {
    const pages = await pdfText(daftarNilaiPdf(documentInput(sertifikatRow({ nilai: scores(30) }), { kehadiran: KEHADIRAN })));
    expect(pages.length).toBeGreaterThan(1);
    const last = pages[pages.length - 1] ?? '';
    expect(last).toContain(LINE);
    expect(last).toContain('dewi.lestari');
    expect(pages.slice(0, -1).join(' ')).not.toContain('Kehadiran:');
  });

  it('should print a dash for the share when nothing was recorded', async () => {
    const [page = ''] = await pdfText(daftarNilaiPdf(documentInput(sertifikatRow(), { kehadiran: { hadir: 0, izin: 0, sakit: 0, alpa: 0, hari_kerja: 84 } })));
    expect(page).toContain('Kehadiran: hadir 0 dari 0 hari tercatat (–); tercatat 0 dari 84 hari kerja (0,0 %)');
  });
});

describe('a document without the figure', () => {
  it('should be the very input and bytes whether the figure is absent or null', () => {
    const without = documentInput();
    const withNull = buildDocumentInput(sertifikatRow(), documentSources({ kehadiran: null }));
    expect(withNull).toEqual(without);
    expect('kehadiran' in withNull).toBe(false);
    expect(same(daftarNilaiPdf(withNull), daftarNilaiPdf(without))).toBe(true);
  });

  it('should print no Kehadiran line, and the figure changes the Daftar Nilai bytes', async () => {
    const without = daftarNilaiPdf(documentInput());
    expect((await pdfText(without)).join(' ')).not.toContain('Kehadiran:');
    expect(same(without, daftarNilaiPdf(documentInput(sertifikatRow(), { kehadiran: KEHADIRAN })))).toBe(false);
  });
});

describe('a snapshot and its figure', () => {
  const row = sertifikatRow();
  const snapshot = (kehadiran?: Kehadiran): SertifikatSnapshot => ({
    peserta: row,
    kompetensi: row.nilai.map((score) => ({ id: score.kompetensi_id, nama: KOMPETENSI.get(score.kompetensi_id) ?? '' })),
    thresholds: [...DEFAULT_GRADE_ITEMS],
    organisasi: { nama: 'PT Nusantara Digital Sejahtera', kota: 'Bandung' },
    ...(kehadiran ? { kehadiran } : {}),
  });
  const terbit = (snap: SertifikatSnapshot) => ({ kode: '3M9QXP7K2D0W8RT4VBN6CJ5HYA', url: 'https://magang.example/verifikasi/3M9QXP7K2D0W8RT4VBN6CJ5HYA', snapshot: snap });
  const inputOf = (snap: SertifikatSnapshot) => {
    const request = snapshotDocumentRequest(terbit(snap), new Map());
    return buildDocumentInput(request.row, request.sources);
  };

  it('should print an old snapshot (no figure) without the line', async () => {
    const input = inputOf(snapshot());
    expect('kehadiran' in input).toBe(false);
    expect((await pdfText(daftarNilaiPdf(input))).join(' ')).not.toContain('Kehadiran:');
  });

  it('should print the frozen figure, the same bytes whatever order its keys come back in', async () => {
    const input = inputOf(snapshot(KEHADIRAN));
    expect(input.kehadiran).toEqual(KEHADIRAN);
    expect((await pdfText(daftarNilaiPdf(input))).join(' ')).toContain(LINE);
    const reordered = inputOf(snapshot({ hari_kerja: 60, alpa: 0, sakit: 1, izin: 2, hadir: 55 }));
    expect(same(daftarNilaiPdf(reordered), daftarNilaiPdf(input))).toBe(true);
    expect(same(certificatePdf([reordered]), certificatePdf([input]))).toBe(true);
  });
});
