// Issuing certificates: the server records an issued certificate — a random verification code,
// the number, the issue date, a snapshot of everything printed and the SHA-256 of its PDF — in
// the transaction of the approval that makes a participant fully approved, and revokes it in the
// transaction of the cancel that un-approves them (settleCertificates). Documents are printed
// from the snapshot (server and device alike), never from today's master data.
//
// Concurrency: approval decisions hold the participant's row lock (services/peserta-state.ts),
// and the partial unique index sertifikat_terbit_valid_idx allows one valid certificate per
// participant, so concurrent third approvals issue exactly one.
import { randomBytes } from 'node:crypto';
import { and, between, count, eq, gt, isNull, sql } from 'drizzle-orm';
import { jakartaDate } from '../../src/domain/dates';
import { type Kehadiran, hariKerjaSampai } from '../../src/domain/kehadiran';
import { SERVER_MSG } from '../../src/domain/messages';
import { type PresensiStatus, type Weekday, presensiCounts } from '../../src/domain/presensi';
import { type Organisasi, SIGNING_STEPS, type SertifikatPeserta, certificateGradeItems, nomorSertifikat } from '../../src/domain/sertifikat';
import {
  KODE_BYTES,
  type SertifikatSnapshot,
  type SertifikatTerbit,
  TERBIT_MSG,
  kodeFromBytes,
  snapshotImageHashes,
  verifikasiUrl,
} from '../../src/domain/sertifikat-terbit';
import { buildDocumentInput, snapshotDocumentRequest } from '../../src/documents/input';
import { certificatePdf } from '../../src/documents/make';
import { idIn, textIn } from '../db/list-params';
import type { Db, Tx } from '../db/client';
import { kompetensi, peserta } from '../db/schema';
import { presensi } from '../db/schema-presensi';
import { dokumenGambar, sertifikatTerbit } from '../db/schema-sertifikat';
import { HttpError } from '../http-error';
import { readLogo } from './organisasi';
import { lockPeserta } from './peserta-state';
import { fullyApproved, sertifikatRows } from './sertifikat-rows';
import { sha256Hex } from './png';
import { signaturesOf } from './signatures';

/** What issuing needs from the configuration. */
export interface IssueSettings {
  organisasi: Organisasi;
  /** Base of the verification URL (PUBLIC_URL). */
  publicUrl: string;
  /** The working days of attendance (HARI_KERJA): the frozen attendance figure counts them. */
  hariKerja: readonly Weekday[];
}

/** Ids among `ids` whose three steps are all Disetujui. */
async function fullyApprovedIds(tx: Tx, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await tx.select({ id: peserta.id }).from(peserta).where(and(idIn(peserta.id, [...ids]), fullyApproved()));
  return new Set(rows.map((row) => row.id));
}

/** Revokes the valid certificates of `ids` (kept, with the time). */
async function revokeValid(tx: Tx, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(sertifikatTerbit)
    .set({ dicabut_pada: sql`now()` })
    .where(and(idIn(sertifikatTerbit.peserta_id, [...ids]), isNull(sertifikatTerbit.dicabut_pada)));
}

/** The valid (not revoked) certificates of `ids`, by participant id (one array parameter, however many ids). */
export async function validCertificates(tx: Db | Tx, ids: readonly number[]): Promise<Map<number, typeof sertifikatTerbit.$inferSelect>> {
  const valid = new Map<number, typeof sertifikatTerbit.$inferSelect>();
  const rows = await tx
    .select()
    .from(sertifikatTerbit)
    .where(and(idIn(sertifikatTerbit.peserta_id, ids), isNull(sertifikatTerbit.dicabut_pada)));
  for (const row of rows) if (row.peserta_id !== null) valid.set(row.peserta_id, row);
  return valid;
}

/** The images a snapshot prints, by SHA-256 (those kept in dokumen_gambar). */
export async function snapshotImages(tx: Db | Tx, snapshot: SertifikatSnapshot): Promise<Map<string, Uint8Array>> {
  const hashes = snapshotImageHashes(snapshot);
  if (hashes.length === 0) return new Map();
  const rows = await tx.select().from(dokumenGambar).where(textIn(dokumenGambar.sha256, hashes));
  return new Map(rows.map((row) => [row.sha256, row.png]));
}

