import { useId, useRef, useState, type FormEvent } from 'react';
import type { ApiClient } from '@/api/client';
import type { GradeRecord } from '@/db/records';
import type { FieldErrors } from '@/domain/form-errors';
import { JENJANG } from '@/domain/master-data';
import { Alert } from '@/ui/alert';
import { Field, focusFirstInvalid } from '@/ui/field';
import { Modal } from '@/ui/modal';
import { GradeItemsEditor } from './grade-items-editor';
import { gradeFormFrom, parseGradeInput, useSaveGrade, type SaveGradeInput } from './save-grade';

interface GradeFormModalProps {
  api: ApiClient;
  /** The template to edit, or null to add one. */
  template: GradeRecord | null;
  onClose: () => void;
  onSaved: (added: boolean) => void;
}

/** 'Tambah Template Grade' / 'Edit Template Grade' (spec 2): name, jenjang, description, thresholds. */
export function GradeFormModal({ api, template, onClose, onSaved }: GradeFormModalProps) {
  const formId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const editing = template !== null;
  const [input, setInput] = useState<SaveGradeInput>(() => gradeFormFrom(template));
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useSaveGrade(api);

  function change(patch: Partial<SaveGradeInput>) {
    setInput((current) => ({ ...current, ...patch }));
    setErrors({});
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = parseGradeInput(input);
    if (!parsed.ok) {
      setErrors(parsed.errors);
      focusFirstInvalid(formRef.current);
      return;
    }
    if (await save.run(parsed.data, template?.id ?? null)) onSaved(!editing);
  }

  return (
    <Modal
      open
      size="lg"
      title={editing ? 'Edit Template Grade' : 'Tambah Template Grade'}
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
        <div className="grade-form-top">
          <Field label="Nama Template" required error={errors.nama}>
            <input value={input.nama} autoComplete="off" onChange={(e) => change({ nama: e.target.value })} />
          </Field>
          <Field label="Jenjang" required error={errors.kategori}>
            <select value={input.kategori} onChange={(e) => change({ kategori: e.target.value })}>
              <option value="">Pilih Jenjang</option>
              {[...JENJANG].reverse().map((j) => (
                <option key={j} value={j}>
                  {j}
                </option>
              ))}
            </select>
          </Field>
        </div>
        <Field label="Deskripsi" error={errors.deskripsi}>
          <textarea value={input.deskripsi} rows={2} onChange={(e) => change({ deskripsi: e.target.value })} />
        </Field>
        <GradeItemsEditor rows={input.items} onChange={(items) => change({ items })} errors={errors} />
        {save.error && <Alert tone="error">{save.error}</Alert>}
      </form>
    </Modal>
  );
}
