import { fetchArsipPeserta, useArsipQuery } from '@/api/arsip';
import { useApi } from '@/api/api-context';
import type { ParticipantScores } from '@/db/nilai-mirror';
import type { KompetensiRecord, PesertaRecord } from '@/db/records';
import { approvalProgress, canCancel, canDecide, normalizeReviews, statusForViewer } from '@/domain/approval-chain';
import { ARSIP_LIST_TEXTS, ARSIP_MSG } from '@/domain/arsip';
import type { Peserta } from '@/domain/peserta';
import { ActionButton } from '@/ui/action-button';
import { ArsipHint, ArsipList, arsipRowNumber } from '@/ui/arsip';
import { useOnlineStatus } from '@/ui/use-online-status';
import { approvalColumns } from './approval-columns';
import type { ApprovalFilters, ApprovalRow } from './filter-approval';

/** An archive participant as a row of the approval list, its status as `role` sees it (nothing queued, nothing refused). */
export function arsipApprovalRow(peserta: Peserta, role: string): ApprovalRow<Peserta> {
  const reviews = normalizeReviews(peserta.reviews);
  return { peserta, reviews, progress: approvalProgress(reviews), status: statusForViewer(role, reviews), pending: false, refused: null };
}

/**
 * The viewer may act on an archive participant: decide it (in the approval list, its turn) or
 * cancel its own decision. Such a row opens in the device's list, with its actions.
 */
export function mayActOn(peserta: Peserta, role: string): boolean {
  return canDecide(role, peserta.reviews) || canCancel(role, peserta.reviews);
}

/** What 'Detail Approval' shows of an archive participant: its own scores and reviews, the device's competency names. */
export function arsipModalProps(peserta: PesertaRecord, kompetensi: readonly KompetensiRecord[], userId: number, role: string) {
  const scores: ParticipantScores = {
    nilai: peserta.nilai.map((n) => ({ peserta_id: peserta.id, kompetensi_id: n.kompetensi_id, skor: n.skor })),
    reviews: normalizeReviews(peserta.reviews),
    refused: null,
  };
  return { userId, role, peserta, kompetensi, scores };
}

/** The archive search of the approval list's search text and filters. */
function approvalArsipFilters(search: string, filters: ApprovalFilters) {
  return { q: search, jenjang: filters.jenjang, status: filters.approval, dari: filters.period.start, sampai: filters.period.end };
}

interface ApprovalArsipProps {
  role: string;
  /** The screen's search text (in the name) and filters (approval, level, period), sent to the server. */
  search: string;
  filters: ApprovalFilters;
  /** Opens 'Detail Approval' of an archive row: read-only, or with its actions when the viewer may act on it (mayActOn). */
  onDetail: (row: Peserta) => void;
}

/**
 * The approval list's archive: every participant on the server that belongs in the approval
 * list (GET /api/peserta/arsip?daftar=approval), newest first, 5 a page. Rows show their
 * 'Detail Approval': read-only, or — when the viewer may still decide or cancel (mayActOn) —
 * brought into the device's list and opened with its actions there.
 */
export function ApprovalArsip({ role, search, filters, onDetail }: ApprovalArsipProps) {
  const api = useApi();
  const online = useOnlineStatus();
  const arsip = useArsipQuery<Peserta>(
    (params, signal) => fetchArsipPeserta(api, 'approval', params, signal),
    approvalArsipFilters(search, filters),
    online,
  );
  const rows = arsip.rows.map((peserta) => arsipApprovalRow(peserta, role));
  const columns = approvalColumns<ApprovalRow<Peserta>>({
    rowNumber: (index) => arsipRowNumber(arsip.page, index),
    actions: (r) => <ActionButton label="Detail Approval" icon="review" tone="info" onClick={() => onDetail(r.peserta)} />,
  });
  return (
    <div className="approval-list">
      <ArsipList
        label="Daftar Approval"
        columns={columns}
        rowKey={(r) => r.peserta.id}
        state={{ ...arsip, rows }}
        online={online}
        texts={ARSIP_LIST_TEXTS}
      />
    </div>
  );
}

/** Under an empty approval list: how many the archive holds for the same search, with 'Buka Arsip' (online only). */
export function ApprovalArsipHint({ search, filters, empty, onOpen }: { search: string; filters: ApprovalFilters; empty: boolean; onOpen: () => void }) {
  const api = useApi();
  const online = useOnlineStatus();
  const asked = online && empty;
  const arsip = useArsipQuery<Peserta>((params, signal) => fetchArsipPeserta(api, 'approval', params, signal), approvalArsipFilters(search, filters), asked);
  return <ArsipHint total={asked && !arsip.loading && !arsip.failed ? arsip.total : null} text={ARSIP_MSG.emptyHint} action={ARSIP_MSG.openArsip} onOpen={onOpen} />;
}
