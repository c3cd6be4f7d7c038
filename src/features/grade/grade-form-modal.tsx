import { useState } from 'react';
import type { ApiClient } from '@/api/client';
import type { GradeRecord } from '@/db/records';
import type { FieldErrors } from '@/domain/form-errors';
import { JENJANG } from '@/domain/master-data';
import type { CrudFormProps } from '@/ui/crud-flow';
import { Field } from '@/ui/field';
import { FormModal } from '@/ui/form-modal';
import { TextField } from '@/ui/text-field';
import { useBoundAction } from '@/ui/use-async-action';
import { TextOptions } from '@/ui/text-options';
import { GradeItemsEditor } from './grade-items-editor';
import { gradeFormFrom, parseGradeInput, gradeActions, type SaveGradeInput } from './save-grade';

/** `row`: the template to edit, or null to add one. */
interface GradeFormModalProps extends CrudFormProps<GradeRecord> {
  api: ApiClient;
}

/** 'Tambah Template Grade' / 'Edit Template Grade': name, jenjang, description, thresholds. */
export function GradeFormModal({ api, row: template, onClose, onSaved }: GradeFormModalProps) {
  const editing = template !== null;
  const [input, setInput] = useState<SaveGradeInput>(() => gradeFormFrom(template));
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useBoundAction(api, gradeActions.save);

  function change(patch: Partial<SaveGradeInput>) {
    setInput((current) => ({ ...current, ...patch }));
    setErrors({});
  }

  return (
    <FormModal
      size="lg"
      title={editing ? 'Edit Template Grade' : 'Tambah Template Grade'}
      onClose={onClose}
      validate={() => {
        const parsed = parseGradeInput(input);
        setErrors(parsed.ok ? {} : parsed.errors);
        return parsed.ok ? parsed.data : null;
      }}
      save={(value) => save.run(value, template?.id ?? null)}
      onSaved={() => onSaved(!editing)}
      busy={save.busy}
      error={save.error}
    >
      <div className="grade-form-top">
        <TextField label="Nama Template" required error={errors.nama} value={input.nama} onChange={(nama) => change({ nama })} />
        <Field label="Jenjang" required error={errors.kategori}>
          <select value={input.kategori} onChange={(e) => change({ kategori: e.target.value })}>
            <option value="">Pilih Jenjang</option>
            <TextOptions values={[...JENJANG].reverse()} />
          </select>
        </Field>
      </div>
      <Field label="Deskripsi" error={errors.deskripsi}>
        <textarea value={input.deskripsi} rows={2} onChange={(e) => change({ deskripsi: e.target.value })} />
      </Field>
      <GradeItemsEditor rows={input.items} onChange={(items) => change({ items })} errors={errors} />
    </FormModal>
  );
}
