/**
 * Certificates and the grade transcript (Daftar Nilai): the API shape of a printable
 * participant, the certificate number, the Indonesian dates and period printed on the
 * documents, the average and its grade, file names, the `gradeConfig` query and the texts of
 * the certificate screens. Pure: the server, the certificate screens and the documents worker
 * all read these, so a certificate made on the device equals the server's byte for byte.
 */
import { z } from 'zod';
import { lazySchema } from './lazy-schema';
import { sha256Schema } from './sha256';
import { BUSHEAD, PEMBIMBING } from './approval-chain';
import { DEFAULT_GRADE_ITEMS, GRADE_ITEMS_MAX, type GradeItem, gradeFor, gradeItemSchema } from './grade';
import { JENJANG, type Jenjang } from './master-data';
import { lingkupQuerySchema, pesertaSchema } from './peserta';

const PDF_FAILED = 'Gagal mengunduh PDF';

/** Texts of the certificate screens and of the certificate API. */
export const SERTIFIKAT_MSG = {
  titleMahasiswa: 'Sertifikat Mahasiswa',
  titleSiswa: 'Sertifikat Siswa',
  siapDicetak: 'Siap Dicetak',
  previewTitle: 'Preview Sertifikat',
  printLabel: 'Cetak Sertifikat',
  close: 'Tutup',
  formatTitle: 'Pilih Format Download',
  pdfHint: 'Format PDF standar untuk pencetakan',
  pptHint: 'Format PPT untuk presentasi',
  gradeTitle: 'Pilih Template Grade Nilai',
  useDefault: 'Gunakan Default',
  printTranscript: 'Cetak Daftar Nilai',
  noTemplates: 'Tidak ada template tersedia',
  generateFailed: (message: string) => `Gagal membuat sertifikat. ${message}`,
  previewFailed: 'Gagal memuat preview sertifikat',
  pdfFailed: PDF_FAILED,
  /** The Error popup of a Daftar Nilai PDF that could not be made or saved, with the cause. */
  pdfFailedPopup: (message: string) => `${PDF_FAILED}: ${message}`,
  /** The Error popup of a Daftar Nilai that cannot start (the data it prints is missing). */
  transcriptFailed: (message: string) => `Gagal mencetak daftar nilai. ${message}`,
  downloaded: (format: 'PDF' | 'PPT', nama: string) => `Sertifikat ${format} untuk ${nama} berhasil diunduh`,
  transcriptDownloaded: (nama: string) => `Daftar Nilai untuk ${nama} berhasil diunduh`,
  /** A row whose certificate was not issued yet (the server issues the missing ones at start-up). */
  belumTerbit: 'Belum Diterbitkan',
  kodeVerifikasi: 'Kode Verifikasi',
  copyLink: 'Salin tautan verifikasi',
  linkCopied: 'Tautan verifikasi disalin',
  /** The dialog shown where the browser lets nothing copy by itself (no secure connection). */
  copyManualTitle: 'Tautan Verifikasi',
  copyManual: 'Perangkat ini tidak dapat menyalin otomatis. Salin tautan di bawah secara manual.',
  signaturesComplete: 'Tanda tangan lengkap',
  /** The signing steps whose signer had no signature image when the certificate was issued. */
  signaturesMissing: (steps: readonly string[]) => `Tanda tangan belum ada: ${steps.join(', ')}`,
  reissue: 'Terbitkan ulang',
  reissueTitle: 'Terbitkan Ulang Sertifikat',
  reissueConfirm: (nama: string, kode: string | null) =>
    kode
      ? `Sertifikat ${nama} dengan kode ${kode} akan dicabut, dan kode itu tidak berlaku lagi saat diperiksa. Sertifikat baru dengan kode baru diterbitkan dari data hari ini.`
      : `Sertifikat ${nama} diterbitkan dengan kode baru dari data hari ini.`,
  reissueBusy: 'Menerbitkan...',
  reissueOffline: 'Terbitkan ulang memerlukan koneksi ke server. Sambungkan perangkat ke internet lalu coba lagi.',
  reissueFailed: 'Gagal menerbitkan ulang sertifikat',
  reissuedKode: (nama: string, kode: string) => `Kode verifikasi baru untuk ${nama}: ${kode}`,
  // Texts of the server and device only.
  notComplete: 'Sertifikat hanya dapat dibuat untuk peserta yang sudah disetujui Pembimbing, HR, dan BusHead',
  invalidGradeConfig: 'Template grade tidak valid',
} as const;

