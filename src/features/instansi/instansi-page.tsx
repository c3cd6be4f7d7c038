import { useMemo, useState } from 'react';
import { useApi } from '@/api/api-context';
import type { InstansiRecord } from '@/db/records';
import { entityMessages, MASTER_MSG, type InstansiJenis } from '@/domain/master-data';
import { MSG } from '@/domain/messages';
import { Badge } from '@/ui/badge';
import { jenjangTone } from '@/ui/badge-palette';
import { rowActionsColumn, useCrudFlow } from '@/ui/crud-flow';
import type { DataTableColumn } from '@/ui/data-table';
import { ListPage } from '@/ui/list-page';
import { SearchInput } from '@/ui/search-input';
import { useBoundAction } from '@/ui/use-async-action';
import { instansiActions } from './save-instansi';
import { InstansiFormModal } from './instansi-form-modal';
import { filterInstansi, instansiDeleteBlock, useInstansi } from './use-instansi';

const TABS = [
  { value: 'Kampus', label: 'Kampus' },
  { value: 'Sekolah', label: 'Sekolah' },
] as const satisfies readonly { value: InstansiJenis; label: string }[];

/** '/instansi' (HR): tabs Kampus / Sekolah (default Sekolah), search, paged table, add / edit / delete. */
export function InstansiPage() {
  const api = useApi();
  const data = useInstansi(api);
  const [jenis, setJenis] = useState<InstansiJenis>('Sekolah');
  const [search, setSearch] = useState('');
  const flow = useCrudFlow<InstansiRecord>({
    remove: useBoundAction(api, instansiActions.remove),
    messages: entityMessages('Instansi'),
    confirm: { title: MASTER_MSG.instansiDeleteTitle, message: (row) => MASTER_MSG.instansiDeleteText(row.nama), confirmLabel: 'Ya, Hapus' },
  });
  const visible = useMemo(() => filterInstansi(data.rows ?? [], jenis, search), [data.rows, jenis, search]);

  const columns: DataTableColumn<InstansiRecord>[] = [
    { id: 'nama', header: 'Nama Instansi', card: 'title', cell: (row) => row.nama },
    { id: 'tingkat', header: 'Tingkat', cell: (row) => <Badge tone={jenjangTone(row.jenis)}>{row.jenis}</Badge> },
    { id: 'peserta', header: 'Jumlah Peserta', align: 'center', width: '10rem', cell: (row) => row.pesertaCount ?? 0 },
    rowActionsColumn(flow, { deleteDisabledReason: instansiDeleteBlock }),
  ];

  return (
    <ListPage
      title="Instansi"
      flow={flow}
      add={{ label: `Tambah ${jenis}`, placement: 'toolbar' }}
      tabs={{ tabs: TABS, value: jenis, onChange: setJenis, label: 'Jenis instansi' }}
      toolbar={<SearchInput placeholder="Cari nama instansi..." onSearch={setSearch} />}
      data={data}
      visible={visible}
      resetKey={`${jenis}|${search}`}
      failedMessage={MASTER_MSG.instansiLoadFailed}
      staleMessage={MSG.staleMirror}
      label={`Daftar ${jenis}`}
      columns={columns}
      numbered
    >
      {flow.form && <InstansiFormModal api={api} {...flow.form} jenis={jenis} />}
    </ListPage>
  );
}
