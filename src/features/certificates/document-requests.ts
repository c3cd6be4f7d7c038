import type { DocumentSource } from '@/db/sertifikat-store';
import type { GradeItem } from '@/domain/grade';
import { MSG } from '@/domain/messages';
import { SIGNING_STEPS } from '@/domain/sertifikat';
import { type DocumentRequest, snapshotDocumentRequest } from '@/workers/clients';

/** Texts of the certificate screens' document requests. */
export const CERTIFICATE_TEXT = {
  loading: MSG.listLoading,
  noOrganisasi: 'Data sertifikat belum tersimpan di perangkat. Hubungkan ke server lalu coba lagi.',
  missingSignature: (names: readonly string[]) =>
    `Tanda tangan ${names.join(' dan ')} belum tersimpan di perangkat; dicetak dengan garis tanda tangan kosong.`,
  printAll: 'Cetak Semua',
  printAllTitle: 'Cetak Semua Sertifikat',
  printAllIntro: (count: number) => `Cetak ${count} sertifikat dari daftar ini ke dalam satu file PDF.`,
  printAllProgress: (done: number, total: number) => `Mencetak ${done} dari ${total}…`,
  printAllDone: (count: number) => `Sertifikat PDF untuk ${count} peserta berhasil diunduh`,
  printAllUnsignedTitle: 'Cetak tanpa tanda tangan?',
  printAllUnsigned: (count: number) =>
    `Tanda tangan ${count} sertifikat berikut tidak tersedia di perangkat maupun di server; sertifikat itu akan dicetak dengan garis tanda tangan kosong:`,
  printAllUnsignedRow: (nama: string, signers: readonly string[]) => `${nama} — tanda tangan ${signers.join(' dan ')}`,
  printAllUnsignedConfirm: 'Cetak Tetap',
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
 * What the documents worker needs for `source`: its issued certificate's snapshot (participant,
 * competency names, thresholds, organisation as issued), the images it names that are on the
 * device, and the verification code. A Daftar Nilai passes the thresholds chosen at print time.
 * Null when the device holds no issued certificate of the row.
 */
export function documentRequest(source: DocumentSource, thresholds?: readonly GradeItem[]): DocumentRequest | null {
  return source.terbit ? snapshotDocumentRequest(source.terbit, source.images, thresholds) : null;
}

/** The names of the signers whose signature image (as issued) is not on the device (printed as a blank line). */
export function unsignedNames(source: DocumentSource): string[] {
  const snapshot = source.terbit?.snapshot;
  if (!snapshot) return [];
  return SIGNING_STEPS.flatMap((step) => {
    const signer = snapshot.peserta.penandatangan[step];
    return signer?.signature && !source.images.has(signer.signature) ? [signer.nama_lengkap || signer.username] : [];
  });
}
