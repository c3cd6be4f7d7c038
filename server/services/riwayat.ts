// Riwayat on the server: the one writer of the append-only history (table `riwayat`) and its
// read. Every score save, score reset and approval decision writes its rows here, inside the
// transaction of the change (and inside its savepoint: a change the rules refuse leaves no
// row). A repeat with the same Idempotency-Key is answered from the idempotency store without
// running the change again, so a replayed change is recorded once.
//
// Who and when: the user's id, username and role at the time; the server's time (the
// transaction's now()); for a change that waited in the outbox, the device time of header
// X-Dibuat-Pada bounded by boundDeviceTime (src/domain/riwayat.ts: clamped into the session's
// start .. now, never refused) and `offline` true.
import { asc, desc, eq } from 'drizzle-orm';
import type { ApprovalAction } from '../../src/domain/approval-chain';
import {
  DIBUAT_PADA_HEADER,
  RIWAYAT_MSG,
  type RiwayatEntry,
  type RiwayatJenis,
  type RiwayatPerubahan,
  type RiwayatPresensi,
  boundDeviceTime,
  dibuatPadaSchema,
} from '../../src/domain/riwayat';
import type { AuthUser } from '../auth/plugin';
import { idIn } from '../db/list-params';
import type { Db, Tx } from '../db/client';
import { kompetensi, nilai, peserta } from '../db/schema';
import { riwayat } from '../db/schema-riwayat';
import { HttpError } from '../http-error';
import { readableScope } from './peserta-state';

/** The OpenAPI header documentation of the five replayable changes. */
export const DIBUAT_PADA_DOC = {
  [DIBUAT_PADA_HEADER]:
    'ISO 8601 date and time with a zone: when the change was made on the device, sent only for a change that waited in the outbox (recorded in the history as made offline). Clamped into [the session start, now]; not ISO 8601 → 400 `Header X-Dibuat-Pada tidak valid …`, nothing changed',
};

/** Who made a change, and when on the device when it waited in the outbox. */
export interface ChangeOrigin {
  user: AuthUser;
  /** The bounded device time of a change that waited in the outbox; null for one sent at once. */
  waktuPerangkat: Date | null;
  /** False: the change writes no notifications (the app's `notifikasi` setting; only a benchmark's baseline turns it off). */
  notify?: boolean;
}

/**
 * The origin of a replayable request: its user, and the device time of header X-Dibuat-Pada
 * bounded into [the session's start, now]. 400 (nothing changed) when the header is present but
 * not an ISO 8601 date and time.
 */
export function changeOrigin(
  request: { headers: Record<string, string | string[] | undefined>; sessionStartedAt: Date | null; server?: { config?: { notifikasi?: boolean } } },
  user: AuthUser,
  now = new Date(),
): ChangeOrigin {
  const notify = request.server?.config?.notifikasi !== false;
  const raw = request.headers[DIBUAT_PADA_HEADER.toLowerCase()];
  if (raw === undefined) return { user, waktuPerangkat: null, notify };
  const parsed = dibuatPadaSchema.safeParse(typeof raw === 'string' ? raw.trim() : raw);
  const claimed = parsed.success ? new Date(parsed.data) : null;
  if (!claimed || Number.isNaN(claimed.getTime())) throw new HttpError(400, RIWAYAT_MSG.invalidDeviceTime);
  return { user, waktuPerangkat: boundDeviceTime(claimed, request.sessionStartedAt ?? new Date(0), now), notify };
}

/** One history row to write: what happened to which participant. */
interface RiwayatRow {
  peserta_id: number;
  jenis: RiwayatJenis;
  perubahan: RiwayatPerubahan[];
  presensi?: RiwayatPresensi[];
  catatan: string | null;
}

/** Appends `rows` with `origin`'s user and time and each participant's name as it is now. */
async function appendRiwayat(tx: Tx, origin: ChangeOrigin, rows: readonly RiwayatRow[]): Promise<void> {
  if (rows.length === 0) return;
  const ids = [...new Set(rows.map((row) => row.peserta_id))];
  const names = await tx.select({ id: peserta.id, nama: peserta.nama }).from(peserta).where(idIn(peserta.id, ids));
  const namaOf = new Map(names.map((row) => [row.id, row.nama]));
  const { user, waktuPerangkat } = origin;
  await tx.insert(riwayat).values(
    rows.map((row) => ({
      ...row,
      peserta_nama: namaOf.get(row.peserta_id) ?? '',
      user_id: user.id,
      username: user.username,
      role: user.role,
      waktu_perangkat: waktuPerangkat,
      offline: waktuPerangkat !== null,
    })),
  );
}

/** The stored scores of the participants, by `peserta_id:kompetensi_id` (read under the caller's participant locks). */
export async function scoresBefore(tx: Tx, pesertaIds: readonly number[]): Promise<Map<string, number>> {
  if (pesertaIds.length === 0) return new Map();
  const rows = await tx
    .select({ peserta_id: nilai.peserta_id, kompetensi_id: nilai.kompetensi_id, skor: nilai.skor })
    .from(nilai)
    .where(idIn(nilai.peserta_id, [...pesertaIds]));
  return new Map(rows.map((row) => [`${row.peserta_id}:${row.kompetensi_id}`, row.skor]));
}

