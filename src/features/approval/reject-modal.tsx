import { useId, useState, type FormEvent } from 'react';
import { CATATAN_MAX, REJECT_REASON_REQUIRED } from '@/domain/review';
import { Field } from '@/ui/field';
import { Modal } from '@/ui/modal';

interface RejectModalProps {
  busy: boolean;
  onCancel: () => void;
  /** Called with the trimmed reason (non-empty, ≤ 2,000 characters). */
  onReject: (catatan: string) => void;
}

/** 'Alasan Penolakan': a required reason (non-empty after trimming); Batal and Tolak. */
export function RejectModal({ busy, onCancel, onReject }: RejectModalProps) {
  const formId = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const catatan = text.trim();
    if (catatan === '') {
      setError(REJECT_REASON_REQUIRED);
      return;
    }
    onReject(catatan);
  }

  return (
    <Modal
      open
      title="Alasan Penolakan"
      onClose={onCancel}
      dismissible={!busy}
      size="md"
      footer={
        <>
          <button type="button" className="btn btn-secondary" disabled={busy} onClick={onCancel}>
            Batal
          </button>
          <button type="submit" form={formId} className="btn btn-danger" disabled={busy}>
            {busy ? 'Memproses...' : 'Tolak'}
          </button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate>
        <Field label="Alasan penolakan" required error={error ?? undefined}>
          <textarea
            rows={4}
            maxLength={CATATAN_MAX}
            value={text}
            placeholder="Tuliskan alasan penolakan..."
            onChange={(event) => {
              setText(event.target.value);
              if (error) setError(null);
            }}
          />
        </Field>
      </form>
    </Modal>
  );
}
