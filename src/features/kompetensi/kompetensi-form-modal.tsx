import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { ApiClient } from '@/api/client';
import type { DivisiRecord, KompetensiRecord } from '@/db/records';
import { fieldErrors, type FieldErrors } from '@/domain/form-errors';
import type { Jenjang } from '@/domain/master-data';
import { Alert } from '@/ui/alert';
import { Field, focusFirstInvalid } from '@/ui/field';
import { Modal } from '@/ui/modal';
import { Spinner } from '@/ui/spinner';
import { saveKompetensiInputSchema, useSaveKompetensi } from './save-kompetensi';

interface KompetensiFormModalProps {
  api: ApiClient;
  /** The competency to edit, or null to add one of level `jenjang` (the current tab). */
  kompetensi: KompetensiRecord | null;
  jenjang: Jenjang;
  /** Every division (the checklist); undefined while the mirror is still being read. */
  divisi: readonly DivisiRecord[] | undefined;
  onClose: () => void;
  onSaved: (added: boolean) => void;
}

/** 'Tambah Kompetensi' / 'Edit Kompetensi' (spec 2): name, division checklist, status. */
export function KompetensiFormModal({ api, kompetensi, jenjang, divisi: loadedDivisi, onClose, onSaved }: KompetensiFormModalProps) {
  const divisi = loadedDivisi ?? [];
  const formId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const editing = kompetensi !== null;
  const [nama, setNama] = useState(kompetensi?.nama ?? '');
  const [aktif, setAktif] = useState(kompetensi?.aktif ?? true);
  const [selected, setSelected] = useState<ReadonlySet<number>>(
    () => new Set((kompetensi?.divisi_kategori ?? []).map((link) => link.divisi.id)),
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useSaveKompetensi(api);
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

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = saveKompetensiInputSchema.safeParse({
      nama,
      jenjang: kompetensi?.jenjang ?? jenjang,
      aktif,
      divisi_ids: [...selected],
    });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      focusFirstInvalid(formRef.current);
      return;
    }
    if (await save.run(parsed.data, kompetensi?.id ?? null)) onSaved(!editing);
  }

  const submitLabel = editing ? 'Simpan Perubahan' : 'Tambah Kompetensi';
  return (
    <Modal
      open
      title={editing ? 'Edit Kompetensi' : 'Tambah Kompetensi'}
      onClose={onClose}
      dismissible={!save.busy}
      footer={
        <>
          <button type="button" className="btn btn-secondary" onClick={onClose} disabled={save.busy}>
            Batal
          </button>
          <button type="submit" form={formId} className="btn btn-primary" disabled={save.busy}>
            {save.busy ? 'Menyimpan...' : submitLabel}
          </button>
        </>
      }
    >
      <form ref={formRef} id={formId} onSubmit={submit} noValidate>
        <Field label="Nama Kompetensi" required error={errors.nama}>
          <input
            value={nama}
            autoComplete="off"
            onChange={(e) => {
              setNama(e.target.value);
              setErrors({});
            }}
          />
        </Field>
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
              <input type="radio" name={`${formId}-aktif`} checked={aktif} onChange={() => setAktif(true)} />
              Aktif
            </label>
            <label>
              <input type="radio" name={`${formId}-aktif`} checked={!aktif} onChange={() => setAktif(false)} />
              Nonaktif
            </label>
          </div>
        </fieldset>
        {save.error && <Alert tone="error">{save.error}</Alert>}
      </form>
    </Modal>
  );
}
