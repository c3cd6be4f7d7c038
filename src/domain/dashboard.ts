/**
 * The role dashboards' numbers as pure functions over the mirror, and their texts. Each number
 * is counted with the rule of the list it links to — the approval list (pesertaInApprovalList,
 * statusForViewer), the mentor list (mentorScoreCounts, mentorStatus), the certificate list
 * (all three steps Disetujui) — so a dashboard and its list always agree. Dates are the API's
 * 'yyyy-mm-dd' strings; "today" is passed in.
 */
import {
  APPROVAL_STEPS,
  type ApprovalStep,
  DISETUJUI,
  PERLU_TINDAKAN,
  type Review,
  TIDAK_DILANJUTKAN,
  approvalProgress,
  isApprovalStep,
  rejectingStep,
  statusForViewer,
  stepStatuses,
} from './approval-chain';
import { JENJANG, type Jenjang } from './master-data';
import { MENTOR_STATUSES, type MentorStatus, mentorStatus } from './nilai';
import { OUTBOX_KIND_LABEL, type OutboxKind, outboxSubject } from './outbox';
import { type KompetensiLike, mentorScoreCounts, pesertaInApprovalList } from './nilai-view';
import { compareId, compareIsoDate } from './collate';

/** "Ending soon" window of the approver dashboards, in days from today (inclusive). */
const ENDING_SOON_DAYS = 30;

/** The dashboards' texts and the unauthorized page's. */
export const DASHBOARD_MSG = {
  titles: { mentor: 'Dashboard Mentor', pembimbing: 'Dashboard Pembimbing', hr: 'Dashboard HR', bushead: 'Dashboard BusHead' },
  greeting: (username: string) => `Halo, ${username}`,
  roleLine: (role: string) => `Role: ${role}`,
  perluTindakan: PERLU_TINDAKAN,
  perluTindakanHint: 'peserta menunggu keputusan Anda',
  inApprovalList: 'Di Daftar Approval',
  inApprovalListHint: 'peserta dengan nilai lengkap',
  active: 'Magang Aktif',
  activeHint: 'peserta sedang magang hari ini',
  endingSoon: `Berakhir ≤ ${ENDING_SOON_DAYS} Hari`,
  endingSoonHint: 'peserta selesai magang segera',
  certificates: 'Sertifikat Siap Cetak',
  certificatesHint: 'peserta disetujui lengkap',
  certificatesSiswa: (n: number) => `Siswa (${n})`,
  certificatesMahasiswa: (n: number) => `Mahasiswa (${n})`,
  funnelTitle: 'Alur Approval',
  funnelWaiting: (step: ApprovalStep) => `Menunggu ${step}`,
  funnelRejected: 'Ditolak',
  funnelComplete: 'Lengkap',
  funnelEmpty: 'Belum ada peserta di daftar approval.',
  activeByDivisiTitle: 'Peserta Aktif per Divisi',
  activeEmpty: 'Tidak ada peserta yang sedang magang hari ini.',
  endingSoonTitle: `Magang Berakhir dalam ${ENDING_SOON_DAYS} Hari`,
  endingSoonEmpty: `Tidak ada magang yang berakhir dalam ${ENDING_SOON_DAYS} hari ke depan.`,
  daysLeft: (days: number) => (days === 0 ? 'Berakhir hari ini' : `${days} hari lagi`),
  belumDinilai: 'Belum Dinilai',
  belumDinilaiHint: 'peserta belum lengkap nilainya',
  belumDinilaiTitle: 'Peserta Belum Dinilai',
  belumDinilaiEmpty: 'Semua peserta sudah dinilai.',
  scoredOf: (scored: number, total: number) => `${scored} dari ${total} kompetensi dinilai`,
  nilaiButton: 'Nilai',
  nilaiButtonLabel: (nama: string) => `Nilai ${nama}`,
  inProcess: 'Proses Approval',
  inProcessHint: 'peserta menunggu atau disetujui sebagian',
  lengkap: 'Approval Lengkap',
  lengkapHint: 'peserta disetujui ketiga tahap',
  statusTitle: 'Status Penilaian',
  rejectedTitle: 'Peserta Ditolak',
  rejectedBy: (step: ApprovalStep) => `Ditolak oleh ${step}`,
  rejectedReason: (catatan: string) => `Alasan: ${catatan}`,
  rejectedNoReason: 'Alasan tidak dicatat',
  rejectedEmpty: 'Tidak ada peserta yang ditolak.',
  outboxTitle: 'Perubahan di Perangkat',
  outboxEmpty: 'Semua perubahan sudah terkirim ke server.',
  outboxRefusedHint: 'Buka panel perubahan di bilah atas untuk mencoba lagi atau menghapusnya.',
  seeList: 'Lihat daftar',
  openApproval: 'Buka Approval',
  openPenilaian: 'Buka Penilaian',
  rejectedHint: 'peserta perlu ditinjau ulang',
  funnelFootnote: (total: number) => `Dari ${total} peserta di daftar approval`,
  funnelHeaders: ['Tahap', 'Jumlah peserta'],
  activeHeaders: ['Divisi', 'Peserta aktif'],
  statusHeaders: ['Status', 'Jumlah peserta'],
  centerActive: 'aktif',
  centerPeserta: 'peserta',
  unauthorizedHint: 'Anda tidak memiliki akses ke halaman ini.',
  backToDashboard: 'Kembali ke Dashboard',
  /**
   * Under every dashboard's title: what its numbers count (the device's working set,
   * src/domain/working-set.ts); where the older participants are, for the roles with an Arsip.
   */
  workingSetScope: (withArsip: boolean) =>
    `Angka dihitung dari data kerja di perangkat ini: peserta yang masih magang atau baru selesai, yang masih menunggu tindakan, dan yang disebut notifikasi belum dibaca.${withArsip ? ' Peserta lama ada di Arsip.' : ''}`,
} as const;

