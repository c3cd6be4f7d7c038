import { useId, useMemo, useState } from 'react';
import type { GradeRecord } from '@/db/records';
import { DEFAULT_GRADE_ITEMS, type GradeItem, gradeChip } from '@/domain/grade';
import type { Jenjang } from '@/domain/master-data';
import { SERTIFIKAT_MSG } from '@/domain/sertifikat';
import { Badge } from '@/ui/badge';
import { Modal } from '@/ui/modal';
import { CERTIFICATE_TEXT } from './document-requests';

interface GradeTemplateModalProps {
  jenjang: Jenjang;
  /** Every template of the grade mirror; those of `jenjang` are offered. */
  templates: readonly GradeRecord[];
  /** Prints the Daftar Nilai with these thresholds (the modal closes). */
  onPrint: (thresholds: readonly GradeItem[]) => void;
  onClose: () => void;
}

/** Highest threshold first, as the documents print them. */
const byMinDesc = (items: readonly GradeItem[]) => [...items].sort((a, b) => b.min - a.min);

/**
 * 'Pilih Template Grade Nilai': a template of the level, shown as 'name (category)',
 * with its thresholds as chips; 'Gunakan Default' prints with the default thresholds (src/domain/grade.ts),
 * 'Cetak Daftar Nilai' with the chosen template. Without templates: 'Tidak ada template tersedia'.
 */
export function GradeTemplateModal({ jenjang, templates, onPrint, onClose }: GradeTemplateModalProps) {
  const selectId = useId();
  const options = useMemo(
    () => templates.filter((t) => t.kategori === jenjang && t.items.length > 0).sort((a, b) => a.id - b.id),
    [templates, jenjang],
  );
  const [chosenId, setChosenId] = useState<number | null>(options[0]?.id ?? null);
  const chosen = options.find((t) => t.id === chosenId) ?? options[0] ?? null;

  return (
    <Modal
      open
      title={SERTIFIKAT_MSG.gradeTitle}
      className="grade-template-modal"
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            Batal
          </button>
          <button type="button" className="btn btn-secondary" onClick={() => onPrint(DEFAULT_GRADE_ITEMS)}>
            {SERTIFIKAT_MSG.useDefault}
          </button>
          <button type="button" className="btn btn-primary" disabled={!chosen} onClick={() => chosen && onPrint(chosen.items)}>
            {SERTIFIKAT_MSG.printTranscript}
          </button>
        </>
      }
    >
      {options.length === 0 ? (
        <p className="muted">{SERTIFIKAT_MSG.noTemplates}</p>
      ) : (
        <>
          <div className="field">
            <label htmlFor={selectId}>{CERTIFICATE_TEXT.templateLabel}</label>
            <select id={selectId} className="select" value={chosen?.id ?? ''} onChange={(e) => setChosenId(Number(e.target.value))}>
              {options.map((t) => (
                <option key={t.id} value={t.id}>
                  {`${t.nama} (${t.kategori})`}
                </option>
              ))}
            </select>
          </div>
          {chosen && (
            <div className="grade-preview">
              <p className="grade-preview-label">{CERTIFICATE_TEXT.thresholdsLabel}</p>
              <ul className="grade-preview-chips" aria-label={CERTIFICATE_TEXT.thresholdsLabel}>
                {byMinDesc(chosen.items).map((item) => (
                  <li key={`${item.huruf}-${item.min}`}>
                    <Badge tone="info">{gradeChip(item)}</Badge>
                  </li>
                ))}
              </ul>
            </div>
          )}
        </>
      )}
    </Modal>
  );
}
