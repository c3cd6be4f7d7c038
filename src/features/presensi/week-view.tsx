import { useEffect, useRef, useState } from 'react';
import { formatDateId, formatHariTanggal } from '@/domain/dates';
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
  onChange: (cell: MarkCell, nama: string, mark: MarkInput) => void;
}

/** 'Sen 23' over a day's column. */
function dayHeader(tanggal: string): string {
  return `${HARI_PENDEK[weekdayOf(tanggal) - 1]} ${Number(tanggal.slice(8, 10))}`;
}

/** The classes of a cell: its status's colour, where its mark is, locked or refused. */
function cellClass(cell: MarkCell): string {
  const classes = ['presensi-cell', `presensi-cell-${cell.state}`];
  if (cell.shown) classes.push(`presensi-cell-${STATUS_LETTER[cell.shown.status].toLowerCase()}`);
  if (cell.lock !== null) classes.push('is-locked');
  if (cell.refused !== null) classes.push('is-refused');
  return classes.join(' ');
}

/**
 * Whether the box scrolls sideways and more days lie to its right: the cue under the table shows
 * while they do.
 */
function useMoreToTheRight() {
  const ref = useRef<HTMLDivElement>(null);
  const [more, setMore] = useState(false);
  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    const measure = () => setMore(box.scrollLeft + box.clientWidth < box.scrollWidth - 4);
    measure();
    box.addEventListener('scroll', measure, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(box);
    return () => {
      box.removeEventListener('scroll', measure);
      observer?.disconnect();
    };
  }, []);
  return { ref, more };
}

/**
 * The week as a table: a row per participant, a column per day, each cell the mark's letter in
 * its status's colour (as the day's buttons). Tapping a cell opens a small picker for that
 * participant's day, where a tap keeps the mark at once; locked cells show a lock and open
 * read-only. The names column stays put while the days scroll sideways on a phone, with a cue
 * while more days lie to the right.
 */
export function WeekView({ dates, rows, onChange }: WeekViewProps) {
  const [picked, setPicked] = useState<{ pesertaId: number; tanggal: string } | null>(null);
  const { ref, more } = useMoreToTheRight();
  const pickedRow = picked && rows.find((row) => row.peserta.id === picked.pesertaId);
  const pickedCell = pickedRow?.cells.find((cell) => cell?.tanggal === picked?.tanggal) ?? null;
  return (
    <div className={`presensi-week-wrap${more ? ' has-more' : ''}`}>
      <div ref={ref} className="presensi-week-box" role="region" aria-label={T.weekTable} tabIndex={0}>
        <table className="presensi-week">
          <thead>
            <tr>
              <th scope="col" className="presensi-week-name">
                {T.nameHeader}
              </th>
              {dates.map((tanggal) => (
                <th key={tanggal} scope="col" title={formatHariTanggal(tanggal)}>
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
                        className={cellClass(cell)}
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
      </div>
      {more && (
        <p className="presensi-week-more muted" aria-hidden="true">
          {T.scrollHint} <span className="presensi-week-arrow">→</span>
        </p>
      )}
      {pickedRow && pickedCell && (
        <Modal
          open
          size="sm"
          title={`${pickedRow.peserta.nama} — ${formatDateId(pickedCell.tanggal)}`}
          onClose={() => setPicked(null)}
          footer={
            <button type="button" className="btn btn-secondary" onClick={() => setPicked(null)}>
              {T.pickerClose}
            </button>
          }
        >
          <MarkControls cell={pickedCell} nama={pickedRow.peserta.nama} onChange={(mark) => onChange(pickedCell, pickedRow.peserta.nama, mark)} />
        </Modal>
      )}
    </div>
  );
}
