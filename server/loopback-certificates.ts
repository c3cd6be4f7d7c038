// The start-up warning about certificates whose frozen verification link opens a loopback
// address (localhost, 127.x, [::1]): a QR code only the server's own machine can follow. They
// were issued before PUBLIC_URL was set; each needs HR's 'Terbitkan ulang', which revokes it and
// issues a new one under today's PUBLIC_URL.
import { and, asc, isNull, sql } from 'drizzle-orm';
import type { Config } from './config';
import { isLoopbackHost } from './config';
import type { Db } from './db/client';
import { sertifikatTerbit } from './db/schema-sertifikat';

/** Certificates named one by one in the warning; the rest are counted. */
export const LOOPBACK_LISTED_MAX = 20;

/** The host part of an http(s) URL the database matches as loopback (the same hosts as isLoopbackHost). */
const LOOPBACK_URL_SQL = '^https?://(localhost|127\\.[0-9.]+|\\[::1\\]|\\[::ffff:127\\.[0-9.]+\\])(:[0-9]+)?(/|$)';

/**
 * The warning's lines for the valid certificates whose URL is on a loopback address (none: no
 * lines). One scan of the certificates at start-up.
 */
export async function loopbackCertificateLines(db: Db, config: Pick<Config, 'publicUrl'>): Promise<string[]> {
  const rows = await db
    .select({ nomor: sertifikatTerbit.nomor, peserta_id: sertifikatTerbit.peserta_id, nama: sql<string>`${sertifikatTerbit.snapshot} #>> '{peserta,nama}'`, url: sertifikatTerbit.url })
    .from(sertifikatTerbit)
    .where(and(isNull(sertifikatTerbit.dicabut_pada), sql`${sertifikatTerbit.url} ~ ${LOOPBACK_URL_SQL}`))
    .orderBy(asc(sertifikatTerbit.id));
  if (rows.length === 0) return [];
  const publicHost = new URL(config.publicUrl).hostname;
  const fix = isLoopbackHost(publicHost)
    ? 'Setel PUBLIC_URL ke alamat yang dibuka orang (misalnya https://magang.contoh.co.id), jalankan ulang server, lalu terbitkan ulang sertifikat ini'
    : `Terbitkan ulang sertifikat ini agar kode QR-nya membuka ${config.publicUrl}`;
  const listed = rows.slice(0, LOOPBACK_LISTED_MAX).map((row) => `  - ${row.nomor} · ${row.nama}${row.peserta_id === null ? ' (peserta sudah dihapus)' : ` (peserta ${row.peserta_id})`} · ${row.url}`);
  const more = rows.length > LOOPBACK_LISTED_MAX ? [`  … dan ${rows.length - LOOPBACK_LISTED_MAX} sertifikat lainnya`] : [];
  return [
    `Peringatan: ${rows.length} sertifikat berlaku memuat tautan verifikasi ke alamat loopback, yang hanya terbuka di mesin server ini:`,
    ...listed,
    ...more,
    `${fix}: HR membuka Sertifikat → pilih peserta → 'Terbitkan ulang' (atau POST /api/sertifikat/terbitkan-ulang/{peserta_id}); sertifikat lama dicabut dan yang baru memakai PUBLIC_URL saat ini.`,
  ];
}

/** Prints the warning of loopbackCertificateLines to stderr (nothing when there is none). */
export async function warnLoopbackCertificates(db: Db, config: Pick<Config, 'publicUrl'>): Promise<void> {
  const lines = await loopbackCertificateLines(db, config);
  if (lines.length > 0) console.warn(lines.join('\n'));
}
