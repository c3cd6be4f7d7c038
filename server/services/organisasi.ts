// The organisation's logo: one PNG (at most 1 MB) HR uploads, stored at print size (png.ts), printed at the head of the
// certificates and Daftar Nilai issued while it is set. Its bytes go into the image store
// `dokumen_gambar` (by SHA-256, insert-only) and its hash into the setting 'logo_sha256', so
// a replaced or deleted logo stays printable by the certificates that froze it.
import { eq } from 'drizzle-orm';
import { LOGO_MSG } from '../../src/domain/organisasi';
import type { Organisasi } from '../../src/domain/sertifikat';
import type { Db, Tx } from '../db/client';
import { dokumenGambar, pengaturan } from '../db/schema-sertifikat';
import { HttpError } from '../http-error';
import { isPng, pngAtPrintSize, sha256Hex } from './png';

/** The setting that names the current logo by its SHA-256. */
const LOGO_SETTING = 'logo_sha256';

/** What the logo routes answer: the current logo's SHA-256, or null without one. */
export interface LogoState {
  logo: string | null;
}

/**
 * Stores `upload` as the organisation's logo (replacing any) at print size, after checking it is
 * a PNG (else 415, nothing written).
 */
export async function saveLogo(db: Db, upload: Uint8Array): Promise<LogoState> {
  const png = isPng(upload) ? await pngAtPrintSize(upload) : null;
  if (!png) throw new HttpError(415, LOGO_MSG.notPng);
  const sha256 = sha256Hex(png);
  await db.transaction(async (tx) => {
    await tx.insert(dokumenGambar).values({ sha256, png }).onConflictDoNothing();
    await tx
      .insert(pengaturan)
      .values({ nama: LOGO_SETTING, nilai: sha256 })
      .onConflictDoUpdate({ target: pengaturan.nama, set: { nilai: sha256, updated_at: new Date() } });
  });
  return { logo: sha256 };
}

/** Removes the logo (an organisation without one is answered the same way); its image stays for the certificates that print it. */
export async function deleteLogo(db: Db): Promise<LogoState> {
  await db.delete(pengaturan).where(eq(pengaturan.nama, LOGO_SETTING));
  return { logo: null };
}

/** The SHA-256 of the current logo, or null (no bytes read). */
export async function logoHash(db: Db | Tx): Promise<string | null> {
  const [row] = await db.select({ nilai: pengaturan.nilai }).from(pengaturan).where(eq(pengaturan.nama, LOGO_SETTING));
  return row?.nilai ?? null;
}

/** The current logo's PNG and hash, or undefined without one. */
export async function readLogo(db: Db | Tx): Promise<{ png: Uint8Array; sha256: string } | undefined> {
  const [row] = await db
    .select({ png: dokumenGambar.png, sha256: dokumenGambar.sha256 })
    .from(pengaturan)
    .innerJoin(dokumenGambar, eq(dokumenGambar.sha256, pengaturan.nilai))
    .where(eq(pengaturan.nama, LOGO_SETTING));
  return row;
}

/** The organisation as GET /api/sertifikat/peserta answers it: the configured name and city, and the current logo's hash. */
export async function organisasiNow(db: Db, organisasi: Organisasi): Promise<Organisasi> {
  return { nama: organisasi.nama, kota: organisasi.kota, logo: await logoHash(db) };
}
