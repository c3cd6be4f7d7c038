import { useState } from 'react';
import type { ApiClient } from '@/api/client';
import type { DivisiRecord } from '@/db/records';
import { MASTER_MSG } from '@/domain/master-data';
import { MSG } from '@/domain/messages';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { type DataTableColumn } from '@/ui/data-table';
import { PagedTable } from '@/ui/paged-table';
import { RowActions } from '@/ui/row-actions';
import { LoadFailure } from '@/ui/load-failure';
import { Icon } from '@/ui/icons';
import { Pager } from '@/ui/pager';
import { usePopup } from '@/ui/popup';
import { usePagination } from '@/ui/use-pagination';
import { useDocumentTitle } from '@/ui/use-document-title';
import { useDeleteDivisi } from './delete-divisi';
import { DivisiDetailModal } from './divisi-detail-modal';
import { DivisiFormModal } from './divisi-form-modal';
import { useDivisi } from './use-divisi';

/** '/divisi' (HR): paged table of divisions with detail, add, edit and delete. */
export function DivisiPage({ api }: { api: ApiClient }) {
  useDocumentTitle('Divisi');
  const { rows, loading, failed, refresh } = useDivisi(api);
  const [form, setForm] = useState<{ divisi: DivisiRecord | null } | null>(null);
  const [detail, setDetail] = useState<DivisiRecord | null>(null);
  const [deleting, setDeleting] = useState<DivisiRecord | null>(null);
  const remove = useDeleteDivisi(api);
  const popup = usePopup();
  const pagination = usePagination(rows ?? []);
  const hasRows = (rows?.length ?? 0) > 0;

  async function confirmDelete() {
    if (!deleting) return;
    if ((await remove.run(deleting.id)) === undefined) return;
    setDeleting(null);
    popup.success(MASTER_MSG.divisiDeleted);
  }

  const columns: DataTableColumn<DivisiRecord>[] = [
    { id: 'no', header: 'No', width: '4rem', cell: (_, i) => pagination.from + i },
    { id: 'nama', header: 'Nama Divisi', card: 'title', cell: (d) => d.nama },
    { id: 'jumlah', header: 'Jumlah Kompetensi', align: 'center', width: '12rem', cell: (d) => d.divisi_kategori?.length ?? 0 },
    {
      id: 'aksi',
      header: 'Aksi',
      card: 'actions',
      width: '10rem',
      cell: (d) => (
        <RowActions
          onDetail={() => setDetail(d)}
          onEdit={() => setForm({ divisi: d })}
          onDelete={() => {
            remove.reset();
            setDeleting(d);
          }}
        />
      ),
    },
  ];

  return (
    <section className="page">
      <header className="page-header">
        <h1>Divisi</h1>
        <div className="page-header-actions">
          <button type="button" className="btn btn-primary" title="Tambah Divisi" onClick={() => setForm({ divisi: null })}>
            <Icon name="plus" size={18} />
            Tambah Divisi
          </button>
        </div>
      </header>

      <LoadFailure failed={failed} hasRows={hasRows} message={MASTER_MSG.divisiLoadFailed} staleMessage={MSG.staleMirror} onRetry={() => void refresh()} />

      <PagedTable
        label="Daftar Divisi"
        columns={columns}
        rowKey={(d) => d.id}
        loading={rows === undefined || (loading && !hasRows)}
        pagination={pagination}
      />

      {form && (
        <DivisiFormModal
          api={api}
          divisi={form.divisi}
          onClose={() => setForm(null)}
          onSaved={(added) => {
            setForm(null);
            popup.success(added ? MSG.entityAdded('Divisi') : MSG.entityUpdated('Divisi'));
          }}
        />
      )}
      {detail && <DivisiDetailModal divisi={detail} onClose={() => setDetail(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        message={MASTER_MSG.divisiDeleteConfirm}
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