/** The approval steps whose reviewer signs the documents: the first and the last. */
export const SIGNING_STEPS = [PEMBIMBING, BUSHEAD] as const;
export type SigningStep = (typeof SIGNING_STEPS)[number];

/** Job titles printed under the signatures. */
export const JABATAN: Record<SigningStep, string> = {
  [PEMBIMBING]: 'Pembimbing',
  [BUSHEAD]: 'Business Head',
};

/** The lines printed with a document's verification QR code. */
export const VERIFIKASI_DOKUMEN = {
  kode: (kode: string) => `Kode verifikasi: ${kode}`,
  periksa: (url: string) => `Periksa keaslian di ${url}`,
} as const;

/** A signer of a participant's documents: the user who approved that step. */
const signerSchema = lazySchema(() => z.object({
  id: z.number().int(),
  username: z.string(),
  /** SHA-256 (hex) of the signer's current signature PNG, or null when none is uploaded. */
  signature: z.string().nullable(),
  /** Full name printed under the signature instead of the username; null when unset. */
  nama_lengkap: z.string().nullable().optional(),
  /** Job title printed under the name; null when unset (no title line). */
  jabatan: z.string().nullable().optional(),
}));
export type Signer = z.infer<typeof signerSchema>;

/**
 * A fully approved participant as a certificate prints them: the participant shape plus what
 * only documents need — who signs (the reviewers of steps 1 and 3, null when that account is
 * gone) and the issue date (yyyy-mm-dd, Asia/Jakarta). The rows of GET /api/sertifikat/peserta
 * add their issued certificate to it (src/domain/sertifikat-terbit.ts), whose snapshot holds
 * this shape as it was at issue.
 */
export const sertifikatPesertaSchema = lazySchema(() => pesertaSchema.extend({
  penandatangan: z.object({
    [PEMBIMBING]: signerSchema.nullable(),
    [BUSHEAD]: signerSchema.nullable(),
  }),
  /** yyyy-mm-dd */
  tanggal_terbit: z.string(),
}));
export type SertifikatPeserta = z.infer<typeof sertifikatPesertaSchema>;


/**
 * The organisation printed on the documents: name and city (server settings ORGANISASI_NAMA /
 * ORGANISASI_KOTA) and the SHA-256 of the logo PNG HR uploaded (null without one). `logo` is
 * optional: older servers and certificates issued before the logo existed have none.
 */
export const organisasiSchema = lazySchema(() => z.object({ nama: z.string(), kota: z.string(), logo: sha256Schema.nullable().optional() }));
export type Organisasi = z.infer<typeof organisasiSchema>;

/** Query of GET /api/sertifikat/peserta: the level is required; `lingkup=kerja` keeps the caller's working set only. */
export const sertifikatListQuerySchema = lazySchema(() => z.object({
  jenjang: z.enum(JENJANG, { error: 'Jenjang tidak valid' }),
  lingkup: lingkupQuerySchema.optional(),
}));

/** The thresholds of a `gradeConfig` query: a JSON array of {huruf, min, predikat}. */
const gradeConfigSchema = lazySchema(() => z
  .array(gradeItemSchema, { error: SERTIFIKAT_MSG.invalidGradeConfig })
  .min(1, SERTIFIKAT_MSG.invalidGradeConfig)
  .max(GRADE_ITEMS_MAX, SERTIFIKAT_MSG.invalidGradeConfig));

/**
 * The thresholds of a `gradeConfig` query: the default thresholds when absent or empty,
 * the parsed items when valid, or null when it is not JSON or not a valid list.
 */
