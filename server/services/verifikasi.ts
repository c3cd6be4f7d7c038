// The public check of an issued certificate (GET /api/verifikasi/{kode}): what anyone holding a
// certificate's code may learn of it, and the per-address limit on such checks.
//
// Answer: the status (valid or revoked), the participant's name, level, school or campus,
// division and period, the number, the issue date, the organisation, the SHA-256 of the issued
// PDF and the revocation time, all from the certificate row and its frozen snapshot. Never the
// NIS/NIM, scores, contacts or signers: SMK participants are minors. Only these fields are read
// out of the snapshot, in SQL, so nothing else can slip into the answer.
//
// Timing: every check costs the same one lookup on the unique index of `kode`, whether the
// typed code is well formed or not (a malformed one looks up a code no certificate can have),
// so the answer's timing does not tell a malformed code from an unknown one.
//
// Limit: VERIFIKASI_MAX_CHECKS checks per client address per VERIFIKASI_WINDOW_MS, counted
// before the lookup in one atomic upsert of `verifikasi_attempts` (a fixed-window counter:
// window-counter.ts, shared by every instance on one PostgreSQL), then 429 with `Retry-After`. The address is `request.ip`: the client's own,
// or the one a trusted proxy reports when TRUST_PROXY is set (server/config.ts).
import { eq, sql } from 'drizzle-orm';
import { JENJANG, type Jenjang } from '../../src/domain/master-data';
import { KODE_LENGTH, type Verifikasi, normalizeKode } from '../../src/domain/sertifikat-terbit';
import type { Db } from '../db/client';
import { sertifikatTerbit, verifikasiAttempts } from '../db/schema-sertifikat';
import { createWindowCounter } from './window-counter';

/** Checks one address may make per window. */
export const VERIFIKASI_MAX_CHECKS = 30;
/** The window of VERIFIKASI_MAX_CHECKS: one minute. */
export const VERIFIKASI_WINDOW_MS = 60 * 1000;

/**
 * What a malformed code looks up: as long as a code, but 'U' is outside the code alphabet, so no
 * issued certificate has it.
 */
const NO_KODE = 'U'.repeat(KODE_LENGTH);

/** Counts the public checks per client address in the database. */
interface VerifikasiRateLimiter {
  /**
   * Counts one check from `address`; answers the seconds until it may check again when the check
   * is over the limit (the caller answers 429), else 0 (the caller answers it).
   */
  attempt(address: string): Promise<number>;
}

/** A limiter on `db`; the limit, window and clock are injectable for tests. */
export function createVerifikasiRateLimiter(
  db: Db,
  options: { maxChecks?: number; windowMs?: number; now?: () => number } = {},
): VerifikasiRateLimiter {
  const counter = createWindowCounter(
    db,
    { table: verifikasiAttempts, key: [verifikasiAttempts.address], count: verifikasiAttempts.hits, windowStart: verifikasiAttempts.window_start },
    { max: options.maxChecks ?? VERIFIKASI_MAX_CHECKS, windowMs: options.windowMs ?? VERIFIKASI_WINDOW_MS, now: options.now ?? Date.now },
  );
  return { attempt: (address) => counter.count({ address }) };
}

/** The snapshot field at `path` as text (`snapshot #>> '{peserta,nama}'`). */
const snapshotText = (...path: string[]) => sql<string>`${sertifikatTerbit.snapshot} #>> ${`{${path.join(',')}}`}`;

/**
 * The public facts of the certificate whose code is `input` as typed (lower case, spaces and
 * hyphens allowed: normalizeKode), or null when no certificate has it. One indexed lookup.
 */
export async function verifikasiOf(db: Db, input: string): Promise<Verifikasi | null> {
  const kode = normalizeKode(input) ?? NO_KODE;
  const [row] = await db
    .select({
      nama: snapshotText('peserta', 'nama'),
      jenjang: snapshotText('peserta', 'jenjang'),
      instansi: snapshotText('peserta', 'instansi', 'nama'),
      divisi: snapshotText('peserta', 'divisi', 'nama'),
      tanggal_masuk: snapshotText('peserta', 'tanggal_masuk'),
      tanggal_selesai: snapshotText('peserta', 'tanggal_selesai'),
      organisasi: snapshotText('organisasi', 'nama'),
      nomor: sertifikatTerbit.nomor,
      tanggal_terbit: sertifikatTerbit.tanggal_terbit,
      pdf_sha256: sertifikatTerbit.pdf_sha256,
      dicabut_pada: sertifikatTerbit.dicabut_pada,
    })
    .from(sertifikatTerbit)
    .where(eq(sertifikatTerbit.kode, kode));
  if (!row) return null;
  const { dicabut_pada, jenjang, ...rest } = row;
  const level = JENJANG.find((value): value is Jenjang => value === jenjang);
  if (!level) throw new Error(`sertifikat ${kode}: snapshot without a level`);
  return { status: dicabut_pada ? 'dicabut' : 'valid', ...rest, jenjang: level, dicabut_pada: dicabut_pada ? dicabut_pada.toISOString() : null };
}
