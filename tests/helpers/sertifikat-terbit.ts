// Rows of GET /api/sertifikat/peserta with their issued certificate: the participant as printed
// today plus a certificate whose snapshot froze that participant (or another one, to show that
// documents print from the snapshot).
import { DEFAULT_GRADE_ITEMS } from '@/domain/grade';
import type { SertifikatPeserta } from '@/domain/sertifikat';
import type { SertifikatRow, SertifikatTerbit } from '@/domain/sertifikat-terbit';

/** The organisation frozen in the snapshots below. */
export const SNAPSHOT_ORGANISASI = { nama: 'PT Sinar Retail Nusantara', kota: 'Jakarta' };

/** A 26-character code for participant `id` (Crockford alphabet; not random: tests compare it). */
export function kodeFor(id: number, version = 0): string {
  return `${String(id).padStart(4, '0')}${version}`.padEnd(26, 'K');
}

/** The certificate issued to `peserta` (its snapshot freezes `peserta` as given). */
export function terbitOf(peserta: SertifikatPeserta, overrides: Partial<SertifikatTerbit> = {}): SertifikatTerbit {
  const kode = overrides.kode ?? kodeFor(peserta.id);
  return {
    kode,
    nomor: `${String(peserta.id).padStart(4, '0')}/MAGANG/SMK/2026`,
    tanggal_terbit: peserta.tanggal_terbit,
    url: `https://magang.example.id/verifikasi/${kode}`,
    pdf_sha256: 'f'.repeat(64),
    snapshot: {
      peserta,
      kompetensi: peserta.nilai.map((score) => ({ id: score.kompetensi_id, nama: `Kompetensi ${score.kompetensi_id}` })),
      thresholds: [...DEFAULT_GRADE_ITEMS],
      organisasi: SNAPSHOT_ORGANISASI,
    },
    ...overrides,
  };
}

/** `peserta` as a certificate row, with the certificate issued from it (null: none issued). */
export function terbitRow(peserta: SertifikatPeserta, sertifikat: SertifikatTerbit | null = terbitOf(peserta)): SertifikatRow {
  return { ...peserta, sertifikat };
}
