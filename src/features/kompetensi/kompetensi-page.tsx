import { useMemo, useState } from 'react';
import { useApi } from '@/api/api-context';
import type { KompetensiRecord } from '@/db/records';
import { entityMessages, MASTER_MSG, type Jenjang } from '@/domain/master-data';
import { MSG } from '@/domain/messages';
import { Badge } from '@/ui/badge';
import { aktifTone } from '@/ui/badge-palette';
import { rowActionsColumn, useCrudFlow } from '@/ui/crud-flow';
import type { DataTableColumn } from '@/ui/data-table';
import { ListPage } from '@/ui/list-page';
import { useBoundAction } from '@/ui/use-async-action';
import { TextOptions } from '@/ui/text-options';
import { kompetensiActions } from './save-kompetensi';
import { DivisiCellView } from './divisi-cell';
import { KompetensiFormModal } from './kompetensi-form-modal';
import { ALL_DIVISIONS, divisiFilterOptions, filterKompetensi, useKompetensi } from './use-kompetensi';
import './kompetensi.css';

/** The page's tabs: 'Mahasiswa' and 'Siswa' (the API's jenjang 'SMK'), default Siswa. */
const TABS = [
  { value: 'Mahasiswa', label: 'Mahasiswa' },
  { value: 'SMK', label: 'Siswa' },
] as const satisfies readonly { value: Jenjang; label: string }[];

/**
 * '/kompetensi' (HR): tabs by level, division filter, paged table, add / edit / delete. Hapus
 * is always offered: the server deletes a competency with its division links and its scores.
 */
export function KompetensiPage() {
  const api = useApi();
  const data = useKompetensi(api);
  const [jenjang, setJenjang] = useState<Jenjang>('SMK');
  const [divisiName, setDivisiName] = useState(ALL_DIVISIONS);
  const flow = useCrudFlow<KompetensiRecord>({
    remove: useBoundAction(api, kompetensiActions.remove),
    messages: entityMessages('Kompetensi'),
    confirm: { message: () => MASTER_MSG.kompetensiDeleteConfirm },
  });

  const options = useMemo(() => divisiFilterOptions(data.rows ?? []), [data.rows]);
  const visible = useMemo(() => filterKompetensi(data.rows ?? [], jenjang, divisiName), [data.rows, jenjang, divisiName]);

  const columns: DataTableColumn<KompetensiRecord>[] = [
    { id: 'nama', header: 'Kompetensi', card: 'title', cell: (row) => row.nama },
    { id: 'divisi', header: 'Divisi', cell: (row) => <DivisiCellView row={row} /> },
    {
      id: 'aktif',
      header: 'Aktif',
      width: '7rem',
      cell: (row) => <Badge tone={aktifTone(row.aktif)}>{row.aktif ? 'Aktif' : 'Nonaktif'}</Badge>,
    },
    rowActionsColumn(flow),
  ];

  return (
    <ListPage
      title="Kompetensi"
      flow={flow}
      add={{ label: 'Add Competency', placement: 'toolbar' }}
      tabs={{ tabs: TABS, value: jenjang, onChange: setJenjang, label: 'Jenjang kompetensi' }}
      toolbar={
        <select className="select" aria-label="Filter divisi" value={divisiName} onChange={(e) => setDivisiName(e.target.value)}>
          <option value={ALL_DIVISIONS}>All Divisions</option>
          <TextOptions values={options} />
        </select>
      }
      data={data}
      visible={visible}
      resetKey={`${jenjang}|${divisiName}`}
      failedMessage={MASTER_MSG.kompetensiLoadFailed}
      staleMessage={MSG.staleMirror}
      label="Daftar Kompetensi"
      columns={columns}
      numbered
    >
      {flow.form && (
        <KompetensiFormModal
          api={api}
          {...flow.form}
          jenjang={jenjang}
          divisi={data.divisi}
        />
      )}
    </ListPage>
  );
}
