/**
 * The replayable changes a screen queues in the outbox, as pure rules: their kinds and how
 * the queue names them, the participants a change concerns, the re-check that decides whether
 * a queued change may still be sent, and the optimistic effect of a change on a participant's
 * scores and reviews or on attendance marks. Used by
 * src/sync (enqueue, replay, reconcile) in the page and the service worker; the requests they
 * become are described in src/api/nilai.ts.
 */
import { type ApprovalStep, type Review, actionBlock, applyAction, isApprovalStep } from './approval-chain';
import { formatDateId } from './dates';
import { nilaiBulkSchema, scoreEditLock } from './nilai';
import { type Periode, PRESENSI_BATCH_MAX, type PresensiMark, type StoredMark, type Weekday, markKey, presensiLock, presensiPutSchema, tanggalBlock } from './presensi';

/** The seven outbox kinds. */
const OUTBOX_KINDS = ['nilai.save', 'nilai.reset', 'review.approve', 'review.reject', 'review.cancel', 'presensi.save', 'notifikasi.baca'] as const;
export type OutboxKind = (typeof OUTBOX_KINDS)[number];

/**
 * What a change of each kind touches: one participant's scores and reviews ('scores': the
 * score screens show it, the server writes it into the participant's history), the
 * attendance marks of a group of participants ('attendance'), or the user's own inbox
 * ('inbox': no participant; its entry's `pesertaId` is 0). Every place that treats kinds
 * differently asks this table (and src/sync/change-kinds.ts for the effects on the device).
 */
export type ChangeFamily = 'scores' | 'attendance' | 'inbox';
const KIND_FAMILY: Record<OutboxKind, ChangeFamily> = {
  'nilai.save': 'scores',
  'nilai.reset': 'scores',
  'review.approve': 'scores',
  'review.reject': 'scores',
  'review.cancel': 'scores',
  'presensi.save': 'attendance',
  'notifikasi.baca': 'inbox',
};

/** The family of a change's kind. */
export function changeFamily(kind: OutboxKind): ChangeFamily {
  return KIND_FAMILY[kind];
}

/** How a queued change is named in the list of pending and refused changes. */
export const OUTBOX_KIND_LABEL: Record<OutboxKind, string> = {
  'nilai.save': 'Simpan nilai',
  'nilai.reset': 'Hapus semua nilai',
  'review.approve': 'Setujui',
  'review.reject': 'Tolak',
  'review.cancel': 'Batalkan keputusan',
  'presensi.save': 'Simpan presensi',
  'notifikasi.baca': 'Tandai notifikasi dibaca',
};

/**
 * Why a queued change of `kind` by `role` may no longer be sent, given the participant's
 * latest reviews (the edit lock's or the chain's `Data telah berubah. …` text), or null when it may be sent.
 */
export function recheckBlock(kind: OutboxKind, role: string, reviews: readonly Review[]): string | null {
  switch (kind) {
    case 'nilai.save':
    case 'nilai.reset':
      return scoreEditLock(role, reviews);
    case 'review.approve':
      return actionBlock('approve', role, reviews);
    case 'review.reject':
      return actionBlock('reject', role, reviews);
    case 'review.cancel':
      return actionBlock('cancel', role, reviews);
    case 'presensi.save':
      return presensiLock(role, reviews);
    case 'notifikasi.baca':
      // Marking one's own notifications read is never forbidden.
      return null;
  }
}

/** The marks of a presensi.save payload (`{presensi: [...]}`); none when it is not one. */
export function presensiMarksOf(payload: unknown): PresensiMark[] {
  const parsed = presensiPutSchema.safeParse(payload);
  return parsed.success ? parsed.data.presensi : [];
}

/**
 * The participants a change concerns, ascending: every participant of a presensi.save's marks
 * (a group's day is one change), none for an inbox change, else the entry's own participant.
 */