/**
 * Records a score save: per participant one `nilai` row listing each competency whose score
 * changed (`sebelum` null for a new score), ascending participant id; an unchanged resend
 * records nothing.
 */
export async function recordScoreSave(
  tx: Tx,
  origin: ChangeOrigin,
  before: ReadonlyMap<string, number>,
  items: readonly { peserta_id: number; kompetensi_id: number; skor: number }[],
): Promise<void> {
  const kompetensiIds = [...new Set(items.map((item) => item.kompetensi_id))];
  const names = await tx.select({ id: kompetensi.id, nama: kompetensi.nama }).from(kompetensi).where(idIn(kompetensi.id, kompetensiIds));
  const namaOf = new Map(names.map((row) => [row.id, row.nama]));
  const changesOf = new Map<number, RiwayatPerubahan[]>();
  for (const item of items) {
    const sebelum = before.get(`${item.peserta_id}:${item.kompetensi_id}`) ?? null;
    if (sebelum === item.skor) continue;
    const change = { kompetensi_id: item.kompetensi_id, kompetensi: namaOf.get(item.kompetensi_id) ?? '', sebelum, sesudah: item.skor };
    changesOf.set(item.peserta_id, [...(changesOf.get(item.peserta_id) ?? []), change]);
  }
  const rows = [...changesOf]
    .sort(([a], [b]) => a - b)
    .map(([pesertaId, perubahan]) => ({ peserta_id: pesertaId, jenis: 'nilai' as const, perubahan, catatan: null }));
  await appendRiwayat(tx, origin, rows);
}

/** The scores a reset is about to delete, as changes to none (by competency name). */
export async function resetChanges(tx: Tx, pesertaId: number): Promise<RiwayatPerubahan[]> {
  const rows = await tx
    .select({ kompetensi_id: nilai.kompetensi_id, kompetensi: kompetensi.nama, sebelum: nilai.skor })
    .from(nilai)
    .innerJoin(kompetensi, eq(kompetensi.id, nilai.kompetensi_id))
    .where(eq(nilai.peserta_id, pesertaId))
    .orderBy(asc(kompetensi.nama), asc(nilai.kompetensi_id));
  return rows.map((row) => ({ ...row, sesudah: null }));
}

/** Records a reset of all of a participant's scores, with the scores it deleted. */
export async function recordReset(tx: Tx, origin: ChangeOrigin, pesertaId: number, perubahan: RiwayatPerubahan[]): Promise<void> {
  await appendRiwayat(tx, origin, [{ peserta_id: pesertaId, jenis: 'reset', perubahan, catatan: null }]);
}

/** Records an approval decision (approve / reject with its note / cancel). */
export async function recordDecision(
  tx: Tx,
  origin: ChangeOrigin,
  action: ApprovalAction,
  pesertaId: number,
  catatan: string | null,
): Promise<void> {
  await appendRiwayat(tx, origin, [{ peserta_id: pesertaId, jenis: action, perubahan: [], catatan }]);
}

/**
 * Records attendance marks HR set or corrected: per participant one `presensi` row listing each
 * date whose status changed (`sebelum` null for a new mark), ascending participant id.
 */
export async function recordPresensiCorrection(tx: Tx, origin: ChangeOrigin, changes: readonly (RiwayatPresensi & { peserta_id: number })[]): Promise<void> {
  const byPeserta = new Map<number, RiwayatPresensi[]>();
  for (const { peserta_id, ...change } of changes) byPeserta.set(peserta_id, [...(byPeserta.get(peserta_id) ?? []), change]);
  const rows = [...byPeserta]
    .sort(([a], [b]) => a - b)
    .map(([pesertaId, presensi]) => ({ peserta_id: pesertaId, jenis: 'presensi' as const, perubahan: [], presensi, catatan: null }));
  await appendRiwayat(tx, origin, rows);
}

/** GET /api/riwayat/peserta/:id: a participant's history, newest first; 404 unknown, 403 another mentor's. */
export async function readRiwayat(db: Db, user: AuthUser, id: number): Promise<RiwayatEntry[]> {
  return db.transaction(
    async (tx) => {
      await readableScope(tx, user, id);
      const rows = await tx.select().from(riwayat).where(eq(riwayat.peserta_id, id)).orderBy(desc(riwayat.id));
      return rows.map((row) => ({
        id: row.id,
        jenis: row.jenis,
        oleh: { id: row.user_id, username: row.username, role: row.role },
        waktu_server: row.waktu_server.toISOString(),
        waktu_perangkat: row.waktu_perangkat?.toISOString() ?? null,
        offline: row.offline,
        perubahan: row.perubahan,
        presensi: row.presensi,
        catatan: row.catatan,
      }));
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
