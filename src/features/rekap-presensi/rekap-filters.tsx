import { useId, useState, type FormEvent } from 'react';
import type { PresensiRekapQuery } from '@/domain/presensi';
import { REKAP_JENJANG_OPTIONS, REKAP_MSG, type RekapFilterDraft, rekapQueryOf } from '@/domain/rekap-presensi';
import { Field } from '@/ui/field';
import { Icon } from '@/ui/icons';

interface RekapFiltersProps {
  initial: RekapFilterDraft;
  divisi: readonly { id: number; nama: string }[];
  /** A valid query to ask for ('Tampilkan'); an invalid period asks nothing. */
  onApply: (query: PresensiRekapQuery) => void;
  /** On a phone: the form folds behind a 'Filter' button (closed at first, and again after 'Tampilkan'). */
  collapsible?: boolean;
}

/** The recap's filters: Dari / Sampai, Jenjang, Divisi and 'Tampilkan'. */
export function RekapFilters({ initial, divisi, onApply, collapsible = false }: RekapFiltersProps) {
  const formId = useId();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<{ from?: string; to?: string }>({});
  const set = (patch: Partial<RekapFilterDraft>) => setDraft((current) => ({ ...current, ...patch }));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = rekapQueryOf(draft);
    if ('errors' in result) {
      setErrors(result.errors);
      event.currentTarget.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    setErrors({});
    setOpen(false);
    onApply(result.query);
  }

  const hidden = collapsible && !open;
  return (
    <>
      {collapsible && (
        <button
          type="button"
          className="btn btn-secondary rekap-filters-toggle"
          aria-expanded={open}
          aria-controls={formId}
          onClick={() => setOpen((value) => !value)}
        >
          <Icon name="filter" size={18} />
          {REKAP_MSG.filter}
        </button>
      )}
      <form id={formId} className="rekap-filters card" aria-label="Filter rekap presensi" onSubmit={submit} noValidate hidden={hidden}>
        <Field label={REKAP_MSG.dari} error={errors.from}>
          <input type="date" value={draft.from} onChange={(event) => set({ from: event.target.value })} />
        </Field>
        <Field label={REKAP_MSG.sampai} error={errors.to}>
          <input type="date" value={draft.to} onChange={(event) => set({ to: event.target.value })} />
        </Field>
        <Field label={REKAP_MSG.jenjang}>
          <select value={draft.jenjang} onChange={(event) => set({ jenjang: event.target.value })}>
            {REKAP_JENJANG_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </Field>
        <Field label={REKAP_MSG.divisi}>
          <select value={draft.divisiId} onChange={(event) => set({ divisiId: event.target.value })}>
            <option value="">{REKAP_MSG.semuaDivisi}</option>
            {divisi.map((row) => (
              <option key={row.id} value={String(row.id)}>
                {row.nama}
              </option>
            ))}
          </select>
        </Field>
        <div className="rekap-filters-submit">
          <button type="submit" className="btn btn-primary">
            {REKAP_MSG.tampilkan}
          </button>
        </div>
      </form>
    </>
  );
}
