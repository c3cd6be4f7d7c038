import type { FormEvent } from 'react';
import { Badge } from './badge';
import { ScoreInput } from './score-input';
import './score-table.css';

/** One competency row of the table. */
export interface ScoreTableRow {
  id: number;
  nama: string;
}

export interface ScoreTableProps {
  /** The form's id (the dialog's submit button names it) and the prefix of each input's id. */
  formId: string;
  onSubmit: (event: FormEvent) => void;
  rows: readonly ScoreTableRow[];
  /** The text of each competency's input, by competency id. */
  texts: ReadonlyMap<number, string>;
  disabled: boolean;
  /** A typed text for competency `id` (the caller decides what the input then holds). */
  onText: (id: number, typed: string) => void;
  /** Shown instead of the table when there is no competency. */
  empty: { title: string; hint: string };
  /** Competencies with a queued change, marked with `pendingLabel` after their name. */
  pendingIds?: ReadonlySet<number>;
  pendingLabel?: string;
  /** When given, a 'Grade' column shows the letter of each input's text (null: '-'). */
  gradeOf?: (text: string) => string | null;
}

/**
 * The competency score form of the mentor's Penilaian and HR's Edit Nilai: 'No', 'Kompetensi'
 * (the label of the row's input), 'Nilai (0-100)' and, with `gradeOf`, 'Grade'; or the empty
 * state when the participant has no competency.
 */
export function ScoreTable({ formId, onSubmit, rows, texts, disabled, onText, empty, pendingIds, pendingLabel, gradeOf }: ScoreTableProps) {
  if (rows.length === 0) {
    return (
      <div className="nilai-empty">
        <p className="nilai-empty-title">{empty.title}</p>
        <p className="muted">{empty.hint}</p>
      </div>
    );
  }
  return (
    <form id={formId} onSubmit={onSubmit} noValidate>
      <table className="nilai-table">
        <thead>
          <tr>
            <th scope="col">No</th>
            <th scope="col">Kompetensi</th>
            <th scope="col" className="nilai-cell">Nilai (0-100)</th>
            {gradeOf && <th scope="col" className="grade-cell">Grade</th>}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => {
            const value = texts.get(row.id) ?? '';
            const grade = gradeOf?.(value) ?? null;
            return (
              <tr key={row.id}>
                <td>{index + 1}</td>
                <td>
                  <label htmlFor={`${formId}-${row.id}`}>{row.nama}</label>
                  {pendingIds?.has(row.id) && <span className="pending-mark">{pendingLabel}</span>}
                </td>
                <td className="nilai-cell">
                  <ScoreInput id={`${formId}-${row.id}`} value={value} disabled={disabled} onText={(typed) => onText(row.id, typed)} />
                </td>
                {gradeOf && (
                  <td className="grade-cell">
                    {grade === null ? (
                      <span className="muted">-</span>
                    ) : (
                      <Badge tone="primary" className="grade-badge" aria-label={`Grade ${row.nama}`}>
                        {grade}
                      </Badge>
                    )}
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </form>
  );
}
