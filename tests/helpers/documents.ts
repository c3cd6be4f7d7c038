// Test data for the document suites: an approved participant as GET /api/sertifikat/peserta
// returns it (SMK or Mahasiswa), its DocumentSources, and signature PNGs drawn with resvg.
import { Resvg } from '@resvg/resvg-js';
import { DEFAULT_GRADE_ITEMS, type GradeItem } from '@/domain/grade';
import type { SertifikatPeserta as SertifikatRow } from '@/domain/sertifikat';
import { peserta } from './factories';
import { type DocumentInput, type DocumentSources, buildDocumentInput } from '@/documents/input';

/** Competency names used by the rows below (ids 1..40). */
export const KOMPETENSI = new Map<number, string>([
  [1, 'Disiplin dan Kehadiran'],
  [2, 'Tanggung Jawab'],
  [3, 'Kerja Sama Tim'],
  [4, 'Komunikasi'],
  [5, 'Inisiatif dan Kreativitas'],
  [6, 'Penguasaan Teknis Pekerjaan'],
  ...Array.from({ length: 34 }, (_, i): [number, string] => [i + 7, `Kompetensi Tambahan Nomor ${i + 7}`]),
]);

/** Pembimbing and BusHead user ids of the rows. */
export const PEMBIMBING_ID = 21;
export const BUSHEAD_ID = 31;

/** A fully approved SMK participant with six scores, both signers with a signature. */
export function sertifikatRow(overrides: Partial<SertifikatRow> = {}): SertifikatRow {
  return {
    // The participant shape of the db/sync factories, fully approved and signed.
    ...peserta(42),
    nama: 'Siti Nurhaliza Putri',
    pembimbing_id: PEMBIMBING_ID,
    pembimbing: { username: 'budi.santoso' },
    tanggal_masuk: '2026-02-02',
    tanggal_selesai: '2026-05-29',
    siswa: { nis: '0012345678', jurusan: 'Akuntansi dan Keuangan Lembaga' },
    status: { is_complete: true },
    reviews: [
      { role_reviewer: 'Pembimbing', status: 'Disetujui', catatan: null },
      { role_reviewer: 'HR', status: 'Disetujui', catatan: null },
      { role_reviewer: 'BusHead', status: 'Disetujui', catatan: null },
    ],
    nilai: [
      { kompetensi_id: 1, skor: 90 },
      { kompetensi_id: 2, skor: 88 },
      { kompetensi_id: 3, skor: 85 },
      { kompetensi_id: 4, skor: 80 },
      { kompetensi_id: 5, skor: 92 },
      { kompetensi_id: 6, skor: 87 },
    ],
    updated_at: '2026-06-01T00:00:00.000Z',
    penandatangan: {
      Pembimbing: { id: PEMBIMBING_ID, username: 'budi.santoso', signature: 'a'.repeat(64) },
      BusHead: { id: BUSHEAD_ID, username: 'dewi.lestari', signature: 'b'.repeat(64) },
    },
    tanggal_terbit: '2026-06-03',
    ...overrides,
  };
}

/** A Mahasiswa row (NIM, jurusan and fakultas). */
export function mahasiswaRow(overrides: Partial<SertifikatRow> = {}): SertifikatRow {
  return sertifikatRow({
    id: 7,
    nama: 'Andi Pratama',
    jenjang: 'Mahasiswa',
    instansi: { nama: 'Universitas Padjadjaran' },
    divisi: { id: 5, nama: 'Teknologi Informasi' },
    siswa: null,
    mahasiswa: { nim: '140810220033', jurusan: 'Teknik Informatika', fakultas: 'Fakultas MIPA' },
    ...overrides,
  });
}

/** `count` scores over competencies 1..count. */
export function scores(count: number, skor = (i: number) => 70 + ((i * 7) % 30)): SertifikatRow['nilai'] {
  return Array.from({ length: count }, (_, i) => ({ kompetensi_id: i + 1, skor: skor(i) }));
}

/** A handwritten-looking signature: a scribble on a transparent background (resvg). */
export function signaturePng(variant = 0): Uint8Array {
  const paths = [
    'M10 60 C 30 10, 50 10, 55 50 S 80 90, 100 40 S 130 20, 140 55 L 175 35 M 60 70 L 170 62',
    'M12 50 C 20 20, 40 80, 60 40 S 90 10, 95 55 C 100 80, 120 20, 140 45 S 170 60, 185 30',
  ];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="90" viewBox="0 0 200 90"><path d="${paths[variant % paths.length]}" fill="none" stroke="#1a2a6c" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"/></svg>`;
  return new Uint8Array(new Resvg(svg, { fitTo: { mode: 'width', value: 400 } }).render().asPng());
}

/** Sources with both signatures, the default thresholds and the organisation. */
export function documentSources(overrides: Partial<DocumentSources> = {}): DocumentSources {
  return {
    kompetensi: KOMPETENSI,
    thresholds: DEFAULT_GRADE_ITEMS,
    signatures: new Map([
      [PEMBIMBING_ID, signaturePng(0)],
      [BUSHEAD_ID, signaturePng(1)],
    ]),
    organisasi: { nama: 'PT Nusantara Digital Sejahtera', kota: 'Bandung' },
    ...overrides,
  };
}

/** The document input of `row` (defaults: sertifikatRow()) under `sources`. */
export function documentInput(row: SertifikatRow = sertifikatRow(), sources: Partial<DocumentSources> = {}): DocumentInput {
  return buildDocumentInput(row, documentSources(sources));
}

/** A template other than the defaults: four letters. */
export const CHOSEN_THRESHOLDS: GradeItem[] = [
  { huruf: 'A', min: 90, predikat: 'Istimewa' },
  { huruf: 'B', min: 80, predikat: 'Baik Sekali' },
  { huruf: 'C', min: 70, predikat: 'Baik' },
  { huruf: 'D', min: 60, predikat: 'Cukup' },
];
