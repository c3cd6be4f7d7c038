import { useRef } from 'react';
import type { FieldErrors } from '@/domain/form-errors';
import { GRADE_ITEMS_MAX } from '@/domain/grade';
import { IconButton } from '@/ui/icon-button';
import { newGradeRow, type GradeRowInput } from './save-grade';

interface GradeItemsEditorProps {
  rows: readonly GradeRowInput[];
  onChange: (rows: GradeRowInput[]) => void;
  /** Messages by path ('items', 'items.0.huruf', …). */
  errors: FieldErrors;
}

/**
 * The threshold rows of a template: minimum score, letter (max 2 characters) and
 * predikat per row; '+ Tambah Grade' adds a row, the 'Hapus' icon removes one (only while
 * more than one row exists).
 */
export function GradeItemsEditor({ rows, onChange, errors }: GradeItemsEditorProps) {
  const listRef = useRef<HTMLOListElement>(null);

  function update(index: number, patch: Partial<GradeRowInput>) {
    onChange(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  }

  function add() {
    onChange([...rows, newGradeRow()]);
    // Focus the new row's first input once it is rendered.
    requestAnimationFrame(() => listRef.current?.querySelector<HTMLInputElement>('li:last-child input')?.focus());
  }

  function remove(index: number) {
    onChange(rows.filter((_, i) => i !== index));
    requestAnimationFrame(() => listRef.current?.querySelector<HTMLInputElement>('li input')?.focus());
  }

  return (
    <fieldset className="field grade-items">
      <legend>Ambang Nilai</legend>
      <div className="grade-items-head" aria-hidden="true">
        <span>Nilai Min</span>
        <span>Huruf</span>
        <span>Predikat</span>
      </div>
      <ol ref={listRef} className="grade-items-list">
        {rows.map((row, index) => {
          const n = index + 1;
          const rowErrors = ['min', 'huruf', 'predikat']
            .map((field) => errors[`items.${index}.${field}`])
            .filter((message): message is string => Boolean(message));
          const errorId = rowErrors.length > 0 ? `${row.key}-error` : undefined;
          return (
            <li key={row.key} className="grade-item">
              <div className="grade-item-inputs">
                <input
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={100}
                  step={1}
                  aria-label={`Nilai minimum grade ${n}`}
                  placeholder="Min"
                  value={row.min}
                  aria-invalid={errors[`items.${index}.min`] ? true : undefined}
                  aria-describedby={errorId}
                  onChange={(e) => update(index, { min: e.target.value })}
                />
                <input
                  maxLength={2}
                  aria-label={`Huruf grade ${n}`}
                  placeholder="A"
                  autoCapitalize="characters"
                  value={row.huruf}
                  aria-invalid={errors[`items.${index}.huruf`] ? true : undefined}
                  aria-describedby={errorId}
                  onChange={(e) => update(index, { huruf: e.target.value })}
                />
                <input
                  aria-label={`Predikat grade ${n}`}
                  placeholder="Predikat"
                  value={row.predikat}
                  aria-invalid={errors[`items.${index}.predikat`] ? true : undefined}
                  aria-describedby={errorId}
                  onChange={(e) => update(index, { predikat: e.target.value })}
                />
                {rows.length > 1 && <IconButton label="Hapus" icon="trash" tone="danger" onClick={() => remove(index)} />}
              </div>
              {errorId && (
                <p id={errorId} className="field-error">
                  {rowErrors.join('. ')}
                </p>
              )}
            </li>
          );
        })}
      </ol>
      {errors.items && <p className="field-error">{errors.items}</p>}
      <div>
        <button type="button" className="btn btn-secondary btn-sm" onClick={add} disabled={rows.length >= GRADE_ITEMS_MAX}>
          + Tambah Grade
        </button>
      </div>
    </fieldset>
  );
}
