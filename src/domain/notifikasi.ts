/**
 * Notifications (Notifikasi): who is told what when a participant moves along the approval
 * chain, and the texts they read. Pure: the server turns a change's before and after into
 * events here (chainEvents), picks their recipients (recipientsOf) and stores them; the inbox
 * renders every text from the stored facts (notifikasiText), so a text is written only here.
 *
 * - A participant reaching a step ('masuk': scores complete and every earlier step approved)
 *   tells every user of that step's role, as ONE digest per person ('{n} peserta menunggu
 *   persetujuan Anda'); leaving it ('keluar': decided, cancelled back, scores reset) takes the
 *   participant out of every unread digest again.
 * - A rejection tells the participant's mentor and the approvers of the earlier steps, with the
 *   rejecting role and its note.
 * - Full approval (the certificate is issued) tells HR, one digest per level ('{n} sertifikat
 *   siap dicetak'); a cancel that un-approves takes the participant out again.
 * - A cancel that lets the mentor edit scores again tells the mentor.
 * Never the actor about their own action; never a user whose role may not see the participant
 * (a Mentor sees only their own participants; the approval roles see all).
 */
import { z } from 'zod';
import {
  APPROVAL_STEPS,
  type ApprovalStep,
  DISETUJUI,
  HR,
  type Review,
  approvalProgress,
  canDecide,
  rejectingStep,
  stepStatuses,
} from './approval-chain';
import { formatDateId, formatWaktuWib } from './dates';
import { lazySchema } from './lazy-schema';
import { JENJANG, type Jenjang } from './master-data';
import { scoreEditLock } from './nilai';
import { syncCursorQuerySchema } from './peserta';

export const NOTIFIKASI_JENIS = ['menunggu_persetujuan', 'ditolak', 'sertifikat_siap', 'dibatalkan', 'pengingat_nilai', 'pengingat_persetujuan'] as const;
export type NotifikasiJenis = (typeof NOTIFIKASI_JENIS)[number];

/** Kinds kept as one digest per person (and link) while unread, counting its participants. */
export const DIGEST_JENIS: readonly NotifikasiJenis[] = ['menunggu_persetujuan', 'sertifikat_siap'];

/** How long a notification is kept. */
export const NOTIFIKASI_KEEP_DAYS = 90;

/** Texts of notifications and the inbox's API answers. */
export const NOTIFIKASI_MSG = {
  read: 'Notifikasi ditandai dibaca',
  allRead: 'Semua notifikasi ditandai dibaca',
  readFailed: 'Gagal menandai notifikasi dibaca',
  title: 'Notifikasi',
  empty: 'Belum ada notifikasi',
  markAll: 'Tandai semua dibaca',
  open: (unread: number) => (unread > 0 ? `Notifikasi, ${unread} belum dibaca` : 'Notifikasi'),
  loading: 'Memuat notifikasi...',
  offline: 'Menampilkan notifikasi tersimpan di perangkat.',
} as const;

/** Where a participant stands in the chain, as far as notifications care. */
export interface ChainPoint {
  reviews: readonly Review[];
  /** Scores complete: the participant is in the approval list. */
  inList: boolean;
}

/** The steps whose approver may approve or reject the participant now. */
export function waitingSteps(point: ChainPoint): ApprovalStep[] {
  return point.inList ? APPROVAL_STEPS.filter((step) => canDecide(step, point.reviews)) : [];
}

/** A change of a participant's chain that someone is told about. */
export type ChainEvent =
  | { jenis: 'menunggu_persetujuan'; step: ApprovalStep; arah: 'masuk' | 'keluar' }
  | { jenis: 'sertifikat_siap'; arah: 'masuk' | 'keluar' }
  | { jenis: 'ditolak'; step: ApprovalStep; catatan: string | null }
  | { jenis: 'dibatalkan'; step: ApprovalStep };

/**
 * The events of one participant's change from `before` to `after` made by `actorRole`: steps
 * reached and left, a new rejection, full approval reached or lost, and the mentor's scores
 * unlocked by a cancel. None when nothing a person must know changed.
 */