/** The participant fields the dashboards read (a mirror row). */
export interface DashboardPeserta {
  id: number;
  nama: string;
  jenjang: string;
  divisi_id: number;
  divisi?: { nama: string } | null;
  tanggal_masuk: string;
  tanggal_selesai: string;
  kompetensi_count?: number;
}

/** The mirror as the dashboards read it: participants, their scores and reviews, competencies. */
export interface DashboardMirror<P extends DashboardPeserta = DashboardPeserta> {
  peserta: readonly P[];
  nilaiOf: (pesertaId: number) => readonly { kompetensi_id: number }[];
  reviewsOf: (pesertaId: number) => readonly Review[];
  kompetensi: readonly KompetensiLike[];
}

/** The participants the approval list shows (same rule as '/approval'). */
export function approvalListPeserta<P extends DashboardPeserta>(mirror: DashboardMirror<P>): P[] {
  return mirror.peserta.filter((p) => pesertaInApprovalList(p, mirror.nilaiOf(p.id), mirror.kompetensi));
}

/** How many rows of `role`'s approval list have the status 'Perlu Tindakan'. */
export function countPerluTindakan(mirror: DashboardMirror, role: string): number {
  // statusForViewer gives a non-step role 'Perlu Tindakan' for every open participant; nothing waits on it.
  if (!isApprovalStep(role)) return 0;
  return approvalListPeserta(mirror).filter((p) => statusForViewer(role, mirror.reviewsOf(p.id)) === PERLU_TINDAKAN).length;
}

/** Where a participant stands in the chain: the step it waits on, 'ditolak' (rejected or stopped) or 'lengkap'. */
export type FunnelStage = ApprovalStep | 'ditolak' | 'lengkap';

/** The stage of one participant; a step waits only while every earlier step approved and nobody rejected. */
export function funnelStage(reviews: readonly Review[]): FunnelStage {
  const progress = approvalProgress(reviews);
  if (progress.rejected) return 'ditolak';
  if (progress.complete) return 'lengkap';
  const statuses = stepStatuses(reviews);
  const next = APPROVAL_STEPS.find((step) => statuses[step] !== DISETUJUI) ?? APPROVAL_STEPS[0];
  // Stopped without a rejection on record: no step waits any more.
  return statuses[next] === TIDAK_DILANJUTKAN ? 'ditolak' : next;
}

/** Counts of the approval list per stage; `waiting[step]` equals that step's 'Perlu Tindakan'. */
interface ApprovalFunnel {
  waiting: Record<ApprovalStep, number>;
  ditolak: number;
  lengkap: number;
  /** Participants in the approval list (the sum of all stages). */
  total: number;
}

/** The approval funnel over the participants of the approval list. */
export function approvalFunnel(mirror: DashboardMirror): ApprovalFunnel {
  const out: ApprovalFunnel = { waiting: { Pembimbing: 0, HR: 0, BusHead: 0 }, ditolak: 0, lengkap: 0, total: 0 };
  for (const p of approvalListPeserta(mirror)) {
    const stage = funnelStage(mirror.reviewsOf(p.id));
    if (stage === 'ditolak') out.ditolak += 1;
    else if (stage === 'lengkap') out.lengkap += 1;
    else out.waiting[stage] += 1;
    out.total += 1;
  }
  return out;
}

/** True when `today` lies within the participant's period (both ends included). */
export function isActiveOn(p: Pick<DashboardPeserta, 'tanggal_masuk' | 'tanggal_selesai'>, today: string): boolean {
  return p.tanggal_masuk.slice(0, 10) <= today && today <= p.tanggal_selesai.slice(0, 10);
}

/** Active participants per division, most first (ties by name). */
export function activeByDivisi(peserta: readonly DashboardPeserta[], today: string): { divisi: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const p of peserta) {
    if (!isActiveOn(p, today)) continue;
    const name = p.divisi?.nama ?? '-';
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  return [...counts]
    .map(([divisi, count]) => ({ divisi, count }))
    .sort((a, b) => b.count - a.count || compareId(a.divisi, b.divisi));
}

const DAY_MS = 86_400_000;
const isoToUtc = (iso: string) => Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10)));