/** GET /api/sertifikat/gambar/:sha256: a kept image (404 when none has that hash). */
export async function documentImage(db: Db, sha256: string): Promise<Uint8Array> {
  const [row] = await db.select({ png: dokumenGambar.png }).from(dokumenGambar).where(eq(dokumenGambar.sha256, sha256));
  if (!row) throw new HttpError(404, SERVER_MSG.notFound);
  return row.png;
}

/**
 * The attendance figure of `row` at issue: its marks inside the internship counted per status,
 * against the working days (HARI_KERJA) of the internship up to the issue date. Read in the
 * issuing transaction, so a mark set later never changes it.
 */
async function kehadiranAtIssue(tx: Tx, row: SertifikatPeserta, hariKerja: readonly Weekday[]): Promise<Kehadiran | null> {
  const counted = await tx
    .select({ status: presensi.status, n: count() })
    .from(presensi)
    .where(and(eq(presensi.peserta_id, row.id), between(presensi.tanggal, row.tanggal_masuk, row.tanggal_selesai)))
    .groupBy(presensi.status);
  const totals: Partial<Record<PresensiStatus, number>> = {};
  for (const { status, n } of counted) totals[status] = n;
  const { hadir, izin, sakit, alpa } = presensiCounts(totals);
  // A programme that keeps no attendance prints no Kehadiran line (not '0 dari N').
  if (hadir + izin + sakit + alpa === 0) return null;
  return { hadir, izin, sakit, alpa, hari_kerja: hariKerjaSampai(row, row.tanggal_terbit, hariKerja) };
}

/**
 * The snapshot of `row` as printed now: competency names, the certificate's thresholds, the
 * organisation with the current logo's SHA-256 (none without a logo, as before the logo existed),
 * and the attendance figure at issue (none when no day was marked).
 */
async function snapshotOf(tx: Tx, row: SertifikatPeserta, settings: IssueSettings, logo: string | null): Promise<SertifikatSnapshot> {
  const { organisasi } = settings;
  const ids = row.nilai.map((score) => score.kompetensi_id);
  const names = ids.length === 0 ? [] : await tx.select({ id: kompetensi.id, nama: kompetensi.nama }).from(kompetensi).where(idIn(kompetensi.id, ids));
  const kehadiran = await kehadiranAtIssue(tx, row, settings.hariKerja);
  return {
    peserta: row,
    kompetensi: names.sort((a, b) => a.id - b.id),
    thresholds: certificateGradeItems(),
    organisasi: { nama: organisasi.nama, kota: organisasi.kota, ...(logo ? { logo } : {}) },
    ...(kehadiran ? { kehadiran } : {}),
  };
}

/**
 * Issues the certificate of fully approved participant `id` (its row lock held by the caller):
 * keeps the signers' current signature images by hash, freezes the snapshot (naming the current
 * logo, counting the attendance), renders the PDF once for its SHA-256. `tanggal` null: the day BusHead approved; else that yyyy-mm-dd.
 */
