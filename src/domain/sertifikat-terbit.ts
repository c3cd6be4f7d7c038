/**
 * An issued certificate: what the server records when the third approval makes a participant
 * fully approved. It holds a random verification code, the number, the issue date and a
 * snapshot of everything the certificate prints, so an issued certificate prints the same bytes
 * forever (renaming a school, a division or a grade template changes nothing on it). Cancelling
 * an approval revokes it; a later full approval, or HR's 'Terbitkan ulang', issues a new one with
 * a new code. The public verification page answers from it.
 *
 * Shared by the server (issuing, the public check), the certificate screens and the documents
 * worker (printing from the snapshot, also offline).
 */
import { z } from 'zod';
import { BUSHEAD, PEMBIMBING } from './approval-chain';
import { gradeItemSchema } from './grade';
import { kehadiranSchema } from './kehadiran';
import { JENJANG } from './master-data';
import { lazySchema } from './lazy-schema';
import { organisasiSchema, sertifikatPesertaSchema } from './sertifikat';

/** Random bytes of a verification code: 128 bits, unguessable. */
export const KODE_BYTES = 16;
/** Crockford's base-32 alphabet: no I, L, O or U, so a code read off paper is typed back right. */
const KODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** Characters of a code: ceil(128 / 5). */
export const KODE_LENGTH = Math.ceil((KODE_BYTES * 8) / 5);

/** Longest code text a request may carry (a code with spaces or hyphens typed in). */
export const KODE_INPUT_MAX = 64;

/** The code of `bytes` in Crockford base 32 (upper case, URL-safe, no padding). */
export function kodeFromBytes(bytes: Uint8Array): string {
  let out = '';
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += KODE_ALPHABET[(buffer >>> (bits - 5)) & 31];
      bits -= 5;
    }
    buffer &= (1 << bits) - 1;
  }
  if (bits > 0) out += KODE_ALPHABET[(buffer << (5 - bits)) & 31];
  return out;
}

/**
 * A code as a person may type it, made comparable: upper case, spaces and hyphens dropped,
 * the letters Crockford reads as digits (O → 0, I and L → 1). Null when what is left is not a
 * code (wrong length or a character outside the alphabet).
 */