/** 'yyyy-mm-dd' plus `days` calendar days. */
export function addDays(iso: string, days: number): string {
  return new Date(isoToUtc(iso) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((isoToUtc(to) - isoToUtc(from)) / DAY_MS);
}

/** A local date as 'yyyy-mm-dd' (the device's calendar day). */
export function isoDateOf(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Participants whose tanggal_selesai is within [today, today + days], soonest first. */
export function endingSoon<P extends DashboardPeserta>(peserta: readonly P[], today: string, days = ENDING_SOON_DAYS): P[] {
  const last = addDays(today, days);
  return peserta
    .filter((p) => {
      const end = p.tanggal_selesai.slice(0, 10);
      return today <= end && end <= last;
    })
    .sort((a, b) => compareIsoDate(a.tanggal_selesai, b.tanggal_selesai) || compareId(a.nama, b.nama));
}

/** Participants with all three steps Disetujui (the certificate list's rule), per level. */
export function certificatesReady(mirror: Pick<DashboardMirror, 'peserta' | 'reviewsOf'>): Record<Jenjang, number> {
  const out = Object.fromEntries(JENJANG.map((j) => [j, 0])) as Record<Jenjang, number>;
  for (const p of mirror.peserta) {
    if (!approvalProgress(mirror.reviewsOf(p.id)).complete) continue;
    if ((JENJANG as readonly string[]).includes(p.jenjang)) out[p.jenjang as Jenjang] += 1;
  }
  return out;
}

/** One participant of the mentor dashboard, with its mentor-list status. */
interface MentorDashboardRow<P extends DashboardPeserta = DashboardPeserta> {
  peserta: P;
  status: MentorStatus;
  scored: number;
  kompetensiCount: number;
}

/** The mentor's participants with the status the Penilaian list shows them with. */
export function mentorDashboardRows<P extends DashboardPeserta>(mirror: DashboardMirror<P>): MentorDashboardRow<P>[] {
  return mirror.peserta.map((p) => {
    const { scored, kompetensiCount } = mentorScoreCounts(p, mirror.nilaiOf(p.id), mirror.kompetensi);
    return { peserta: p, status: mentorStatus(scored, kompetensiCount, mirror.reviewsOf(p.id)).status, scored, kompetensiCount };
  });
}

/** How many rows have each mentor status. */
export function mentorStatusCounts(rows: readonly MentorDashboardRow[]): Record<MentorStatus, number> {
  const out = Object.fromEntries(MENTOR_STATUSES.map((s) => [s, 0])) as Record<MentorStatus, number>;
  for (const row of rows) out[row.status] += 1;
  return out;
}

/** The rows still to score ('belum_dinilai'), by name. */
export function belumDinilaiRows<P extends DashboardPeserta>(rows: readonly MentorDashboardRow<P>[]): MentorDashboardRow<P>[] {
  return rows.filter((row) => row.status === 'belum_dinilai').sort((a, b) => compareId(a.peserta.nama, b.peserta.nama));
}

/** A rejected participant with the rejecting step and its note. */
interface RejectedRow<P extends DashboardPeserta = DashboardPeserta> {
  peserta: P;
  step: ApprovalStep;
  /** The rejecting review's note, or null when none was written. */
  catatan: string | null;
}

/** The rows with status 'ditolak', each with who rejected and why, by name. */
export function rejectedWithReason<P extends DashboardPeserta>(
  rows: readonly MentorDashboardRow<P>[],
  reviewsOf: (pesertaId: number) => readonly Review[],
): RejectedRow<P>[] {
  const out: RejectedRow<P>[] = [];
  for (const row of rows) {
    if (row.status !== 'ditolak') continue;
    const reviews = reviewsOf(row.peserta.id);
    const step = rejectingStep(reviews);
    if (!step) continue;
    const catatan = reviews.find((r) => r.role_reviewer === step)?.catatan?.trim() || null;
    out.push({ peserta: row.peserta, step, catatan });
  }
  return out.sort((a, b) => compareId(a.peserta.nama, b.peserta.nama));
}

/** The outbox fields the dashboard lists. */
interface OutboxEntryLike {
  key: string;
  kind: OutboxKind;
  pesertaId: number;
  payload?: unknown;
  lastError: string | null;
}

/** One queued or refused change as the dashboard lists it. */
interface OutboxItem {
  key: string;
  /** 'Simpan nilai', 'Setujui', ... */
  action: string;
  nama: string;
  /** Why it was refused, or the last failure of a queued change. */
  error: string | null;
}

/** The outbox entries as readable items; an unknown participant shows as '#id'. */
export function outboxItems(entries: readonly OutboxEntryLike[], nameOf: (pesertaId: number) => string | undefined): OutboxItem[] {
  return entries.map((entry) => ({
    key: entry.key,
    action: OUTBOX_KIND_LABEL[entry.kind],
    nama: outboxSubject(entry, nameOf) ?? `#${entry.pesertaId}`,
    error: entry.lastError,
  }));
}