export function chainEvents(before: ChainPoint, after: ChainPoint, actorRole: string): ChainEvent[] {
  const events: ChainEvent[] = [];
  const was = waitingSteps(before);
  const now = waitingSteps(after);
  for (const step of now) if (!was.includes(step)) events.push({ jenis: 'menunggu_persetujuan', step, arah: 'masuk' });
  for (const step of was) if (!now.includes(step)) events.push({ jenis: 'menunggu_persetujuan', step, arah: 'keluar' });
  const complete = approvalProgress(after.reviews).complete;
  if (complete !== approvalProgress(before.reviews).complete) events.push({ jenis: 'sertifikat_siap', arah: complete ? 'masuk' : 'keluar' });
  const rejecter = rejectingStep(after.reviews);
  if (rejecter && rejecter !== rejectingStep(before.reviews)) {
    const catatan = after.reviews.find((review) => review.role_reviewer === rejecter)?.catatan ?? null;
    events.push({ jenis: 'ditolak', step: rejecter, catatan });
  }
  const unlocked = scoreEditLock('Mentor', before.reviews) !== null && scoreEditLock('Mentor', after.reviews) === null;
  if (unlocked && (APPROVAL_STEPS as readonly string[]).includes(actorRole)) events.push({ jenis: 'dibatalkan', step: actorRole as ApprovalStep });
  return events;
}

/** Who may be told about one participant: its mentor and the users who approved its steps. */
export interface PesertaPeople {
  mentorId: number | null;
  /** The reviewer of each step that approved, before the change. */
  approvedBy: Partial<Record<ApprovalStep, number>>;
}

/**
 * Who is told of an event: `{role}` for every user of that role, or `{userIds}`. A 'keluar'
 * event tells nobody (it only takes the participant out of digests). The caller leaves out the
 * actor, and any of `userIds` that no longer exists or whose current role may not see the
 * participant (a role may change after its review): it reads the users' roles.
 */
export function recipientsOf(event: ChainEvent, people: PesertaPeople): { role: ApprovalStep } | { userIds: number[] } | null {
  switch (event.jenis) {
    case 'menunggu_persetujuan':
      return event.arah === 'masuk' ? { role: event.step } : null;
    case 'sertifikat_siap':
      return event.arah === 'masuk' ? { role: HR } : null;
    case 'ditolak': {
      const earlier = APPROVAL_STEPS.slice(0, APPROVAL_STEPS.indexOf(event.step));
      const approvers = earlier.flatMap((step) => people.approvedBy[step] ?? []);
      return { userIds: [...new Set([...(people.mentorId === null ? [] : [people.mentorId]), ...approvers])] };
    }
    case 'dibatalkan':
      return { userIds: people.mentorId === null ? [] : [people.mentorId] };
  }
}

/** The reviewers of the approved steps, from review rows carrying `reviewer_id`. */
export function approvedByOf(reviews: readonly (Review & { reviewer_id?: number | null })[]): Partial<Record<ApprovalStep, number>> {
  const statuses = stepStatuses(reviews);
  const out: Partial<Record<ApprovalStep, number>> = {};
  for (const review of reviews) {
    if (statuses[review.role_reviewer] === DISETUJUI && review.reviewer_id != null) out[review.role_reviewer] = review.reviewer_id;
  }
  return out;
}

/**
 * What a stored notification knows, besides its kind: the participant's name, the step, the note,
 * the level; a reminder's end date ('yyyy-mm-dd') or days waited.
 */
export const notifikasiFaktaSchema = lazySchema(() =>
  z.object({
    nama: z.string().optional(),
    step: z.enum(APPROVAL_STEPS).optional(),
    catatan: z.string().nullable().optional(),
    jenjang: z.enum(JENJANG).optional(),
    tanggal: z.string().optional(),
    hari: z.number().int().optional(),
  }),
);
export type NotifikasiFakta = z.infer<typeof notifikasiFaktaSchema>;

/** Where a notification leads. */
export function notifikasiTautan(event: ChainEvent, recipient: 'mentor' | 'approver', pesertaId: number, jenjang: Jenjang): string {
  switch (event.jenis) {
    case 'menunggu_persetujuan':
      return '/approval?status=perlu_tindakan';
    case 'sertifikat_siap':
      return jenjang === 'Mahasiswa' ? '/certificates/mahasiswa' : '/certificates/siswa';
    case 'ditolak':
      return recipient === 'mentor' ? `/penilaian?peserta=${pesertaId}` : `/approval?peserta=${pesertaId}`;
    case 'dibatalkan':
      return `/penilaian?peserta=${pesertaId}`;
  }
}

/**
 * What a rejection lets happen next, as the chain allows it: the scores stay locked, and only the
 * rejecting step may cancel its rejection (after which the chain, or the mentor's scores, open again).
 */
