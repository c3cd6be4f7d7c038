import { PRESENSI_SCREEN_MSG as T } from '@/domain/presensi-screen';
import type { MarkInput } from '@/domain/presensi-screen';
import { Badge } from '@/ui/badge';
import { jenjangTone } from '@/ui/badge-palette';
import { MarkControls } from './mark-controls';
import type { MarkCell } from './presensi-rows';

/** One participant row of the day. */
export interface DayRow {
  peserta: { id: number; nama: string; jenjang: string; divisi?: { nama: string } | null };
  cell: MarkCell;
}

interface DayViewProps {
  rows: readonly DayRow[];
  onChange: (cell: MarkCell, nama: string, mark: MarkInput) => void;
  /** Not a working day: the list shows, unmarkable, and the day says why once above it. */
  dayOff: boolean;
}

/** The day's participants, one card each: name, level, division, the mark buttons and where the mark is. */
export function DayView({ rows, onChange, dayOff }: DayViewProps) {
  return (
    <ul className={`presensi-day${dayOff ? ' is-dayoff' : ''}`} aria-label={T.title}>
      {rows.map(({ peserta, cell }) => (
        <li key={peserta.id} className={`presensi-row${cell.lock !== null ? ' is-locked' : ''}`}>
          <div className="presensi-who">
            <span className="presensi-name">{peserta.nama}</span>
            <span className="presensi-sub muted">
              <Badge tone={jenjangTone(peserta.jenjang)}>{peserta.jenjang}</Badge> {peserta.divisi?.nama ?? '-'}
            </span>
          </div>
          <MarkControls cell={cell} nama={peserta.nama} hideBlock={dayOff} onChange={(mark) => onChange(cell, peserta.nama, mark)} />
        </li>
      ))}
    </ul>
  );
}
