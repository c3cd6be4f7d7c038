import { useId, useState, type FormEvent } from 'react';
import { MSG } from '@/domain/messages';
import { NILAI_MSG, letterGrade, scoreEditLock } from '@/domain/nilai';
import { filledScores, kompetensiFor, nextScoreText, scoreOf } from '@/domain/nilai-view';
import { Alert } from '@/ui/alert';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { Modal } from '@/ui/modal';
import { ScoreTable } from '@/ui/score-table';
import { type ChangeResult, resetNilai, saveNilai } from '@/sync/changes';
import type { ApprovalModalProps } from './approval-modal-props';


/** The letter of a typed score, or null while the input holds no score. */
function gradeOf(text: string): string | null {
  const skor = scoreOf(text);
  return skor === null ? null : letterGrade(skor);
}

/**
 * 'Edit Nilai' (Pembimbing, HR): 0-100 inputs with a live letter, 'Reset Semua', 'Simpan Nilai'.
 * Blocked, it opens read-only: the yellow warning gives the reason and 'Tutup' closes.
 */
export function EditNilaiModal({ userId, role, peserta, kompetensi, scores, onClose, onDone }: ApprovalModalProps) {
  const { nilai, reviews, refused } = scores;
  const formId = useId();
  const rows = kompetensiFor(kompetensi, peserta.divisi_id, peserta.jenjang);
  const [texts, setTexts] = useState(() => {
    const byId = new Map(nilai.map((n) => [n.kompetensi_id, n.skor]));
    return new Map(rows.map((k) => [k.id, byId.has(k.id) ? String(byId.get(k.id)) : '']));
  });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [confirmReset, setConfirmReset] = useState(false);
  const lock = scoreEditLock(role, reviews);
  const blocked = lock !== null;

  async function run(write: () => Promise<ChangeResult>) {
    setBusy(true);
    const result = await write();
    setBusy(false);
    setConfirmReset(false);
    onDone(result);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (blocked) return;
    const items = filledScores(peserta.id, texts);
    if (items.length === 0) {
      setError(NILAI_MSG.nothingToSave);
      return;
    }
    setError(null);
    void run(() => saveNilai({ user: userId, role, pesertaId: peserta.id, nilai: items }));
  }

  const footer = (
    <>
      <button type="button" className="btn btn-danger edit-nilai-reset" disabled={busy || blocked} onClick={() => setConfirmReset(true)}>
        Reset Semua
      </button>
      <button type="button" className="btn btn-secondary" disabled={busy} onClick={onClose}>
        {blocked ? 'Tutup' : 'Batal'}
      </button>
      <button type="submit" form={formId} className="btn btn-primary" disabled={busy || blocked}>
        {busy ? 'Saving...' : 'Simpan Nilai'}
      </button>
    </>
  );

  return (
    <>
      <Modal open title="Edit Nilai" onClose={onClose} dismissible={!busy} footer={footer} size="lg">
        <p className="edit-nilai-who">
          <strong>{peserta.nama}</strong> <span className="muted">· {peserta.divisi?.nama ?? '-'} · {peserta.jenjang}</span>
        </p>
        {refused !== null && (
          <Alert tone="error">
            {refused === lock ? (
              <strong>{MSG.refusedChanges}</strong>
            ) : (
              <>
                <strong>{MSG.refusedChanges}:</strong> {refused}
              </>
            )}
            <br />
            {MSG.refusedScoresHint}
          </Alert>
        )}
        {/* Whenever editing is blocked, the yellow warning gives the reason (a refusal for the same reason is not repeated above). */}
        {lock && (
          <Alert tone="warning" className="lock-warning">
            {lock}
          </Alert>
        )}
        {error && <Alert tone="error">{error}</Alert>}
        <ScoreTable
          formId={formId}
          onSubmit={submit}
          rows={rows}
          texts={texts}
          disabled={blocked || busy}
          onText={(id, typed) => setTexts(new Map(texts).set(id, nextScoreText(texts.get(id) ?? '', typed)))}
          empty={{ title: NILAI_MSG.noKompetensiTitle, hint: NILAI_MSG.noKompetensiHint }}
          gradeOf={gradeOf}
        />
      </Modal>
      <ConfirmDialog
        open={confirmReset}
        message={NILAI_MSG.resetConfirm}
        tone="danger"
        busy={busy}
        busyLabel="Menghapus..."
        onConfirm={() => void run(() => resetNilai({ user: userId, role, pesertaId: peserta.id }))}
        onCancel={() => setConfirmReset(false)}
      />
    </>
  );
}
