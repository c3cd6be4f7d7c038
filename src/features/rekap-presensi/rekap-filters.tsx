import { useState, type FormEvent } from 'react';
import type { PresensiRekapQuery } from '@/domain/presensi';
import { REKAP_JENJANG_OPTIONS, REKAP_MSG, type RekapFilterDraft, rekapQueryOf } from '@/domain/rekap-presensi';
import { Field } from '@/ui/field';

interface RekapFiltersProps {
  initial: RekapFilterDraft;
  divisi: readonly { id: number; nama: string }[];
  /** A valid query to ask for ('Tampilkan'); an invalid period asks nothing. */
  onApply: (query: PresensiRekapQuery) => void;
}

/** The recap's filters: Dari / Sampai, Jenjang, Divisi and 'Tampilkan'. */
export function RekapFilters({ initial, divisi, onApply }: RekapFiltersProps) {
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
    onApply(result.query);
  }

  return (
    <form className="rekap-filters card" aria-label="Filter rekap presensi" onSubmit={submit} noValidate>
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
  );
}
