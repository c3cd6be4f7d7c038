import { useId, useRef, useState, type FormEvent } from 'react';
import type { ApiClient } from '@/api/client';
import type { InstansiRecord } from '@/db/records';
import { INSTANSI_JENIS, MASTER_MSG, type InstansiJenis } from '@/domain/master-data';
import { Alert } from '@/ui/alert';
import { Field, focusFirstInvalid } from '@/ui/field';
import { Modal } from '@/ui/modal';
import { useSaveInstansi, validateInstansiInput, type SaveInstansiInput } from './save-instansi';

interface InstansiFormModalProps {
  api: ApiClient;
  /** The institution to edit, or null to add one of type `jenis` (the current tab). */
  instansi: InstansiRecord | null;
  jenis: InstansiJenis;
  onClose: () => void;
  onSaved: (added: boolean) => void;
}

/** Add / edit an institution: name and type; the type is preset on add and fixed on edit (spec 2). */
export function InstansiFormModal({ api, instansi, jenis, onClose, onSaved }: InstansiFormModalProps) {
  const formId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const editing = instansi !== null;
  const [input, setInput] = useState<SaveInstansiInput>({ nama: instansi?.nama ?? '', jenis: instansi?.jenis ?? jenis });
  const [invalid, setInvalid] = useState<string | null>(null);
  const save = useSaveInstansi(api);

  function change(patch: Partial<SaveInstansiInput>) {
    setInput((current) => ({ ...current, ...patch }));
    setInvalid(null);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const message = validateInstansiInput(input, editing);
    setInvalid(message);
    if (message) {
      focusFirstInvalid(formRef.current);
      return;
    }
    if (await save.run(input, instansi?.id ?? null)) onSaved(!editing);
  }

  return (
    <Modal
      open
      title={editing ? 'Edit Instansi' : 'Tambah Instansi'}
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
        <Field label="Nama Instansi" required>
          <input
            value={input.nama}
            autoComplete="off"
            aria-invalid={invalid !== null && input.nama.trim() === ''}
            onChange={(e) => change({ nama: e.target.value })}
          />
        </Field>
        <Field label="Jenis" required={!editing} hint={editing ? MASTER_MSG.instansiJenisFixed : undefined}>
          <select
            value={input.jenis}
            disabled={editing}
            aria-invalid={invalid !== null && input.jenis === ''}
            onChange={(e) => change({ jenis: e.target.value as SaveInstansiInput['jenis'] })}
          >
            <option value="">Pilih Jenis</option>
            {INSTANSI_JENIS.map((j) => (
              <option key={j} value={j}>
                {j}
              </option>
            ))}
          </select>
        </Field>
        {invalid && <Alert tone="error">{invalid}</Alert>}
        {save.error && <Alert tone="error">{save.error}</Alert>}
      </form>
    </Modal>
  );
}
