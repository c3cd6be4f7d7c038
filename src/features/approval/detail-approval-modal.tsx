import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { useApi } from '@/api/api-context';
import { db } from '@/db/db';
import {
  type ApprovalAction,
  CANCEL_CONFIRM_TEXT,
  DISETUJUI,
  DITOLAK,
  canCancel,
  canDecide,
  stepStatuses,
} from '@/domain/approval-chain';
import { ARSIP_MSG } from '@/domain/arsip';
import { MSG } from '@/domain/messages';
import { letterGrade } from '@/domain/nilai';
import { RIWAYAT_MSG, riwayatTimeline } from '@/domain/riwayat';
import { Alert } from '@/ui/alert';
import { Badge } from '@/ui/badge';
import { statusTone } from '@/ui/badge-palette';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { Modal } from '@/ui/modal';
import { TimelineSection } from '@/ui/timeline';
import { useRefresh } from '@/ui/use-refresh';
import { decideReview } from '@/sync/changes';
import { pullRiwayat } from '@/sync/pull-riwayat';
import type { ApprovalModalProps } from './approval-modal-props';
import { formatPeriode } from './filter-approval';
import { PresensiDetail } from './presensi-detail';
import { RejectModal } from './reject-modal';

const STEP_LABEL: Record<string, string> = { Tidak_dilanjutkan: 'Tidak dilanjutkan' };

/**
 * 'Detail Approval': the participant, its scores with letters, the three steps, its attendance, its
 * history, and the actions; `readOnly` (an archive row) shows them without any action.
 */
export function DetailApprovalModal({
  userId,
  role,
  peserta,
  kompetensi,
  scores,
  onClose,
  onDone,
  readOnly = false,
}: ApprovalModalProps & { readOnly?: boolean }) {
  const { nilai, reviews, refused } = scores;
  const [busy, setBusy] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [openNotes, setOpenNotes] = useState<Set<string>>(new Set());
  const names = new Map(kompetensi.map((k) => [k.id, k.nama]));
  const own = stepStatuses(reviews)[role as keyof ReturnType<typeof stepStatuses>];
  const mayDecide = !readOnly && canDecide(role, reviews);
  const mayCancel = !readOnly && canCancel(role, reviews);
  // The history: shown from the device's mirror, pulled when the detail opens (and when back online).
  const api = useApi();
  const riwayat = useLiveQuery(async () => (await db.riwayat.get(peserta.id)) ?? null, [peserta.id]);
  const riwayatPull = useRefresh(() => pullRiwayat(api, peserta.id));

  async function act(action: ApprovalAction, catatan?: string) {
    setBusy(true);
    const result = await decideReview({ user: userId, role, pesertaId: peserta.id, action, catatan }, reviews);
    setBusy(false);
    setRejecting(false);
    setConfirmCancel(false);
    onDone(result);
  }

  const ownMessage =
    own === DISETUJUI ? 'Anda sudah menyetujui peserta ini' : own === DITOLAK ? 'Anda sudah menolak peserta ini' : null;

  const footer = mayDecide ? (
    <>
      <button type="button" className="btn btn-secondary" disabled={busy} onClick={onClose}>
        Tutup
      </button>
      <button type="button" className="btn btn-danger" disabled={busy} onClick={() => setRejecting(true)}>
        Tolak
      </button>
      <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void act('approve')}>
        {busy ? 'Memproses...' : 'Setujui'}
      </button>
    </>
  ) : (
    <div className="detail-footer">
      <p className="detail-footer-status" role="status">
        {readOnly ? ARSIP_MSG.readOnly : (ownMessage ?? 'Tidak ada aksi yang diperlukan saat ini')}
      </p>
      <div className="detail-footer-actions">
        {ownMessage && mayCancel && (
          <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => setConfirmCancel(true)}>
            Batal
          </button>
        )}
        <button type="button" className="btn btn-primary" disabled={busy} onClick={onClose}>
          Tutup
        </button>
      </div>
    </div>
  );

  return (
    <>
      <Modal open title="Detail Approval" onClose={onClose} dismissible={!busy} footer={footer} size="lg">
        {refused !== null && (
          <Alert tone="error">
            <strong>{MSG.refusedChanges}:</strong> {refused}
          </Alert>
        )}
        <dl className="detail-grid">
          <div>
            <dt>Nama</dt>
            <dd>{peserta.nama}</dd>
          </div>
          <div>
            <dt>Divisi</dt>
            <dd>{peserta.divisi?.nama ?? '-'}</dd>
          </div>
          <div>
            <dt>Instansi</dt>
            <dd>{peserta.instansi?.nama ?? '-'}</dd>
          </div>
          <div>
            <dt>Jenjang</dt>
            <dd>{peserta.jenjang}</dd>
          </div>
          <div>
            <dt>Periode</dt>
            <dd>{formatPeriode(peserta.tanggal_masuk, peserta.tanggal_selesai)}</dd>
          </div>
          <div>
            <dt>Pembimbing</dt>
            <dd>{peserta.pembimbing?.username ?? '-'}</dd>
          </div>
        </dl>

        <h3 className="detail-heading">Nilai Kompetensi</h3>
        {nilai.length === 0 ? (
          <p className="muted">Belum ada nilai</p>
        ) : (
          <ul className="score-list">
            {nilai.map((n) => (
              <li key={n.kompetensi_id}>
                <span className="score-name">{names.get(n.kompetensi_id) ?? n.kompetensi?.nama ?? `Kompetensi #${n.kompetensi_id}`}</span>
                <span className="score-value">{n.skor}</span>
                <Badge tone="primary" className="grade-badge">
                  {letterGrade(n.skor)}
                </Badge>
              </li>
            ))}
          </ul>
        )}

        <h3 className="detail-heading">Status Approval</h3>
        <ol className="step-list">
          {reviews.map((review, index) => {
            const open = openNotes.has(review.role_reviewer);
            return (
              <li key={review.role_reviewer} className="step-item">
                <div className="step-row">
                  <span className="step-no">{index + 1}</span>
                  <span className="step-role">{review.role_reviewer}</span>
                  <Badge tone={statusTone(review.status)}>{STEP_LABEL[review.status] ?? review.status}</Badge>
                  {review.catatan && (
                    <button
                      type="button"
                      className="link-btn step-note-toggle"
                      aria-expanded={open}
                      onClick={() =>
                        setOpenNotes((current) => {
                          const next = new Set(current);
                          if (open) next.delete(review.role_reviewer);
                          else next.add(review.role_reviewer);
                          return next;
                        })
                      }
                    >
                      {open ? 'Sembunyikan catatan' : 'Lihat catatan'}
                    </button>
                  )}
                </div>
                {open && review.catatan && <p className="step-note">{review.catatan}</p>}
              </li>
            );
          })}
        </ol>

        <PresensiDetail pesertaId={peserta.id} periode={peserta} />

        <TimelineSection texts={RIWAYAT_MSG} items={riwayat ? riwayatTimeline(riwayat.entries) : null} pull={riwayatPull} />
      </Modal>
      {rejecting && <RejectModal busy={busy} onCancel={() => setRejecting(false)} onReject={(catatan) => void act('reject', catatan)} />}
      <ConfirmDialog
        open={confirmCancel}
        message={CANCEL_CONFIRM_TEXT}
        busy={busy}
        busyLabel="Memproses..."
        onConfirm={() => void act('cancel')}
        onCancel={() => setConfirmCancel(false)}
      />
    </>
  );
}
