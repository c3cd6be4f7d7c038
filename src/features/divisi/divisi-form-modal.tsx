import { useState } from 'react';
import type { ApiClient } from '@/api/client';
import type { DivisiRecord } from '@/db/records';
import { fieldErrors, type FieldErrors } from '@/domain/form-errors';
import type { CrudFormProps } from '@/ui/crud-flow';
import { FormModal } from '@/ui/form-modal';
import { TextField } from '@/ui/text-field';
import { useBoundAction } from '@/ui/use-async-action';
import { saveDivisiInputSchema, divisiActions } from './save-divisi';

/** `row`: the division to rename, or null to add one. */
interface DivisiFormModalProps extends CrudFormProps<DivisiRecord> {
  api: ApiClient;
}

/** Add / edit a division: one field, the name. */
export function DivisiFormModal({ api, row: divisi, onClose, onSaved }: DivisiFormModalProps) {
  const [nama, setNama] = useState(divisi?.nama ?? '');
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useBoundAction(api, divisiActions.save);

  return (
    <FormModal
      title={divisi ? 'Edit Divisi' : 'Tambah Divisi'}
      onClose={onClose}
      validate={() => {
        const parsed = saveDivisiInputSchema.safeParse({ nama });
        setErrors(parsed.success ? {} : fieldErrors(parsed.error));
        return parsed.success ? parsed.data : null;
      }}
      save={(value) => save.run(value, divisi?.id ?? null)}
      onSaved={() => onSaved(divisi === null)}
      busy={save.busy}
      error={save.error}
    >
      <TextField
        label="Nama Divisi"
        required
        error={errors.nama}
        value={nama}
        onChange={(value) => {
          setNama(value);
          setErrors({});
        }}
      />
    </FormModal>
  );
}
