import { useState } from 'react';
import { useApi } from '@/api/api-context';
import type { DivisiRecord } from '@/db/records';
import { entityMessages, MASTER_MSG } from '@/domain/master-data';
import { MSG } from '@/domain/messages';
import { rowActionsColumn, useCrudFlow } from '@/ui/crud-flow';
import type { DataTableColumn } from '@/ui/data-table';
import { ListPage } from '@/ui/list-page';
import { useBoundAction } from '@/ui/use-async-action';
import { divisiActions } from './save-divisi';
import { DivisiDetailModal } from './divisi-detail-modal';
import { DivisiFormModal } from './divisi-form-modal';
import { divisiDeleteBlock, useDivisi } from './use-divisi';

/** '/divisi' (HR): paged table of divisions with detail, add, edit and delete. */
export function DivisiPage() {
  const api = useApi();
  const data = useDivisi(api);
  const [detail, setDetail] = useState<DivisiRecord | null>(null);
  const flow = useCrudFlow<DivisiRecord>({
    remove: useBoundAction(api, divisiActions.remove),
    messages: entityMessages('Divisi'),
    confirm: { message: () => MASTER_MSG.divisiDeleteConfirm },
  });

  const columns: DataTableColumn<DivisiRecord>[] = [
    { id: 'nama', header: 'Nama Divisi', card: 'title', cell: (d) => d.nama },
    { id: 'jumlah', header: 'Jumlah Kompetensi', align: 'center', width: '12rem', cell: (d) => d.divisi_kategori?.length ?? 0 },
    rowActionsColumn(flow, {
      width: '10rem',
      onDetail: setDetail,
      deleteDisabledReason: (d) => divisiDeleteBlock(d, data.usedIds),
    }),
  ];

  return (
    <ListPage
      title="Divisi"
      flow={flow}
      add={{ label: 'Tambah Divisi', title: 'Tambah Divisi' }}
      data={data}
      failedMessage={MASTER_MSG.divisiLoadFailed}
      staleMessage={MSG.staleMirror}
      label="Daftar Divisi"
      columns={columns}
      numbered
    >
      {flow.form && <DivisiFormModal api={api} {...flow.form} />}
      {detail && <DivisiDetailModal divisi={detail} onClose={() => setDetail(null)} />}
    </ListPage>
  );
}