export function changePesertaIds(change: { kind: OutboxKind; pesertaId: number; payload: unknown }): number[] {
  const family = changeFamily(change.kind);
  if (family === 'inbox') return [];
  if (family === 'scores') return [change.pesertaId];
  const ids = [...new Set(presensiMarksOf(change.payload).map((mark) => mark.peserta_id))].sort((a, b) => a - b);
  return ids.length > 0 ? ids : [change.pesertaId];
}

/**
 * What the queue names a presensi.save of several participants by, instead of one name:
 * '30 peserta, 23 November 2026' (a span of dates: 'first – last'); null for one participant.
 */
export function presensiSubject(payload: unknown): string | null {
  const marks = presensiMarksOf(payload);
  const count = new Set(marks.map((mark) => mark.peserta_id)).size;
  if (count <= 1) return null;
  const dates = [...new Set(marks.map((mark) => mark.tanggal))].sort();
  const span = dates.length === 1 ? formatDateId(dates[0]) : `${formatDateId(dates[0])} – ${formatDateId(dates.at(-1))}`;
  return `${count} peserta, ${span}`;
}

/**
 * Who a queued change is about, as the queue and the dashboard name it: a group's attendance by
 * its size and dates (presensiSubject), any other change by its participant's name; undefined
 * when the device lacks that name (each list writes the id its own way).
 */
export function outboxSubject(
  entry: { kind: OutboxKind; pesertaId: number; payload?: unknown },
  nameOf: (pesertaId: number) => string | undefined,
): string | undefined {
  const family = changeFamily(entry.kind);
  if (family === 'inbox') return 'Notifikasi';
  const group = family === 'attendance' ? presensiSubject(entry.payload) : null;
  return group ?? nameOf(entry.pesertaId);
}

/**
 * Every weekday: the working days of a re-check while the device has not learned the server's
 * (HARI_KERJA, from the profile) — each weekday passes and the server judges (400 with the reason).
 */
export const RECHECK_HARI_KERJA: readonly Weekday[] = [1, 2, 3, 4, 5, 6, 7];

/** What the re-check of a presensi.save knows of one participant (null: nothing known, the server judges). */
export interface PresensiRecheckFacts {
  reviews: readonly Review[] | null;
  periode: Periode | null;
}

/**
 * Why a queued presensi.save by `role` may no longer be sent, or null when it may: for every
 * participant of its marks the attendance lock against the latest reviews, then for every mark
 * the date rule against the participant's period (the reason followed by the date, as the
 * server words it). The change is all or none, so the first block refuses it whole.
 */
export function presensiRecheckBlock(
  role: string,
  marks: readonly PresensiMark[],
  factsOf: (pesertaId: number) => PresensiRecheckFacts,
  today: string,
  hariKerja: readonly Weekday[] = RECHECK_HARI_KERJA,
): string | null {
  for (const id of [...new Set(marks.map((mark) => mark.peserta_id))]) {
    const reviews = factsOf(id).reviews;
    const lock = reviews && presensiLock(role, reviews);
    if (lock) return lock;
  }
  for (const mark of marks) {
    const periode = factsOf(mark.peserta_id).periode;
    const block = periode && tanggalBlock(mark.tanggal, periode, today, hariKerja);
    if (block) return `${block} (${mark.tanggal})`;
  }
  return null;
}

/**
 * Whether queued `entry` may take more attendance marks of `tanggal` from `change` instead of a
 * new entry: the same user and role, an attendance save never sent (no request may already
 * carry it), holding marks of that one date only, with room for `adding` more marks. So the
 * taps of one day made while its change waits travel as ONE request.
 */
export function takesDayMarks(
  entry: { kind: OutboxKind; user: number; role: string; state: string; sentAt?: number; payload: unknown },
  change: { user: number; role: string },
  tanggal: string,
  adding: number,
): boolean {
  if (changeFamily(entry.kind) !== 'attendance' || entry.state !== 'pending' || entry.sentAt !== undefined) return false;
  if (entry.user !== change.user || entry.role !== change.role) return false;
  const marks = presensiMarksOf(entry.payload);
  return marks.length > 0 && marks.every((mark) => mark.tanggal === tanggal) && marks.length + adding <= PRESENSI_BATCH_MAX;
}

