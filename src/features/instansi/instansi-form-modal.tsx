import { useId, useState } from 'react';
import type { ApiClient } from '@/api/client';
import type { InstansiRecord } from '@/db/records';
import { INSTANSI_JENIS, MASTER_MSG, type InstansiJenis } from '@/domain/master-data';
import type { CrudFormProps } from '@/ui/crud-flow';
import { Alert } from '@/ui/alert';
import { Field } from '@/ui/field';
import { FormModal } from '@/ui/form-modal';
import { useBoundAction } from '@/ui/use-async-action';
import { TextOptions } from '@/ui/text-options';
import { instansiActions, validateInstansiInput, type SaveInstansiInput } from './save-instansi';

/** `row`: the institution to edit, or null to add one of type `jenis` (the current tab). */
interface InstansiFormModalProps extends CrudFormProps<InstansiRecord> {
  api: ApiClient;
  jenis: InstansiJenis;
}

/** Add / edit an institution: name and type; the type is preset on add and fixed on edit. */
export function InstansiFormModal({ api, row: instansi, jenis, onClose, onSaved }: InstansiFormModalProps) {
  const editing = instansi !== null;
  const [input, setInput] = useState<SaveInstansiInput>({ nama: instansi?.nama ?? '', jenis: instansi?.jenis ?? jenis });
  const [invalid, setInvalid] = useState<string | null>(null);
  const save = useBoundAction(api, instansiActions.save);
  const invalidId = useId();
  // The one message names both fields; it describes each field it is about.
  const jenisInvalid = invalid !== null && input.jenis === '';
  const namaInvalid = invalid !== null && (input.nama.trim() === '' || !jenisInvalid);

  function change(patch: Partial<SaveInstansiInput>) {
    setInput((current) => ({ ...current, ...patch }));
    setInvalid(null);
  }

  return (
    <FormModal
      title={editing ? 'Edit Instansi' : 'Tambah Instansi'}
      onClose={onClose}
      validate={() => {
        const message = validateInstansiInput(input, editing);
        setInvalid(message);
        return message ? null : input;
      }}
      save={(value) => save.run(value, instansi?.id ?? null)}
      onSaved={() => onSaved(!editing)}
      busy={save.busy}
      error={save.error}
    >
      <Field label="Nama Instansi" required>
        <input
          value={input.nama}
          autoComplete="off"
          aria-invalid={namaInvalid || undefined}
          aria-describedby={namaInvalid ? invalidId : undefined}
          onChange={(e) => change({ nama: e.target.value })}
        />
      </Field>
      <Field label="Jenis" required={!editing} hint={editing ? MASTER_MSG.instansiJenisFixed : undefined}>
        <select
          value={input.jenis}
          disabled={editing}
          aria-invalid={jenisInvalid || undefined}
          aria-describedby={jenisInvalid ? invalidId : undefined}
          onChange={(e) => change({ jenis: e.target.value as SaveInstansiInput['jenis'] })}
        >
          <option value="">Pilih Jenis</option>
          <TextOptions values={INSTANSI_JENIS} />
        </select>
      </Field>
      {invalid && (
        <Alert tone="error" id={invalidId}>
          {invalid}
        </Alert>
      )}
    </FormModal>
  );
}