const REJECTION_NEXT = (step: string) => `Nilai terkunci; hanya ${step} yang dapat membatalkan penolakan.`;

/** `text` ending in a full stop (a note may end in its own). */
function asSentence(text: string): string {
  return /[.!?]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`;
}

/** The participant a notification's link opens (`?peserta=<id>`), or null for a list's link (a digest). */
export function tautanPesertaId(tautan: string): number | null {
  const match = /[?&]peserta=(\d+)(?:&|$)/.exec(tautan);
  const id = match ? Number(match[1]) : NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** The title and text of a notification; `jumlah` is a digest's count of participants. */
export function notifikasiText(jenis: NotifikasiJenis, fakta: NotifikasiFakta, jumlah: number): { judul: string; isi: string } {
  const nama = fakta.nama ?? 'Peserta';
  switch (jenis) {
    case 'menunggu_persetujuan':
      return { judul: 'Menunggu persetujuan', isi: `${jumlah} peserta menunggu persetujuan Anda` };
    case 'sertifikat_siap':
      return { judul: 'Sertifikat siap dicetak', isi: fakta.jenjang ? `${jumlah} sertifikat ${fakta.jenjang} siap dicetak` : `${jumlah} sertifikat siap dicetak` };
    case 'ditolak': {
      const step = fakta.step ?? '';
      const catatan = fakta.catatan ? `: ${fakta.catatan}` : '';
      return { judul: 'Peserta ditolak', isi: `${asSentence(`${nama} ditolak oleh ${step}${catatan}`)} ${REJECTION_NEXT(step)}` };
    }
    case 'dibatalkan':
      return { judul: 'Keputusan dibatalkan', isi: `${fakta.step ?? ''} membatalkan keputusan untuk ${nama}. Nilai dapat diubah kembali.` };
    case 'pengingat_nilai':
      return { judul: 'Pengingat nilai', isi: `Nilai ${nama} belum lengkap, magang berakhir ${formatDateId(fakta.tanggal)}` };
    case 'pengingat_persetujuan':
      return { judul: 'Pengingat persetujuan', isi: `${jumlah} peserta menunggu persetujuan Anda lebih dari ${fakta.hari ?? 3} hari` };
  }
}

/** When a notification was made, as the inbox shows it: the Jakarta time with 'WIB' (formatWaktuWib). */
export const formatNotifikasiTime = formatWaktuWib;

/** One notification as the inbox API answers it. */
export const notifikasiSchema = lazySchema(() =>
  z.object({
    id: z.number().int(),
    jenis: z.enum(NOTIFIKASI_JENIS),
    judul: z.string(),
    isi: z.string(),
    tautan: z.string(),
    dibaca: z.boolean(),
    dibuat: z.string(),
  }),
);
export type Notifikasi = z.infer<typeof notifikasiSchema>;

/** Query of GET /api/notifikasi: the cursor of the previous pull. */
export const notifikasiPullQuerySchema = lazySchema(() => z.object({ since: syncCursorQuerySchema.optional() }));

/**
 * Answer of GET /api/notifikasi: the caller's notifications (changed since the cursor, when
 * given), newest first, the ids gone since (a digest emptied before it was read, or older than
 * the keeping time), the next cursor and the unread count.
 */
export const notifikasiPullResponseSchema = lazySchema(() =>
  z.object({
    data: z.array(notifikasiSchema),
    deleted: z.array(z.number().int()).optional(),
    cursor: z.string(),
    belum_dibaca: z.number().int(),
  }),
);

/**
 * Body of POST /api/notifikasi/baca-semua: `sampai`, the time of the newest notification the user
 * saw, so one that arrived after (a change marked read offline, sent later) stays unread; absent:
 * every unread one.
 */
export const bacaSemuaBodySchema = lazySchema(() =>
  z
    .object({ sampai: z.iso.datetime({ offset: true, error: 'sampai harus waktu ISO 8601' }).optional() })
    .nullish()
    .transform((body) => body ?? {}),
);

/** What a queued 'mark read' change sends: one notification (`id`), or all seen up to `sampai`. */
export const bacaChangeSchema = lazySchema(() =>
  z.union([z.object({ id: z.number().int().positive() }), z.object({ sampai: z.string() })]),
);
export type BacaChange = z.infer<typeof bacaChangeSchema>;

/** Answer of POST /api/notifikasi/{id}/baca and /baca-semua. */
export const notifikasiReadAnswerSchema = lazySchema(() => z.object({ message: z.string(), belum_dibaca: z.number().int() }));
