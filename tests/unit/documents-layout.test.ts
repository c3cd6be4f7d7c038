import { describe, expect, it } from 'vitest';
import { DEFAULT_GRADE_ITEMS } from '@/domain/grade';
import { NAME_SIZE_MAX, NAME_SIZE_MIN, certificateLayout, gradeSentence } from '@/documents/certificate-layout';
import { daftarNilaiLayout, identityRows, thresholdLines } from '@/documents/daftar-nilai-layout';
import { textWidth } from '@/documents/fonts';
import type { ImageElement, LayoutElement, PageLayout, TextElement } from '@/documents/layout-types';
import {
  BUSHEAD_ID,
  CHOSEN_THRESHOLDS,
  PEMBIMBING_ID,
  documentInput,
  mahasiswaRow,
  scores,
  sertifikatRow,
  signaturePng,
} from '../helpers/documents';

const texts = (elements: readonly LayoutElement[]) => elements.filter((e): e is TextElement => e.kind === 'text');
const images = (elements: readonly LayoutElement[]) => elements.filter((e): e is ImageElement => e.kind === 'image');
const allElements = (layout: PageLayout) => [...layout.elements, ...(layout.after?.elements ?? [])];
const printed = (layout: PageLayout) => texts(allElements(layout)).map((e) => e.text.replace(/\u00a0/g, ' '));

/** Left and right end of a text element as printed. */
function extent(element: TextElement): [number, number] {
  const width = textWidth(element.text, element.font, element.weight, element.size);
  const left = element.align === 'left' ? element.x : element.align === 'center' ? element.x - width / 2 : element.x - width;
  return [left, left + width];
}

const LONG_NAME = 'Muhammad Rizky Ananda Pratama Wijayakusuma Hadiningrat Putra';
/** SHORT_TEXT_MAX (200) characters. */
const VERY_LONG_NAME = `${'Raden Mas Bagus Wicaksono Adiwilaga Kusumanegara '.repeat(5)}`.slice(0, 200).trim();
const signer = (id: number, username: string) => ({ id, username, signature: 'c'.repeat(64) });

const signerCases = [
  { name: 'both signatures', penandatangan: undefined, signatures: undefined, images: 2, names: ['budi.santoso', 'dewi.lestari'] },
  {
    name: 'BusHead without a signature PNG',
    penandatangan: { Pembimbing: signer(PEMBIMBING_ID, 'budi.santoso'), BusHead: { ...signer(BUSHEAD_ID, 'dewi.lestari'), signature: null } },
    signatures: undefined,
    images: 1,
    names: ['budi.santoso', 'dewi.lestari'],
  },
  {
    name: 'a BusHead account that is gone',
    penandatangan: { Pembimbing: signer(PEMBIMBING_ID, 'budi.santoso'), BusHead: null },
    signatures: undefined,
    images: 1,
    names: ['budi.santoso'],
  },
  {
    name: 'no signature uploaded at all',
    penandatangan: undefined,
    signatures: new Map<number, Uint8Array>(),
    images: 0,
    names: ['budi.santoso', 'dewi.lestari'],
  },
  {
    name: 'a signature that is not a PNG',
    penandatangan: undefined,
    signatures: new Map([
      [PEMBIMBING_ID, new Uint8Array([1, 2, 3])],
      [BUSHEAD_ID, signaturePng(1)],
    ]),
    images: 1,
    names: ['budi.santoso', 'dewi.lestari'],
  },
];

