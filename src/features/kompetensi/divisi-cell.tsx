import type { KompetensiRecord } from '@/db/records';
import { Badge } from '@/ui/badge';
import { divisiCell } from './divisi-cell-rule';

/** The Divisi cell: 'Belum ada divisi', a 'Semua Divisi' badge with the names as tooltip, or a badge each. */
export function DivisiCellView({ row }: { row: KompetensiRecord }) {
  const cell = divisiCell(row);
  if (cell.kind === 'none') return <span className="muted">Belum ada divisi</span>;
  if (cell.kind === 'all') {
    const list = cell.names.join(', ');
    return (
      <Badge tone="primary" title={list} tabIndex={0} className="badge-tooltip">
        Semua Divisi<span className="sr-only">: {list}</span>
      </Badge>
    );
  }
  return (
    <span className="badge-list">
      {cell.names.map((name) => (
        <Badge key={name} tone="neutral">
          {name}
        </Badge>
      ))}
    </span>
  );
}
