import type { ReactNode } from 'react';
import type { Peserta } from '@/domain/peserta';
import type { DataTableColumn } from '@/ui/data-table';

/**
 * The columns of the participant lists, the device's and the archive's: No, Nama, the school /
 * campus, Divisi, Mentor and the row's actions.
 */
export function pesertaColumns<R extends Peserta>(
  institution: string,
  rowNumber: (index: number) => number,
  actions: (row: R) => ReactNode,
): DataTableColumn<R>[] {
  return [
    { id: 'no', header: 'No', width: '4rem', cell: (_, i) => rowNumber(i) },
    { id: 'nama', header: 'Nama', card: 'title', cell: (row) => row.nama },
    { id: 'instansi', header: institution, cell: (row) => row.instansi?.nama ?? '-' },
    { id: 'divisi', header: 'Divisi', cell: (row) => row.divisi?.nama ?? '-' },
    { id: 'mentor', header: 'Mentor', cell: (row) => row.mentor?.username ?? '-' },
    { id: 'action', header: 'Action', card: 'actions', width: '10rem', cell: actions },
  ];
}