describe('certificateLayout', () => {
  it.each(signerCases)('should draw two signing lines and $images image(s) with $name', (c) => {
    const input = documentInput(sertifikatRow(c.penandatangan ? { penandatangan: c.penandatangan } : {}), c.signatures ? { signatures: c.signatures } : {});
    const layout = certificateLayout(input);
    const lines = layout.elements.filter((e) => e.kind === 'line' && e.width === 0.3);
    expect(lines).toHaveLength(2);
    expect(images(layout.elements)).toHaveLength(c.images);
    const names = printed(layout).filter((text) => text === 'budi.santoso' || text === 'dewi.lestari');
    expect(names).toEqual(c.names);
    expect(printed(layout)).toEqual(expect.arrayContaining(['Pembimbing', 'Business Head']));
  });

  it('should fit a signature into its box keeping the aspect ratio', () => {
    const [image] = images(certificateLayout(documentInput()).elements);
    // signaturePng() is 400 × 180 px.
    expect(image?.w).toBeCloseTo(((image?.h ?? 0) * 400) / 180, 5);
    expect(image?.h).toBeLessThanOrEqual(18);
  });

  it('should give equal PNGs the same image alias', () => {
    const png = signaturePng(0);
    const layout = certificateLayout(documentInput(sertifikatRow(), { signatures: new Map([[PEMBIMBING_ID, png], [BUSHEAD_ID, new Uint8Array(png)]]) }));
    const [first, second] = images(layout.elements);
    expect(first?.alias).toBe(second?.alias);
  });

  it.each([
    { name: 'Siti Nurhaliza Putri', lines: 1, shrinks: false },
    { name: LONG_NAME, lines: 1, shrinks: true },
    { name: 'W'.repeat(60), lines: 2, shrinks: true },
    { name: VERY_LONG_NAME, lines: 3, shrinks: true },
  ])('should print $name on $lines line(s) that fit the width (shrinks: $shrinks)', ({ name, lines, shrinks }) => {
    const layout = certificateLayout(documentInput(sertifikatRow({ nama: name })));
    const nameLines = texts(layout.elements).filter((e) => e.font === 'serif' && e.weight === 'bold' && e.text !== 'SERTIFIKAT' && !e.text.startsWith('dengan'));
    expect(nameLines).toHaveLength(lines);
    expect(nameLines.map((e) => e.text).join(lines > 1 && name.includes(' ') ? ' ' : '')).toBe(name);
    for (const element of nameLines) {
      expect(element.size < NAME_SIZE_MAX).toBe(shrinks);
      expect(element.size).toBeGreaterThanOrEqual(lines === 1 ? NAME_SIZE_MIN : 11);
      const [left, right] = extent(element);
      expect(left).toBeGreaterThanOrEqual(13);
      expect(right).toBeLessThanOrEqual(297 - 13);
    }
  });

  it('should keep every text inside the frame and above the date line for long values', () => {
    const row = mahasiswaRow({
      nama: VERY_LONG_NAME,
      instansi: { nama: 'Universitas Islam Negeri Sultan Maulana Hasanuddin Banten Kampus Serang Raya' },
      divisi: { id: 9, nama: 'Riset dan Pengembangan Produk Digital Nasional dan Internasional' },
      mahasiswa: { nim: '1408102200331234', jurusan: 'Pendidikan Teknologi Informasi dan Komunikasi', fakultas: 'Fakultas Keguruan dan Ilmu Pendidikan' },
    });
    const layout = certificateLayout(documentInput(row, { organisasi: { nama: 'PT Perusahaan Listrik dan Telekomunikasi Nusantara Raya (Persero) Tbk', kota: 'Jakarta' } }));
    for (const element of texts(layout.elements)) {
      const [left, right] = extent(element);
      expect(left, element.text).toBeGreaterThanOrEqual(13);
      expect(right, element.text).toBeLessThanOrEqual(297 - 13);
    }
    const date = texts(layout.elements).find((e) => e.text.startsWith('Jakarta, '));
    const grade = texts(layout.elements).find((e) => e.text.startsWith('dengan nilai rata-rata'));
    expect((grade?.y ?? 999) + 6).toBeLessThan(date?.y ?? 0);
  });

  it.each([
    { jenjang: 'SMK', row: sertifikatRow(), expected: ['NIS: 0012345678', 'SMK Negeri 1 Bandung', 'Jurusan Akuntansi dan Keuangan Lembaga'] },
    { jenjang: 'Mahasiswa', row: mahasiswaRow(), expected: ['NIM: 140810220033', 'Universitas Padjadjaran', 'Jurusan Teknik Informatika, Fakultas MIPA'] },
    {
      jenjang: 'Mahasiswa without fakultas',
      row: mahasiswaRow({ mahasiswa: { nim: '99', jurusan: 'Hukum', fakultas: '' } }),
      expected: ['NIM: 99', 'Jurusan Hukum'],
    },
    {
      jenjang: 'Mahasiswa whose fakultas is written without the word',
      row: mahasiswaRow({ mahasiswa: { nim: '99', jurusan: 'Hukum', fakultas: 'Hukum' } }),
      expected: ['NIM: 99', 'Jurusan Hukum, Fakultas Hukum'],
    },
  ])('should print the identity of a $jenjang', ({ row, expected }) => {
    const text = printed(certificateLayout(documentInput(row)));
    expect(text).toEqual(expect.arrayContaining(expected));
    if (row.jenjang === 'SMK') expect(text.join('\n')).not.toMatch(/NIM|Fakultas/);
  });

  it('should say what was completed, where and when', () => {
    const text = printed(certificateLayout(documentInput())).join(' ');
    expect(text).toContain('telah menyelesaikan Program Magang di Divisi Keuangan PT Nusantara Digital Sejahtera');
    expect(text).toContain('pada periode 2 Februari 2026 – 29 Mei 2026');
    expect(text).toContain('Bandung, 3 Juni 2026');
    expect(text).toContain('Nomor: 0042/MAGANG/SMK/2026');
    expect(text).toContain('PT NUSANTARA DIGITAL SEJAHTERA');
  });

  it.each([
    { name: 'default thresholds', thresholds: DEFAULT_GRADE_ITEMS, skor: 87, expected: 'dengan nilai rata-rata 87,00 (A – Sangat Memuaskan)' },
    { name: 'chosen thresholds', thresholds: CHOSEN_THRESHOLDS, skor: 87, expected: 'dengan nilai rata-rata 87,00 (B – Baik Sekali)' },
    { name: 'an average below every threshold', thresholds: CHOSEN_THRESHOLDS, skor: 55, expected: 'dengan nilai rata-rata 55,00' },
    { name: 'no scores', thresholds: CHOSEN_THRESHOLDS, skor: null, expected: 'dengan nilai rata-rata 0,00' },
  ])('should print the average and its grade under $name', ({ thresholds, skor, expected }) => {
    const row = sertifikatRow({ nilai: skor === null ? [] : [{ kompetensi_id: 1, skor }] });
    const input = documentInput(row, { thresholds });
    expect(gradeSentence(input)).toBe(expected);
    expect(printed(certificateLayout(input))).toContain(expected);
  });
});

