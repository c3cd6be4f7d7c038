import { useEffect, useId, useRef, useState } from 'react';
import type { ApiClient } from '@/api/client';
import type { DivisiRecord, KompetensiRecord } from '@/db/records';
import { fieldErrors, type FieldErrors } from '@/domain/form-errors';
import type { Jenjang } from '@/domain/master-data';
import type { CrudFormProps } from '@/ui/crud-flow';
import { FormModal } from '@/ui/form-modal';
import { Spinner } from '@/ui/spinner';
import { TextField } from '@/ui/text-field';
import { useBoundAction } from '@/ui/use-async-action';
import { saveKompetensiInputSchema, kompetensiActions } from './save-kompetensi';

/** `row`: the competency to edit, or null to add one of level `jenjang` (the current tab). */
interface KompetensiFormModalProps extends CrudFormProps<KompetensiRecord> {
  api: ApiClient;
  jenjang: Jenjang;
  /** Every division (the checklist); undefined while the mirror is still being read. */
  divisi: readonly DivisiRecord[] | undefined;
}

/** 'Tambah Kompetensi' / 'Edit Kompetensi': name, division checklist, status. */
export function KompetensiFormModal({ api, row: kompetensi, jenjang, divisi: loadedDivisi, onClose, onSaved }: KompetensiFormModalProps) {
  const divisi = loadedDivisi ?? [];
  const radioName = useId();
  const editing = kompetensi !== null;
  const [nama, setNama] = useState(kompetensi?.nama ?? '');
  const [aktif, setAktif] = useState(kompetensi?.aktif ?? true);
  const [selected, setSelected] = useState<ReadonlySet<number>>(
    () => new Set((kompetensi?.divisi_kategori ?? []).map((link) => link.divisi.id)),
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useBoundAction(api, kompetensiActions.save);
  const allRef = useRef<HTMLInputElement>(null);

  const count = divisi.filter((d) => selected.has(d.id)).length;
  const allSelected = divisi.length > 0 && count === divisi.length;
  useEffect(() => {
    if (allRef.current) allRef.current.indeterminate = count > 0 && !allSelected;
  }, [count, allSelected]);

  function toggle(id: number) {
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }

  function rename(value: string) {
    setNama(value);
    setErrors({});
  }

  function validate() {
    const parsed = saveKompetensiInputSchema.safeParse({
      nama,
      jenjang: kompetensi?.jenjang ?? jenjang,
      aktif,
      divisi_ids: [...selected],
    });
    setErrors(parsed.success ? {} : fieldErrors(parsed.error));
    return parsed.success ? parsed.data : null;
  }

  return (
    <FormModal
      title={editing ? 'Edit Kompetensi' : 'Tambah Kompetensi'}
      onClose={onClose}
      validate={validate}
      save={(value) => save.run(value, kompetensi?.id ?? null)}
      onSaved={() => onSaved(!editing)}
      busy={save.busy}
      error={save.error}
      submitLabel={editing ? 'Simpan Perubahan' : 'Tambah Kompetensi'}
    >
      <TextField label="Nama Kompetensi" required error={errors.nama} value={nama} onChange={rename} />
      <p className="form-note muted">
        Jenjang: <strong>{kompetensi?.jenjang ?? jenjang}</strong>
      </p>

      <fieldset className="field">
        <legend>Divisi</legend>
        {loadedDivisi === undefined ? (
          <Spinner label="Loading..." />
        ) : divisi.length === 0 ? (
          <p className="muted">Belum ada divisi tersedia</p>
        ) : (
          <div className="check-list">
            <label className="check-row check-row-all">
              <input
                ref={allRef}
                type="checkbox"
                checked={allSelected}
                onChange={() => setSelected(allSelected ? new Set() : new Set(divisi.map((d) => d.id)))}
              />
              Pilih Semua Divisi
            </label>
            {divisi.map((d) => (
              <label key={d.id} className="check-row">
                <input type="checkbox" checked={selected.has(d.id)} onChange={() => toggle(d.id)} />
                {d.nama}
              </label>
            ))}
          </div>
        )}
        <p className="field-hint" aria-live="polite">
          {count > 0 ? `${count} divisi dipilih` : 'Belum ada divisi dipilih'}
        </p>
      </fieldset>

      <fieldset className="field">
        <legend>Status</legend>
        <div className="radio-row">
          <label>
            <input type="radio" name={radioName} checked={aktif} onChange={() => setAktif(true)} />
            Aktif
          </label>
          <label>
            <input type="radio" name={radioName} checked={!aktif} onChange={() => setAktif(false)} />
            Nonaktif
          </label>
        </div>
      </fieldset>
    </FormModal>
  );
}
