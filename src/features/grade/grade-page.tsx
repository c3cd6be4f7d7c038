import { useState } from 'react';
import type { ApiClient } from '@/api/client';
import type { GradeRecord } from '@/db/records';
import { gradeChip } from '@/domain/grade';
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
import { usePagination } from '@/ui/use-pagination';
import { useDocumentTitle } from '@/ui/use-document-title';
import { useDeleteGrade } from './delete-grade';
import { GradeFormModal } from './grade-form-modal';
import { useGrade } from './use-grade';
import './grade.css';

/** '/grade' ('Management Grade Template', HR): paged table of transcript templates, add / edit / delete. */
export function GradePage({ api }: { api: ApiClient }) {
  useDocumentTitle('Management Grade Template');
  const { rows, loading, failed, refresh } = useGrade(api);
  const [form, setForm] = useState<{ template: GradeRecord | null } | null>(null);
  const [deleting, setDeleting] = useState<GradeRecord | null>(null);
  const remove = useDeleteGrade(api);
  const popup = usePopup();
  const pagination = usePagination(rows ?? []);
  const hasRows = (rows?.length ?? 0) > 0;

  async function confirmDelete() {
    if (!deleting) return;
    if ((await remove.run(deleting.id)) === undefined) return;
    setDeleting(null);
    popup.success(MSG.gradeDeleted);
  }

  const columns: DataTableColumn<GradeRecord>[] = [
    { id: 'nama', header: 'Nama Template', card: 'title', cell: (row) => row.nama },
    {
      id: 'jenjang',
      header: 'Jenjang',
      width: '8rem',
      cell: (row) => <Badge tone={jenjangTone(row.kategori)}>{row.kategori}</Badge>,
    },
    { id: 'deskripsi', header: 'Deskripsi', cell: (row) => row.deskripsi || <span className="muted">-</span> },
    {
      id: 'ambang',
      header: 'Ambang Nilai',
      cell: (row) => (
        <ul className="grade-chips">
          {row.items.map((item) => (
            <li key={`${item.huruf}-${item.min}`}>
              <Badge tone="primary">{gradeChip(item)}</Badge>
            </li>
          ))}
        </ul>
      ),
    },
    {
      id: 'aksi',
      header: 'Aksi',
      card: 'actions',
      width: '7rem',
      cell: (row) => (
        <RowActions
          onEdit={() => setForm({ template: row })}
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
        <h1>Management Grade Template</h1>
        <div className="page-header-actions">
          <button type="button" className="btn btn-primary" onClick={() => setForm({ template: null })}>
            <Icon name="plus" size={18} />
            Tambah Template
          </button>
        </div>
      </header>

      <LoadFailure failed={failed} hasRows={hasRows} message={MSG.gradeLoadFailed} staleMessage={MSG.staleMirror} onRetry={() => void refresh()} />

      <PagedTable
        label="Daftar Template Grade"
        columns={columns}
        rowKey={(row) => row.id}
        loading={rows === undefined || (loading && !hasRows)}
        pagination={pagination}
      />

      {form && (
        <GradeFormModal
          api={api}
          template={form.template}
          onClose={() => setForm(null)}
          onSaved={(added) => {
            setForm(null);
            popup.success(added ? MSG.entityAdded('Template grade') : MSG.entityUpdated('Template grade'));
          }}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        message={MSG.gradeDeleteConfirm}
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
