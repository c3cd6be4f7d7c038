import { matchingSignatures, missingSignatures } from '@/sync/pull-sertifikat';
import type { SertifikatRecord } from '@/db/records';
import type { SertifikatMirror } from '@/db/sertifikat-mirror';
import type { GradeItem } from '@/domain/grade';
import { certificateGradeItems } from '@/domain/sertifikat';
import type { DocumentRequest } from '@/workers/clients';

/** Texts of the certificate screens' document requests. */
export const CERTIFICATE_TEXT = {
  loading: 'Memuat data…',
  noOrganisasi: 'Data sertifikat belum tersimpan di perangkat. Hubungkan ke server lalu coba lagi.',
  missingSignature: (names: readonly string[]) =>
    `Tanda tangan ${names.join(' dan ')} belum tersimpan di perangkat; dicetak dengan garis tanda tangan kosong.`,
  printAll: 'Cetak Semua',
  printAllTitle: 'Cetak Semua Sertifikat',
  printAllIntro: (count: number) => `Cetak ${count} sertifikat dari daftar ini ke dalam satu file PDF.`,
  printAllProgress: (done: number, total: number) => `Mencetak ${done} dari ${total}…`,
  printAllDone: (count: number) => `Sertifikat PDF untuk ${count} peserta berhasil diunduh`,
  start: 'Mulai Cetak',
  daftarNilai: 'Daftar Nilai',
  daftarNilaiHint: 'Daftar nilai kompetensi dalam format PDF',
  pdf: 'PDF',
  ppt: 'PowerPoint',
  templateLabel: 'Template Grade',
  thresholdsLabel: 'Ambang Nilai',
  previewAlt: (nama: string) => `Preview sertifikat ${nama}`,
} as const;

/** The failure text of a worker or mirror error. */
export function failureText(error: unknown): string {
  return error instanceof Error && error.message ? error.message : String(error);
}

/**
 * What the documents worker needs for `row`: the mirror's competency names, `thresholds`, the
 * cached signatures that still match the row's signers, and the organisation. Null when no
 * certificate pull ever answered (no organisation on the device).
 */
export function documentRequest(row: SertifikatRecord, mirror: SertifikatMirror, thresholds: readonly GradeItem[]): DocumentRequest | null {
  if (!mirror.organisasi) return null;
  return {
    row,
    sources: {
      kompetensi: mirror.kompetensi,
      thresholds: [...thresholds],
      signatures: matchingSignatures(row, mirror.signatures),
      organisasi: mirror.organisasi,
    },
  };
}

/** The request of a certificate: the thresholds are those of the level's oldest template, else the defaults. */
export function certificateRequest(row: SertifikatRecord, mirror: SertifikatMirror): DocumentRequest | null {
  return documentRequest(row, mirror, certificateGradeItems(mirror.grade, row.jenjang));
}

/** The names of `row`'s signers whose signature is not on the device (printed as a blank line). */
export function unsignedNames(row: SertifikatRecord, mirror: SertifikatMirror): string[] {
  return missingSignatures(row, mirror.signatures);
}
