import { useState } from 'react';
import { formatDateId } from '@/domain/dates';
import { type MarkInput, HARI_PENDEK, PRESENSI_SCREEN_MSG as T, STATUS_LETTER } from '@/domain/presensi-screen';
import { weekdayOf } from '@/domain/presensi';
import { Modal } from '@/ui/modal';
import { MarkControls } from './mark-controls';
import type { MarkCell } from './presensi-rows';

/** One participant row of the week: a cell per day, Monday first (null: outside the internship). */
export interface WeekRow {
  peserta: { id: number; nama: string };
  cells: (MarkCell | null)[];
}

interface WeekViewProps {
  dates: readonly string[];
  rows: readonly WeekRow[];
  onChange: (pesertaId: number, tanggal: string, mark: MarkInput) => void;
  showErrors: boolean;
}

/** 'Sen 23' over a day's column. */
function dayHeader(tanggal: string): string {
  return `${HARI_PENDEK[weekdayOf(tanggal) - 1]} ${Number(tanggal.slice(8, 10))}`;
}

/**
 * The week as a table: a row per participant, a column per day, each cell the mark's letter.
 * Tapping a cell opens a small picker (the day's buttons and note) for that participant's day.
 * The names column stays put while the days scroll sideways on a phone.
 */
export function WeekView({ dates, rows, onChange, showErrors }: WeekViewProps) {
  const [picked, setPicked] = useState<{ pesertaId: number; tanggal: string } | null>(null);
  const pickedRow = picked && rows.find((row) => row.peserta.id === picked.pesertaId);
  const pickedCell = pickedRow?.cells.find((cell) => cell?.tanggal === picked?.tanggal) ?? null;
  return (
    <div className="presensi-week-box" role="region" aria-label={T.weekTable} tabIndex={0}>
      <table className="presensi-week">
        <thead>
          <tr>
            <th scope="col" className="presensi-week-name">
              {T.nameHeader}
            </th>
            {dates.map((tanggal) => (
              <th key={tanggal} scope="col" title={formatDateId(tanggal)}>
                {dayHeader(tanggal)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(({ peserta, cells }) => (
            <tr key={peserta.id}>
              <th scope="row" className="presensi-week-name">
                {peserta.nama}
                {cells.some((cell) => cell?.lock) && <span className="presensi-week-locked muted">{T.lockedShort}</span>}
              </th>
              {cells.map((cell, i) => (
                <td key={dates[i]}>
                  {cell && (
                    <button
                      type="button"
                      className={`presensi-cell presensi-cell-${cell.state}${cell.refused !== null ? ' is-refused' : ''}`}
                      aria-label={T.cellLabel(peserta.nama, formatDateId(cell.tanggal), cell.shown?.status ?? T.notMarked)}
                      // A locked cell still opens, read-only, to show the lock's text; a date that
                      // cannot be marked at all (future, outside the internship, not a working day) does not.
                      disabled={cell.block !== null && cell.refused === null}
                      title={cell.lock ?? cell.refused ?? cell.block ?? undefined}
                      onClick={() => setPicked({ pesertaId: peserta.id, tanggal: cell.tanggal })}
                    >
                      {cell.shown ? STATUS_LETTER[cell.shown.status] : ''}
                    </button>
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {pickedRow && pickedCell && (
        <Modal
          open
          size="sm"
          title={`${pickedRow.peserta.nama} — ${formatDateId(pickedCell.tanggal)}`}
          onClose={() => setPicked(null)}
          footer={
            <button type="button" className="btn btn-primary" onClick={() => setPicked(null)}>
              {T.pickerDone}
            </button>
          }
        >
          <MarkControls
            cell={pickedCell}
            nama={pickedRow.peserta.nama}
            showErrors={showErrors}
            onChange={(mark) => onChange(pickedRow.peserta.id, pickedCell.tanggal, mark)}
          />
        </Modal>
      )}
    </div>
  );
}
