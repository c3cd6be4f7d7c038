import { useId, useState, type FormEvent } from 'react';
import type { KompetensiRecord, NilaiRecord } from '@/db/records';
import type { ParticipantScores } from '@/db/nilai-mirror';
import { MSG } from '@/domain/messages';
import { NILAI_MSG, scoreEditLock } from '@/domain/nilai';
import { filledScores, mentorScoresError, nextScoreText } from '@/domain/nilai-view';
import { Alert } from '@/ui/alert';
import { Modal } from '@/ui/modal';
import { ScoreTable } from '@/ui/score-table';
import { type ChangeResult, saveNilai } from '@/sync/changes';

interface PenilaianModalProps {
  userId: number;
  role: string;
  peserta: { id: number; nama: string };
  /** The participant's active competencies (division + level), from the mirror. */
  kompetensi: readonly KompetensiRecord[];
  /** The participant's scores, reviews and this user's refused change (scoresOf). */
  scores: ParticipantScores;
  onClose: () => void;
  /** Called after Simpan with the outcome (the modal closes on 'sent' and 'queued'). */
  onSaved: (result: ChangeResult) => void;
}

function initialTexts(kompetensi: readonly KompetensiRecord[], nilai: readonly NilaiRecord[]): Map<number, string> {
  const byId = new Map(nilai.map((n) => [n.kompetensi_id, n.skor]));
  return new Map(kompetensi.map((k) => [k.id, byId.has(k.id) ? String(byId.get(k.id)) : '']));
}

/** 'Penilaian - {name}': one 0-100 input per competency; Reset, Batal, Simpan. */
export function PenilaianModal({ userId, role, peserta, kompetensi, scores, onClose, onSaved }: PenilaianModalProps) {
  const { nilai, reviews, refused } = scores;
  const formId = useId();
  const [texts, setTexts] = useState(() => initialTexts(kompetensi, nilai));
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const lock = scoreEditLock(role, reviews);
  const empty = kompetensi.length === 0;
  const pendingIds = new Set(nilai.filter((n) => n.pendingKey).map((n) => n.kompetensi_id));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (lock || empty) return;
    const invalid = mentorScoresError([...texts.values()]);
    if (invalid) {
      setError(invalid);
      return;
    }
    setError(null);
    setSaving(true);
    const result = await saveNilai({ user: userId, role, pesertaId: peserta.id, nilai: filledScores(peserta.id, texts) });
    setSaving(false);
    if (result.outcome === 'refused') setError(result.message);
    onSaved(result);
  }

  const footer = (
    <>
      {!empty && (
        <button
          type="button"
          className="btn btn-secondary"
          disabled={saving || lock !== null}
          onClick={() => {
            setError(null);
            setTexts(new Map([...texts.keys()].map((id) => [id, ''])));
          }}
        >
          Reset
        </button>
      )}
      <button type="button" className="btn btn-secondary" disabled={saving} onClick={onClose}>
        Batal
      </button>
      {!empty && (
        <button type="submit" form={formId} className="btn btn-primary" disabled={saving || lock !== null}>
          {saving ? 'Saving...' : 'Simpan'}
        </button>
      )}
    </>
  );

  return (
    <Modal open title={`Penilaian - ${peserta.nama}`} onClose={onClose} dismissible={!saving} footer={footer} size="lg">
      {refused !== null && (
        <Alert tone="error">
          <strong>{MSG.refusedChanges}:</strong> {refused}
          <br />
          {MSG.refusedScoresHint}
        </Alert>
      )}
      {lock && lock !== refused && <Alert tone="warning">{lock}</Alert>}
      {error && <Alert tone="error">{error}</Alert>}
      <ScoreTable
        formId={formId}
        onSubmit={(event) => void submit(event)}
        rows={kompetensi}
        texts={texts}
        disabled={lock !== null || saving}
        onText={(id, typed) => setTexts(new Map(texts).set(id, nextScoreText(texts.get(id) ?? '', typed)))}
        empty={{ title: NILAI_MSG.noKompetensiTitle, hint: NILAI_MSG.noKompetensiHint }}
        pendingIds={pendingIds}
        pendingLabel="tertunda"
      />
    </Modal>
  );
}
