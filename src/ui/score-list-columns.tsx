import type { ReactNode } from 'react';
import { Badge } from './badge';
import { jenjangTone } from './badge-palette';
import type { DataTableColumn } from './data-table';
import { RefusedMark } from './refused-mark';
import './score-table.css';

/** A row of the score lists (Penilaian, Approval): the participant and this user's refused change. */
interface ScoreListRow {
  peserta: { nama: string; jenjang: string; divisi?: { nama: string } | null };
  /** The refusal text of this user's queued change of the participant, else null. */
  refused: string | null;
}

/** 'tertunda' next to a participant with a change of this user still queued; `title` says why. */
export function PendingMark({ title }: { title: string }) {
  return (
    <span className="pending-mark" title={title}>
      tertunda
    </span>
  );
}

interface NameColumnOptions<R> {
  /** The refusal chip's text. */
  refusedLabel: string;
  /** Repeats the name and the division as `title` (a table that cuts long texts). */
  titled?: boolean;
  /** Shown right after the name (e.g. a PendingMark). */
  mark?: (row: R) => ReactNode;
}

/** The 'Nama' column of the score lists: the name, the division below ('-' without), the refusal chip. */
export function nameColumn<R extends ScoreListRow>({ refusedLabel, titled = false, mark }: NameColumnOptions<R>): DataTableColumn<R> {
  return {
    id: 'nama',
    header: 'Nama',
    card: 'title',
    cell: (r) => (
      <div className="name-cell">
        <span className="name-cell-main" title={titled ? r.peserta.nama : undefined}>
          {r.peserta.nama}
          {mark?.(r)}
        </span>
        <span className="muted name-cell-sub" title={titled ? r.peserta.divisi?.nama : undefined}>
          {r.peserta.divisi?.nama ?? '-'}
        </span>
        {r.refused !== null && <RefusedMark label={refusedLabel} message={r.refused} />}
      </div>
    ),
  };
}

/** The 'Jenjang' column of the score lists: the level as a badge. */
export function jenjangColumn<R extends ScoreListRow>(): DataTableColumn<R> {
  return { id: 'jenjang', header: 'Jenjang', cell: (r) => <Badge tone={jenjangTone(r.peserta.jenjang)}>{r.peserta.jenjang}</Badge> };
}
