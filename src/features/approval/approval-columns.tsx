import type { ReactNode } from 'react';
import { MSG } from '@/domain/messages';
import { Badge } from '@/ui/badge';
import { statusTone } from '@/ui/badge-palette';
import type { DataTableColumn } from '@/ui/data-table';
import { PendingMark, jenjangColumn, nameColumn } from '@/ui/score-list-columns';
import { ProgressCell } from './approval-cells';
import { type ApprovalRow, type SortKey, formatPeriode } from './filter-approval';

interface ApprovalColumnsOptions<R extends ApprovalRow> {
  /** The 'No' of the row at `index` on the page shown. */
  rowNumber: (index: number) => number;
  /** The sort buttons of Periode and Progress (the device's list only; the archive is newest first). */
  sortProp?: (key: SortKey) => DataTableColumn<R>['sort'];
  /** The row's action buttons. */
  actions: (row: R) => ReactNode;
}

/**
 * The columns of the approval list, the device's and the archive's: No, Nama (division below,
 * the queued and refused marks), Jenjang, Periode, Progress Approval, Status and the actions.
 */
export function approvalColumns<R extends ApprovalRow>({ rowNumber, sortProp, actions }: ApprovalColumnsOptions<R>): DataTableColumn<R>[] {
  return [
    { id: 'no', header: 'No', width: '2.5rem', cell: (_, i) => rowNumber(i) },
    nameColumn({ refusedLabel: MSG.refusedChanges, titled: true, mark: (r) => r.pending && <PendingMark title={MSG.savedOffline} /> }),
    jenjangColumn(),
    {
      id: 'periode',
      header: 'Periode',
      sort: sortProp?.('periode'),
      cell: (r) => {
        // 'dd/mm/yyyy - dd/mm/yyyy', broken after the dash in the table (two short lines, like the name cell).
        const [from, to] = formatPeriode(r.peserta.tanggal_masuk, r.peserta.tanggal_selesai).split(' - ');
        return (
          <span className="periode-cell">
            <span className="nowrap">{from} -</span> <span className="nowrap">{to}</span>
          </span>
        );
      },
    },
    { id: 'progress', header: 'Progress Approval', sort: sortProp?.('progress'), cell: (r) => <ProgressCell progress={r.progress} /> },
    { id: 'status', header: 'Status', card: 'status', cell: (r) => <Badge tone={statusTone(r.status)}>{r.status}</Badge> },
    { id: 'aksi', header: 'Aksi', card: 'actions', cell: actions },
  ];
}