export function parseGradeConfig(raw: string | undefined): GradeItem[] | null {
  if (raw === undefined || raw.trim() === '') return [...DEFAULT_GRADE_ITEMS];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  const parsed = gradeConfigSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/**
 * The thresholds a certificate is issued with: the default transcript scale, the one a Daftar
 * Nilai prints by default, whatever templates HR keeps (they are choices for the Daftar Nilai).
 */
export function certificateGradeItems(): GradeItem[] {
  return DEFAULT_GRADE_ITEMS.map((item) => ({ ...item }));
}

/** Certificate number, stable per participant: '0042/MAGANG/SMK/2026' (id, level, year the internship ends). */
export function nomorSertifikat(row: { id: number; jenjang: Jenjang; tanggal_selesai: string }): string {
  const level = row.jenjang === 'SMK' ? 'SMK' : 'MHS';
  return `${String(row.id).padStart(4, '0')}/MAGANG/${level}/${row.tanggal_selesai.slice(0, 4)}`;
}

/** The months in Indonesian, January first. */
export const BULAN = [
  'Januari', 'Februari', 'Maret', 'April', 'Mei', 'Juni',
  'Juli', 'Agustus', 'September', 'Oktober', 'November', 'Desember',
] as const;

/**
 * 'yyyy-mm-dd' as printed on a document: '2026-07-01' → '1 Juli 2026'. Written out (not Intl)
 * so every runtime prints the same bytes; anything else is returned unchanged.
 */
export function tanggalPanjang(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  const month = match ? BULAN[Number(match[2]) - 1] : undefined;
  if (!match || !month) return iso;
  return `${Number(match[3])} ${month} ${match[1]}`;
}

/** The internship period on a document: '1 Juli 2026 – 31 Desember 2026'. */
export function periodePanjang(masuk: string, selesai: string): string {
  return `${tanggalPanjang(masuk)} – ${tanggalPanjang(selesai)}`;
}

/** 'yyyy-mm-dd' → 'dd/mm/yyyy'; anything else unchanged. */
function tanggalPendek(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : iso;
}

/** The period column of the certificate list: 'dd/mm/yyyy - dd/mm/yyyy'. */
export function periodeKolom(masuk: string, selesai: string): string {
  return `${tanggalPendek(masuk)} - ${tanggalPendek(selesai)}`;
}

/** Mean of the scores rounded to two decimals; 0 without scores. */
export function rataRata(skor: readonly number[]): number {
  if (skor.length === 0) return 0;
  const sum = skor.reduce((total, value) => total + value, 0);
  return Math.round((sum / skor.length) * 100) / 100;
}

/** A score as printed: Indonesian decimal comma, two decimals for an average ('87,50'), none for a whole score. */
export function formatSkor(value: number, decimals: 0 | 2 = 2): string {
  return value.toFixed(decimals).replace('.', ',');
}

/** The letter and predikat of an average under `items`, or null below every threshold. */
export function gradeOfAverage(average: number, items: readonly GradeItem[]): GradeItem | null {
  return gradeFor(average, items);
}

/** `name` as a file-name part: spaces to underscores, characters unsafe in file names dropped. */
function fileNamePart(nama: string): string {
  const cleaned = nama
    .trim()
    .replace(/[\\/:*?"<>|\u0000-\u001f]+/g, '')
    .replace(/\s+/g, '_');
  return cleaned || 'peserta';
}

/** File names of the downloaded documents. */
export const documentFileName = {
  certificatePdf: (nama: string) => `certificate_${fileNamePart(nama)}.pdf`,
  certificatePptx: (nama: string) => `certificate_${fileNamePart(nama)}.pptx`,
  daftarNilaiPdf: (nama: string) => `Daftar_Nilai_${fileNamePart(nama)}.pdf`,
  /** 'Cetak Semua': every certificate of the filtered list in one PDF. */
  batchPdf: (jenjang: Jenjang) => `certificates_${jenjang === 'SMK' ? 'Siswa' : 'Mahasiswa'}.pdf`,
} as const;

/** Content types of the documents the API and the device serve. */
export const DOCUMENT_MIME = {
  pdf: 'application/pdf',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  png: 'image/png',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

/** Upload limit of a signature PNG: 1 MB. */
export const SIGNATURE_MAX_BYTES = 1024 * 1024;

/** Why a signature upload is refused: the same words from the device's check and the server. */
export const SIGNATURE_MSG = {
  notPng: 'File harus berupa gambar PNG',
  tooLarge: 'Ukuran file maksimal 1MB',
  missingFile: 'File tanda tangan wajib diupload (field "signature")',
  notMultipart: 'Tanda tangan harus dikirim sebagai multipart/form-data (field "signature")',
  badUpload: 'Data upload tidak valid',
  tooManyFiles: 'Hanya satu file tanda tangan yang dapat diupload',
} as const;
