import { useId, useRef, useState, type FormEvent } from 'react';
import type { ApiClient } from '@/api/client';
import type { DivisiRecord } from '@/db/records';
import { fieldErrors, type FieldErrors } from '@/domain/form-errors';
import { Alert } from '@/ui/alert';
import { Field, focusFirstInvalid } from '@/ui/field';
import { Modal } from '@/ui/modal';
import { saveDivisiInputSchema, useSaveDivisi } from './save-divisi';

interface DivisiFormModalProps {
  api: ApiClient;
  /** The division to rename, or null to add one. */
  divisi: DivisiRecord | null;
  onClose: () => void;
  onSaved: (added: boolean) => void;
}

/** Add / edit a division: one field, the name (spec 2). */
export function DivisiFormModal({ api, divisi, onClose, onSaved }: DivisiFormModalProps) {
  const formId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [nama, setNama] = useState(divisi?.nama ?? '');
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useSaveDivisi(api);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = saveDivisiInputSchema.safeParse({ nama });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      focusFirstInvalid(formRef.current);
      return;
    }
    if (await save.run(parsed.data, divisi?.id ?? null)) onSaved(divisi === null);
  }

  return (
    <Modal
      open
      title={divisi ? 'Edit Divisi' : 'Tambah Divisi'}
      onClose={onClose}
      dismissible={!save.busy}
      footer={
        <>
          <button type="button" className="btn btn-secondary" onClick={onClose} disabled={save.busy}>
            Batal
          </button>
          <button type="submit" form={formId} className="btn btn-primary" disabled={save.busy}>
            {save.busy ? 'Menyimpan...' : 'Simpan'}
          </button>
        </>
      }
    >
      <form ref={formRef} id={formId} onSubmit={submit} noValidate>
        <Field label="Nama Divisi" required error={errors.nama}>
          <input
            value={nama}
            autoComplete="off"
            onChange={(e) => {
              setNama(e.target.value);
              setErrors({});
            }}
          />
        </Field>
        {save.error && <Alert tone="error">{save.error}</Alert>}
      </form>
    </Modal>
  );
}