/**
 * The marks of a waiting change with newer `taps` folded in: a tap on a date the change already
 * holds replaces its status and note but keeps its `sebelumnya` (the status the device showed
 * before the first unsent change, which is what the server must still hold); a tap on another
 * date is added with its own. Order: the change's marks, then the new dates in tap order.
 */
export function foldDayMarks(queued: readonly PresensiMark[], taps: readonly PresensiMark[]): PresensiMark[] {
  const marks = new Map(queued.map((mark) => [markKey(mark.peserta_id, mark.tanggal), { ...mark }]));
  for (const tap of taps) {
    const key = markKey(tap.peserta_id, tap.tanggal);
    const before = marks.get(key);
    marks.set(key, before ? { ...tap, sebelumnya: before.sebelumnya } : { ...tap });
  }
  return [...marks.values()];
}

/** A mark as the mirror holds it: the server's, or one a queued change set (`pendingKey`). */
export interface HeldMark extends StoredMark {
  /** Key of the queued change whose mark this is (absent: the server's). */
  pendingKey?: string;
  /** On a pending mark: the server's mark under it (null: the server has none). */
  base?: StoredMark | null;
}

/**
 * One participant's date in the mirror: the server's mark `base` (null: none) with the queued
 * presensi.save changes laid over it in FIFO order; the last change that sets it wins and marks
 * it with its key, keeping `base` so a refusal can restore it. Null: no mark at all.
 */
export function layPresensi(
  base: StoredMark | null,
  changes: readonly { key: string; marks: readonly PresensiMark[] }[],
  at: { peserta_id: number; tanggal: string },
): HeldMark | null {
  let held: HeldMark | null = base && { peserta_id: base.peserta_id, tanggal: base.tanggal, status: base.status, catatan: base.catatan };
  for (const change of changes) {
    const mark = change.marks.find((m) => m.peserta_id === at.peserta_id && m.tanggal === at.tanggal);
    if (mark) held = { peserta_id: mark.peserta_id, tanggal: mark.tanggal, status: mark.status, catatan: mark.catatan, pendingKey: change.key, base };
  }
  return held;
}

/** A participant's scores as the mirror holds them. */
export interface ScoreRow {
  peserta_id: number;
  kompetensi_id: number;
  skor: number;
}

/** What a change does to one participant's scores and reviews (pure; inputs untouched). */
export function applyOptimistic(
  change: { kind: OutboxKind; role: string; payload: unknown },
  state: { nilai: readonly ScoreRow[]; reviews: readonly Review[] },
): { nilai: ScoreRow[]; reviews: Review[] } {
  const nilai = [...state.nilai];
  let reviews = [...state.reviews];
  if (change.kind === 'nilai.save') {
    const parsed = nilaiBulkSchema.safeParse(change.payload);
    for (const item of parsed.success ? parsed.data.nilai_data : []) {
      const at = nilai.findIndex((row) => row.kompetensi_id === item.kompetensi_id);
      if (at >= 0) nilai[at] = { ...nilai[at]!, skor: item.skor };
      else nilai.push({ peserta_id: item.peserta_id, kompetensi_id: item.kompetensi_id, skor: item.skor });
    }
    return { nilai, reviews };
  }
  if (change.kind === 'nilai.reset') return { nilai: [], reviews };
  // Attendance touches neither scores nor reviews: its marks are laid by layPresensi.
  if (changeFamily(change.kind) !== 'scores') return { nilai, reviews };
  if (!isApprovalStep(change.role)) return { nilai, reviews };
  const action = change.kind === 'review.approve' ? 'approve' : change.kind === 'review.reject' ? 'reject' : 'cancel';
  const catatan = (change.payload as { catatan?: string | null } | null)?.catatan ?? null;
  reviews = applyAction(action, change.role as ApprovalStep, reviews, catatan);
  return { nilai, reviews };
}