export function normalizeKode(input: string): string | null {
  const kode = input
    .toUpperCase()
    .replace(/[\s-]+/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
  if (kode.length !== KODE_LENGTH) return null;
  for (const char of kode) if (!KODE_ALPHABET.includes(char)) return null;
  return kode;
}

/** The public page that confirms the certificate of `kode`: '{publicUrl}/verifikasi/{kode}'. */
export function verifikasiUrl(publicUrl: string, kode: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/verifikasi/${kode}`;
}

/**
 * Everything an issued certificate prints, frozen at issue: the participant as the certificate
 * list showed them (scores, signers with the SHA-256 of their signature image, the issue date),
 * the names of the competencies scored, the certificate's grade thresholds and the organisation.
 * The signature images are kept by their SHA-256 on the server, so the snapshot reprints them.
 * `kehadiran`: the attendance figure at issue (marks of the internship per status, working days up
 * to the issue date), printed on the Daftar Nilai; a certificate issued before it was frozen has
 * none and prints without it.
 */
export const sertifikatSnapshotSchema = lazySchema(() =>
  z.object({
    peserta: sertifikatPesertaSchema,
    kompetensi: z.array(z.object({ id: z.number().int(), nama: z.string() })),
    thresholds: z.array(gradeItemSchema),
    organisasi: organisasiSchema,
    kehadiran: kehadiranSchema.optional(),
  }),
);
export type SertifikatSnapshot = z.infer<typeof sertifikatSnapshotSchema>;

/**
 * The issued certificate of a row of GET /api/sertifikat/peserta: `kode`, `nomor`,
 * `tanggal_terbit` and `url` (what outside clients rely on), plus the SHA-256 of its PDF and the
 * snapshot the device prints it from.
 */
export const sertifikatTerbitSchema = lazySchema(() =>
  z.object({
    kode: z.string(),
    nomor: z.string(),
    /** yyyy-mm-dd (Asia/Jakarta) */
    tanggal_terbit: z.string(),
    url: z.string(),
    pdf_sha256: z.string(),
    snapshot: sertifikatSnapshotSchema,
  }),
);
export type SertifikatTerbit = z.infer<typeof sertifikatTerbitSchema>;

/**
 * A row of GET /api/sertifikat/peserta: the participant as printed today, plus the certificate
 * issued to them (null only for a participant approved by a path that did not issue one, which
 * the server repairs at start-up).
 */
export const sertifikatRowSchema = lazySchema(() =>
  sertifikatPesertaSchema.extend({ sertifikat: sertifikatTerbitSchema.nullable() }),
);
export type SertifikatRow = z.infer<typeof sertifikatRowSchema>;

/**
 * An issued certificate as the certificate lists show it: every field of the issued certificate
 * but its snapshot, plus the signing steps signed without an image (the list's signature line),
 * read off the snapshot when the row is stored. The snapshot itself is read only when a document
 * is made.
 */
export type SertifikatTerbitRingkas = Omit<SertifikatTerbit, 'snapshot'> & {
  missingSignatures: (typeof PEMBIMBING | typeof BUSHEAD)[];
};

/** A row of the certificate lists: the participant as printed today and its certificate without the snapshot. */
export type SertifikatListRow = Omit<SertifikatRow, 'sertifikat'> & { sertifikat: SertifikatTerbitRingkas | null };

/** `row` as the lists show it (no snapshot), and the snapshot it carried (null without a certificate). */
export function splitSertifikatRow(row: SertifikatRow): { listRow: SertifikatListRow; snapshot: SertifikatSnapshot | null } {
  const { sertifikat, ...peserta } = row;
  if (!sertifikat) return { listRow: { ...peserta, sertifikat: null }, snapshot: null };
  const { snapshot, ...fields } = sertifikat;
  return { listRow: { ...peserta, sertifikat: { ...fields, missingSignatures: missingSignatureSteps(snapshot) } }, snapshot };
}

/** The issued certificate of a list row with its snapshot put back (what the documents print from). */
export function joinSnapshot(terbit: SertifikatTerbitRingkas, snapshot: SertifikatSnapshot): SertifikatTerbit {
  const { kode, nomor, tanggal_terbit, url, pdf_sha256 } = terbit;
  return { kode, nomor, tanggal_terbit, url, pdf_sha256, snapshot };
}

/** Answer of GET /api/sertifikat/peserta. */
export const sertifikatListResponseSchema = lazySchema(() =>
  z.object({
    data: z.array(sertifikatRowSchema),
    organisasi: organisasiSchema,
    /** With `lingkup=kerja`: the window's first end date used (yyyy-mm-dd). */
    batas: z.string().optional(),
  }),
);

/**
 * The SHA-256 of every image a snapshot prints (the signers' signatures, then the organisation's
 * logo): what the server keeps in its image store and a device fetches by hash to print the
 * certificate offline.
 */
export function snapshotImageHashes(snapshot: SertifikatSnapshot): string[] {
  const signatures = ([PEMBIMBING, BUSHEAD] as const).flatMap((step) => snapshot.peserta.penandatangan[step]?.signature ?? []);
  return snapshot.organisasi.logo ? [...signatures, snapshot.organisasi.logo] : signatures;
}

/** The signing steps whose signer has no signature image on an issued certificate. */
export function missingSignatureSteps(snapshot: SertifikatSnapshot): (typeof PEMBIMBING | typeof BUSHEAD)[] {
  return ([PEMBIMBING, BUSHEAD] as const).filter((step) => !snapshot.peserta.penandatangan[step]?.signature);
}

export const VERIFIKASI_STATUS = ['valid', 'dicabut'] as const;

/**
 * GET /api/verifikasi/{code}: what anyone may learn of a certificate. Never the NIS/NIM, the
 * scores or contacts: SMK participants are minors, and personal data stays in the app.
 */
export const verifikasiSchema = lazySchema(() =>
  z.object({
    status: z.enum(VERIFIKASI_STATUS),
    nama: z.string(),
    jenjang: z.enum(JENJANG),
    instansi: z.string(),
    divisi: z.string(),
    tanggal_masuk: z.string(),
    tanggal_selesai: z.string(),
    nomor: z.string(),
    tanggal_terbit: z.string(),
    organisasi: z.string(),
    pdf_sha256: z.string(),
    /** ISO 8601; null while valid. */
    dicabut_pada: z.string().nullable(),
  }),
);
export type Verifikasi = z.infer<typeof verifikasiSchema>;

export const verifikasiResponseSchema = lazySchema(() => z.object({ data: verifikasiSchema }));

/**
 * GET /api/verifikasi/organisasi: who the public verification page belongs to — the
 * organisation's name, its optional contact line (ORGANISASI_KONTAK) and the SHA-256 of its
 * current logo (null without one; the PNG is GET /api/verifikasi/organisasi/logo).
 */
export const verifikasiOrganisasiSchema = lazySchema(() =>
  z.object({
    nama: z.string(),
    kontak: z.string().nullable(),
    logo: z.string().nullable(),
  }),
);
export type VerifikasiOrganisasi = z.infer<typeof verifikasiOrganisasiSchema>;

export const verifikasiOrganisasiResponseSchema = lazySchema(() => z.object({ data: verifikasiOrganisasiSchema }));

/** Texts of issuing, revocation and the public verification. */
export const TERBIT_MSG = {
  notIssued: 'Sertifikat belum diterbitkan untuk peserta ini',
  reissued: 'Sertifikat berhasil diterbitkan ulang',
  kodeNotFound: 'Kode tidak ditemukan',
  tooManyChecks: 'Terlalu banyak pemeriksaan. Coba lagi nanti.',
  invalidSha256: 'SHA-256 tidak valid',
  invalidKode: 'Kode verifikasi tidak valid',
} as const;
