import { useMemo, useState } from 'react';
import type { ApiClient } from '@/api/client';
import type { KompetensiRecord } from '@/db/records';
import { MASTER_MSG, type Jenjang } from '@/domain/master-data';
import { MSG } from '@/domain/messages';
import { Badge } from '@/ui/badge';
import { aktifTone } from '@/ui/badge-palette';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { type DataTableColumn } from '@/ui/data-table';
import { PagedTable } from '@/ui/paged-table';
import { RowActions } from '@/ui/row-actions';
import { LoadFailure } from '@/ui/load-failure';
import { Icon } from '@/ui/icons';
import { Pager } from '@/ui/pager';
import { usePopup } from '@/ui/popup';
import { Tabs } from '@/ui/tabs';
import { usePagination } from '@/ui/use-pagination';
import { useDocumentTitle } from '@/ui/use-document-title';
import { useDeleteKompetensi } from './delete-kompetensi';
import { DivisiCellView } from './divisi-cell';
import { KompetensiFormModal } from './kompetensi-form-modal';
import { ALL_DIVISIONS, divisiFilterOptions, filterKompetensi, useKompetensi } from './use-kompetensi';
import './kompetensi.css';

/** Tabs of spec 2: 'Mahasiswa' and 'Siswa' (jenjang SMK, CONTRACT), default Siswa. */
const TABS = [
  { value: 'Mahasiswa', label: 'Mahasiswa' },
  { value: 'SMK', label: 'Siswa' },
] as const satisfies readonly { value: Jenjang; label: string }[];

/** '/kompetensi' (HR): tabs by level, division filter, paged table, add / edit / delete. */
export function KompetensiPage({ api }: { api: ApiClient }) {
  useDocumentTitle('Kompetensi');
  const { rows, divisi, loading, failed, refresh } = useKompetensi(api);
  const [jenjang, setJenjang] = useState<Jenjang>('SMK');
  const [divisiName, setDivisiName] = useState(ALL_DIVISIONS);
  const [form, setForm] = useState<{ kompetensi: KompetensiRecord | null } | null>(null);
  const [deleting, setDeleting] = useState<KompetensiRecord | null>(null);
  const remove = useDeleteKompetensi(api);
  const popup = usePopup();

  const options = useMemo(() => divisiFilterOptions(rows ?? []), [rows]);
  const visible = useMemo(() => filterKompetensi(rows ?? [], jenjang, divisiName), [rows, jenjang, divisiName]);
  const pagination = usePagination(visible, { resetKey: `${jenjang}|${divisiName}` });
  const hasRows = (rows?.length ?? 0) > 0;

  async function confirmDelete() {
    if (!deleting) return;
    if ((await remove.run(deleting.id)) === undefined) return;
    setDeleting(null);
    popup.success(MASTER_MSG.kompetensiDeleted);
  }

  const columns: DataTableColumn<KompetensiRecord>[] = [
    { id: 'no', header: 'No', width: '4rem', cell: (_, i) => pagination.from + i },
    { id: 'nama', header: 'Kompetensi', card: 'title', cell: (row) => row.nama },
    { id: 'divisi', header: 'Divisi', cell: (row) => <DivisiCellView row={row} /> },
    {
      id: 'aktif',
      header: 'Aktif',
      width: '7rem',
      cell: (row) => <Badge tone={aktifTone(row.aktif)}>{row.aktif ? 'Aktif' : 'Nonaktif'}</Badge>,
    },
    {
      id: 'aksi',
      header: 'Aksi',
      card: 'actions',
      width: '7rem',
      cell: (row) => (
        <RowActions
          onEdit={() => setForm({ kompetensi: row })}
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
        <h1>Kompetensi</h1>
      </header>

      <Tabs tabs={TABS} value={jenjang} onChange={setJenjang} label="Jenjang kompetensi">
        <div className="toolbar">
          <select className="select" aria-label="Filter divisi" value={divisiName} onChange={(e) => setDivisiName(e.target.value)}>
            <option value={ALL_DIVISIONS}>All Divisions</option>
            {options.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
          <div className="toolbar-end">
            <button type="button" className="btn btn-primary" onClick={() => setForm({ kompetensi: null })}>
              <Icon name="plus" size={18} />
              Add Competency
            </button>
          </div>
        </div>

        <LoadFailure failed={failed} hasRows={hasRows} message={MASTER_MSG.kompetensiLoadFailed} staleMessage={MSG.staleMirror} onRetry={() => void refresh()} />

        <PagedTable
          label="Daftar Kompetensi"
          columns={columns}
          rowKey={(row) => row.id}
          loading={rows === undefined || (loading && !hasRows)}
          pagination={pagination}
        />
      </Tabs>

      {form && (
        <KompetensiFormModal
          api={api}
          kompetensi={form.kompetensi}
          jenjang={jenjang}
          divisi={divisi}
          onClose={() => setForm(null)}
          onSaved={(added) => {
            setForm(null);
            popup.success(added ? MSG.entityAdded('Kompetensi') : MSG.entityUpdated('Kompetensi'));
          }}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        message={MASTER_MSG.kompetensiDeleteConfirm}
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