describe('daftarNilaiLayout', () => {
  it.each([
    { jenjang: 'SMK', row: sertifikatRow(), labels: ['Nama', 'NIS', 'Sekolah', 'Jurusan', 'Divisi', 'Periode'] },
    { jenjang: 'Mahasiswa', row: mahasiswaRow(), labels: ['Nama', 'NIM', 'Kampus', 'Jurusan', 'Fakultas', 'Divisi', 'Periode'] },
    {
      jenjang: 'Mahasiswa without fakultas',
      row: mahasiswaRow({ mahasiswa: { nim: '9', jurusan: 'Hukum', fakultas: '' } }),
      labels: ['Nama', 'NIM', 'Kampus', 'Jurusan', 'Divisi', 'Periode'],
    },
  ])('should list the identity rows of a $jenjang', ({ row, labels }) => {
    const input = documentInput(row);
    expect(identityRows(input).map(([label]) => label)).toEqual(labels);
    expect(printed(daftarNilaiLayout(input))).toEqual(expect.arrayContaining([...labels, input.peserta.nama, input.peserta.nomorInduk]));
  });

  it.each([
    {
      name: 'default thresholds',
      thresholds: DEFAULT_GRADE_ITEMS,
      rows: [['1', 'Disiplin dan Kehadiran', '90', 'A', 'Sangat Memuaskan'], ['2', 'Tanggung Jawab', '72', 'B', 'Memuaskan'], ['3', 'Kerja Sama Tim', '50', 'C', 'Cukup Memuaskan']],
      foot: ['', 'Rata-rata', '70,67', 'C', 'Cukup Memuaskan'],
    },
    {
      name: 'chosen thresholds',
      thresholds: CHOSEN_THRESHOLDS,
      rows: [['1', 'Disiplin dan Kehadiran', '90', 'A', 'Istimewa'], ['2', 'Tanggung Jawab', '72', 'C', 'Baik'], ['3', 'Kerja Sama Tim', '50', '-', '-']],
      foot: ['', 'Rata-rata', '70,67', 'C', 'Baik'],
    },
  ])('should grade each row and the average under $name', ({ thresholds, rows, foot }) => {
    const row = sertifikatRow({ nilai: [{ kompetensi_id: 3, skor: 50 }, { kompetensi_id: 1, skor: 90 }, { kompetensi_id: 2, skor: 72 }] });
    const layout = daftarNilaiLayout(documentInput(row, { thresholds }));
    expect(layout.table?.rows).toEqual(rows);
    expect(layout.table?.foot).toEqual(foot);
    expect(layout.table?.columns.map((c) => c.header)).toEqual(['No', 'Kompetensi', 'Nilai', 'Huruf', 'Predikat']);
  });

  it('should print a dash for the grade of an average below every threshold', () => {
    const layout = daftarNilaiLayout(documentInput(sertifikatRow({ nilai: [{ kompetensi_id: 1, skor: 40 }] }), { thresholds: CHOSEN_THRESHOLDS }));
    expect(layout.table?.foot).toEqual(['', 'Rata-rata', '40,00', '-', '-']);
  });

  it.each([
    { name: 'default', thresholds: DEFAULT_GRADE_ITEMS, lines: ['A: 86 – 100 Sangat Memuaskan', 'B: 71 – 85 Memuaskan', 'C: 0 – 70 Cukup Memuaskan'] },
    { name: 'chosen', thresholds: CHOSEN_THRESHOLDS, lines: ['A: 90 – 100 Istimewa', 'B: 80 – 89 Baik Sekali', 'C: 70 – 79 Baik', 'D: 60 – 69 Cukup'] },
    { name: 'top at 100 and a repeated minimum', thresholds: [{ huruf: 'S', min: 100, predikat: 'Sempurna' }, { huruf: 'A', min: 80, predikat: 'Baik' }, { huruf: 'A-', min: 80, predikat: 'Baik' }], lines: ['S: 100 Sempurna', 'A: 80 – 99 Baik', 'A-: 80 – 99 Baik'] },
  ])('should explain the $name thresholds under Keterangan', ({ thresholds, lines }) => {
    expect(thresholdLines(thresholds)).toEqual(lines);
    const input = documentInput(sertifikatRow(), { thresholds });
    expect(printed(daftarNilaiLayout(input))).toEqual(expect.arrayContaining(['Keterangan:', ...thresholdLines(input.thresholds)]));
  });

  it('should put every one of 30 competencies in the table and keep the signatures after it', () => {
    const layout = daftarNilaiLayout(documentInput(sertifikatRow({ nilai: scores(30) })));
    expect(layout.table?.rows).toHaveLength(30);
    expect(layout.table?.rows[29]?.[0]).toBe('30');
    const after = layout.after;
    expect(after).toBeDefined();
    // The block below the table fits on a fresh page.
    expect((after?.height ?? 999) + (layout.table?.continueY ?? 0)).toBeLessThan(layout.table?.bottom ?? 0);
    expect(printed(layout)).toEqual(expect.arrayContaining(['Bandung, 3 Juni 2026', 'Pembimbing', 'Business Head', 'budi.santoso', 'dewi.lestari']));
  });

  it('should leave a blank signing line without an image or a name when BusHead is gone', () => {
    const layout = daftarNilaiLayout(documentInput(sertifikatRow({ penandatangan: { Pembimbing: signer(PEMBIMBING_ID, 'budi.santoso'), BusHead: null } })));
    const after = layout.after?.elements ?? [];
    expect(images(after)).toHaveLength(1);
    expect(after.filter((e) => e.kind === 'line')).toHaveLength(2);
    expect(printed(layout)).not.toContain('dewi.lestari');
  });
});
