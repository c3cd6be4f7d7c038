import { useMemo, useState } from 'react';
import type { ApiClient } from '@/api/client';
import type { InstansiRecord } from '@/db/records';
import { MASTER_MSG, type InstansiJenis } from '@/domain/master-data';
import { MSG } from '@/domain/messages';
import { Badge } from '@/ui/badge';
import { jenjangTone } from '@/ui/badge-palette';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { type DataTableColumn } from '@/ui/data-table';
import { PagedTable } from '@/ui/paged-table';
import { RowActions } from '@/ui/row-actions';
import { LoadFailure } from '@/ui/load-failure';
import { Icon } from '@/ui/icons';
import { Pager } from '@/ui/pager';
import { usePopup } from '@/ui/popup';
import { SearchInput } from '@/ui/search-input';
import { Tabs } from '@/ui/tabs';
import { usePagination } from '@/ui/use-pagination';
import { useDocumentTitle } from '@/ui/use-document-title';
import { useDeleteInstansi } from './delete-instansi';
import { InstansiFormModal } from './instansi-form-modal';
import { filterInstansi, useInstansi } from './use-instansi';

const TABS = [
  { value: 'Kampus', label: 'Kampus' },
  { value: 'Sekolah', label: 'Sekolah' },
] as const satisfies readonly { value: InstansiJenis; label: string }[];

/** '/instansi' (HR): tabs Kampus / Sekolah (default Sekolah), search, paged table, add / edit / delete. */
export function InstansiPage({ api }: { api: ApiClient }) {
  useDocumentTitle('Instansi');
  const { rows, loading, failed, refresh } = useInstansi(api);
  const [jenis, setJenis] = useState<InstansiJenis>('Sekolah');
  const [search, setSearch] = useState('');
  const [form, setForm] = useState<{ instansi: InstansiRecord | null } | null>(null);
  const [deleting, setDeleting] = useState<InstansiRecord | null>(null);
  const remove = useDeleteInstansi(api);
  const popup = usePopup();

  const visible = useMemo(() => filterInstansi(rows ?? [], jenis, search), [rows, jenis, search]);
  const pagination = usePagination(visible, { resetKey: `${jenis}|${search}` });
  const hasRows = (rows?.length ?? 0) > 0;

  async function confirmDelete() {
    if (!deleting) return;
    if ((await remove.run(deleting.id)) === undefined) return;
    setDeleting(null);
    popup.success(MSG.entityDeleted('Instansi'));
  }

  const columns: DataTableColumn<InstansiRecord>[] = [
    { id: 'no', header: 'No', width: '4rem', cell: (_, i) => pagination.from + i },
    { id: 'nama', header: 'Nama Instansi', card: 'title', cell: (row) => row.nama },
    {
      id: 'tingkat',
      header: 'Tingkat',
      cell: (row) => <Badge tone={jenjangTone(row.jenis)}>{row.jenis}</Badge>,
    },
    { id: 'peserta', header: 'Jumlah Peserta', align: 'center', width: '10rem', cell: (row) => row.pesertaCount ?? 0 },
    {
      id: 'aksi',
      header: 'Aksi',
      card: 'actions',
      width: '7rem',
      cell: (row) => (
        <RowActions
          onEdit={() => setForm({ instansi: row })}
          onDelete={() => {
            remove.reset();
            setDeleting(row);
          }}
        />
      ),
    },
  ];

  return (
    <section className="page">
      <header className="page-header">
        <h1>Instansi</h1>
      </header>

      <Tabs tabs={TABS} value={jenis} onChange={setJenis} label="Jenis instansi">
        <div className="toolbar">
          <SearchInput placeholder="Cari nama instansi..." onSearch={setSearch} />
          <div className="toolbar-end">
            <button type="button" className="btn btn-primary" onClick={() => setForm({ instansi: null })}>
              <Icon name="plus" size={18} />
              {`Tambah ${jenis}`}
            </button>
          </div>
        </div>

        <LoadFailure failed={failed} hasRows={hasRows} message={MASTER_MSG.instansiLoadFailed} staleMessage={MSG.staleMirror} onRetry={() => void refresh()} />

        <PagedTable
          label={`Daftar ${jenis}`}
          columns={columns}
          rowKey={(row) => row.id}
          loading={rows === undefined || (loading && !hasRows)}
          pagination={pagination}
        />
      </Tabs>

      {form && (
        <InstansiFormModal
          api={api}
          instansi={form.instansi}
          jenis={jenis}
          onClose={() => setForm(null)}
          onSaved={(added) => {
            setForm(null);
            popup.success(added ? MSG.entityAdded('Instansi') : MSG.entityUpdated('Instansi'));
          }}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={MASTER_MSG.instansiDeleteTitle}
        message={MASTER_MSG.instansiDeleteText(deleting?.nama ?? '')}
        confirmLabel="Ya, Hapus"
        busyLabel="Menghapus..."
        tone="danger"
        busy={remove.busy}
        error={remove.error}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
      {popup.element}
    </section>
  );
}