async function issue(tx: Tx, id: number, settings: IssueSettings, tanggal: string | null): Promise<void> {
  const [found] = await sertifikatRows(tx, eq(peserta.id, id));
  if (!found) return;
  const row: SertifikatPeserta = tanggal ? { ...found, tanggal_terbit: tanggal } : found;
  const signerIds = SIGNING_STEPS.flatMap((step) => {
    const signer = row.penandatangan[step];
    return signer?.signature ? [signer.id] : [];
  });
  const stored = await signaturesOf(tx, signerIds);
  const images = new Map([...stored.values()].map((signature) => [signature.sha256, signature.png]));
  // The logo is in the image store already (uploading puts it there); it prints from `images` too.
  const logo = await readLogo(tx);
  if (logo) images.set(logo.sha256, logo.png);
  if (images.size > 0) {
    await tx
      .insert(dokumenGambar)
      .values([...images].map(([sha256, png]) => ({ sha256, png })))
      .onConflictDoNothing();
  }
  const snapshot = await snapshotOf(tx, row, settings, logo?.sha256 ?? null);
  const kode = kodeFromBytes(randomBytes(KODE_BYTES));
  const url = verifikasiUrl(settings.publicUrl, kode);
  const request = snapshotDocumentRequest({ kode, url, snapshot }, images);
  const pdf = certificatePdf([buildDocumentInput(request.row, request.sources)]);
  await tx.insert(sertifikatTerbit).values({
    peserta_id: id,
    kode,
    nomor: nomorSertifikat(row),
    tanggal_terbit: row.tanggal_terbit,
    url,
    snapshot,
    pdf_sha256: sha256Hex(pdf),
  });
}

/**
 * Brings the certificates of `ids` in line with their approval state, inside the transaction of
 * the change (row locks held): a fully approved participant without a valid certificate gets
 * one; a valid certificate of a participant no longer fully approved is revoked (kept, with
 * the time).
 */
export async function settleCertificates(tx: Tx, ids: readonly number[], settings: IssueSettings): Promise<void> {
  const approved = await fullyApprovedIds(tx, ids);
  const valid = await validCertificates(tx, ids);
  await revokeValid(tx, [...valid.keys()].filter((id) => !approved.has(id)));
  for (const id of [...approved].sort((a, b) => a - b)) {
    if (!valid.has(id)) await issue(tx, id, settings, null);
  }
}

/**
 * 'Terbitkan ulang' (HR): revokes the valid certificate of participant `id` and issues a new one
 * with a new code, dated today, from today's data (e.g. after a signer added a signature or a
 * name). 404 unknown participant, 409 not fully approved.
 */
export async function reissueCertificate(db: Db, id: number, settings: IssueSettings): Promise<SertifikatTerbit> {
  return db.transaction(async (tx) => {
    if (!(await lockPeserta(tx, [id])).has(id)) throw new HttpError(404, SERVER_MSG.notFound);
    if (!(await fullyApprovedIds(tx, [id])).has(id)) throw new HttpError(409, TERBIT_MSG.notIssued);
    await revokeValid(tx, [id]);
    await issue(tx, id, settings, jakartaDate(new Date()));
    const issued = (await validCertificates(tx, [id])).get(id);
    if (!issued) throw new Error(`sertifikat ${id} tidak terbit`);
    return terbitOf(issued);
  });
}

/** The API shape of a stored certificate. */
export function terbitOf(row: typeof sertifikatTerbit.$inferSelect): SertifikatTerbit {
  return { kode: row.kode, nomor: row.nomor, tanggal_terbit: row.tanggal_terbit, url: row.url, pdf_sha256: row.pdf_sha256, snapshot: row.snapshot };
}

/**
 * Issues the certificates of every fully approved participant that has none: at start-up, after
 * migrating and seeding (participants approved before certificates were issued get theirs from
 * their data as it stands). A batch per transaction; safe when several instances start together.
 */
export async function issueMissingCertificates(db: Db, settings: IssueSettings): Promise<number> {
  let issued = 0;
  let after = 0;
  for (;;) {
    const batch = await db
      .select({ id: peserta.id })
      .from(peserta)
      .where(
        and(
          gt(peserta.id, after),
          fullyApproved(),
          sql`not exists (select 1 from ${sertifikatTerbit} where ${sertifikatTerbit.peserta_id} = ${peserta.id} and ${sertifikatTerbit.dicabut_pada} is null)`,
        ),
      )
      .orderBy(peserta.id)
      .limit(50);
    if (batch.length === 0) return issued;
    const ids = batch.map((row) => row.id);
    after = ids[ids.length - 1] ?? after;
    await db.transaction(async (tx) => {
      const locked = [...(await lockPeserta(tx, ids)).keys()];
      await settleCertificates(tx, locked, settings);
    });
    issued += ids.length;
  }
}
