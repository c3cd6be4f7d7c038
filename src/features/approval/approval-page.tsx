import { useMemo, useState } from 'react';
import type { ApiClient } from '@/api/client';
import type { PesertaRecord } from '@/db/records';
import { HR, PEMBIMBING, isApprovalStep } from '@/domain/approval-chain';
import { MSG } from '@/domain/messages';
import { Alert } from '@/ui/alert';
import { Badge } from '@/ui/badge';
import { jenjangTone, statusTone } from '@/ui/badge-palette';
import { DataTable, type DataTableColumn } from '@/ui/data-table';
import { IconButton } from '@/ui/icon-button';
import { Pager } from '@/ui/pager';
import { usePopup } from '@/ui/popup';
import { SearchInput } from '@/ui/search-input';
import { useDocumentTitle } from '@/ui/use-document-title';
import { usePagination } from '@/ui/use-pagination';
import '@/ui/form.css';
import { ApprovalFilterChips, ApprovalFiltersPanel } from './approval-filters';
import { ProgressCell, RefreshIcon } from './approval-cells';
import { DetailApprovalModal } from './detail-approval-modal';
import { EditNilaiModal } from './edit-nilai-modal';
import {
  type ApprovalFilters,
  type ApprovalRow,
  NO_FILTERS,
  type SortKey,
  type SortState,
  approvalRows,
  filterApprovalRows,
  formatPeriode,
  nextSort,
  sortApprovalRows,
} from './filter-approval';
import { useApprovalMirror, useApprovalPull } from './use-approval-data';
import { reviewsOf } from '@/db/scoring-mirror';
import '@/ui/score-table.css';
import './approval.css';

/** Search debounce of the approval screen (spec 9). */
export const APPROVAL_SEARCH_DELAY_MS = 700;

export interface ApprovalPageProps {
  api: ApiClient;
  userId: number | null;
  role: string | null;
}

type Row = ApprovalRow<PesertaRecord>;

/** '/approval' (Pembimbing, HR, BusHead); any other role sees the spec's Access Denied text. */
export function ApprovalPage(props: ApprovalPageProps) {
  useDocumentTitle('Approval');
  if (!isApprovalStep(props.role)) {
    return (
      <section className="page">
        <Alert tone="error">{MSG.accessDenied}</Alert>
      </section>
    );
  }
  return <ApprovalScreen {...props} role={props.role} />;
}

function ApprovalScreen({ api, userId, role }: ApprovalPageProps & { role: string }) {
  const mirror = useApprovalMirror(userId);
  const [detailId, setDetailId] = useState<number | null>(null);
  const [editId, setEditId] = useState<number | null>(null);
  const { loading, failed, refresh } = useApprovalPull(api, detailId !== null || editId !== null);
  const [search, setSearch] = useState('');
  const [filters, setFilters] = useState<ApprovalFilters>(NO_FILTERS);
  const [sort, setSort] = useState<SortState | null>(null);
  const popup = usePopup();
  const canEdit = role === PEMBIMBING || role === HR;

  const all = useMemo<Row[]>(
    () =>
      mirror
        ? approvalRows(mirror.peserta, (id) => mirror.nilai.get(id) ?? [], (id) => reviewsOf(mirror, id), mirror.kompetensi, role, mirror.pendingIds)
        : [],
    [mirror, role],
  );
  const visible = useMemo(() => sortApprovalRows(filterApprovalRows(all, search, filters), sort), [all, search, filters, sort]);
  const pagination = usePagination(visible, { resetKey: `${search}|${JSON.stringify(filters)}` });
  const filtering = search.trim() !== '' || JSON.stringify(filters) !== JSON.stringify(NO_FILTERS);

  const sortProp = (key: SortKey) => ({
    direction: sort?.key === key ? (sort.dir === 'asc' ? 'ascending' : 'descending') : 'none',
    onSort: () => setSort((current) => nextSort(current, key)),
  }) as const;

  const columns: DataTableColumn<Row>[] = [
    { id: 'no', header: 'No', width: '3.5rem', cell: (_, i) => pagination.from + i },
    {
      id: 'nama',
      header: 'Nama',
      card: 'title',
      cell: (r) => (
        <div className="name-cell">
          <span className="name-cell-main">
            {r.peserta.nama}
            {r.pending && (
              <span className="pending-mark" title={MSG.savedOffline}>
                tertunda
              </span>
            )}
          </span>
          <span className="muted name-cell-sub">{r.peserta.divisi?.nama ?? '-'}</span>
        </div>
      ),
    },
    {
      id: 'jenjang',
      header: 'Jenjang',
      cell: (r) => <Badge tone={jenjangTone(r.peserta.jenjang)}>{r.peserta.jenjang}</Badge>,
    },
    {
      id: 'periode',
      header: 'Periode',
      sort: sortProp('periode'),
      cell: (r) => {
        // 'dd/mm/yyyy - dd/mm/yyyy', allowed to break after the dash on narrow tables.
        const [from, to] = formatPeriode(r.peserta.tanggal_masuk, r.peserta.tanggal_selesai).split(' - ');
        return (
          <span className="periode-cell">
            <span className="nowrap">{from} -</span> <span className="nowrap">{to}</span>
          </span>
        );
      },
    },
    { id: 'progress', header: 'Progress Approval', sort: sortProp('progress'), cell: (r) => <ProgressCell progress={r.progress} /> },
    { id: 'status', header: 'Status', cell: (r) => <Badge tone={statusTone(r.status)}>{r.status}</Badge> },
    {
      id: 'aksi',
      header: 'Aksi',
      card: 'actions',
      width: canEdit ? '7rem' : '4.5rem',
      cell: (r) => (
        <>
          {canEdit && <IconButton label="Edit Nilai" icon="edit" tone="primary" onClick={() => setEditId(r.peserta.id)} />}
          <IconButton label="Detail Approval" icon="detail" tone="info" onClick={() => setDetailId(r.peserta.id)} />
        </>
      ),
    },
  ];

  const detail = detailId === null ? undefined : mirror?.peserta.find((p) => p.id === detailId);
  const editing = editId === null ? undefined : mirror?.peserta.find((p) => p.id === editId);
  const emptyText = filtering ? 'Tidak ada data yang sesuai dengan filter' : 'Tidak ada peserta yang memiliki nilai untuk disetujui';

  return (
    <section className="page">
      <header className="page-header">
        <h1>Approval Management</h1>
      </header>
      <div className="toolbar approval-toolbar">
        <SearchInput placeholder="Cari nama peserta..." delay={APPROVAL_SEARCH_DELAY_MS} onSearch={setSearch} />
        <ApprovalFiltersPanel value={filters} onChange={setFilters} />
        <select
          className="select approval-sort-select"
          aria-label="Urutkan"
          value={sort ? `${sort.key}:${sort.dir}` : ''}
          onChange={(event) => {
            const [key, dir] = event.target.value.split(':') as [SortKey, 'asc' | 'desc'];
            setSort(event.target.value ? { key, dir } : null);
          }}
        >
          <option value="">Urutkan: default</option>
          <option value="periode:asc">Periode (terlama)</option>
          <option value="periode:desc">Periode (terbaru)</option>
          <option value="progress:asc">Progress (terendah)</option>
          <option value="progress:desc">Progress (tertinggi)</option>
        </select>
        <button type="button" className="btn btn-secondary" onClick={() => void refresh()} disabled={loading} title="Refresh">
          <RefreshIcon />
          Refresh
        </button>
      </div>
      <ApprovalFilterChips value={filters} onChange={setFilters} />
      <p className="approval-count muted" aria-live="polite">{`Menampilkan ${visible.length} dari ${all.length} peserta`}</p>
      {failed && <p className="stale-note muted">{all.length > 0 ? MSG.staleMirror : 'Failed to fetch data'}</p>}
      <DataTable
        label="Daftar Approval"
        columns={columns}
        rows={pagination.pageItems}
        rowKey={(r) => r.peserta.id}
        loading={mirror === undefined || (loading && all.length === 0)}
        emptyText={emptyText}
      />
      {!filtering && all.length === 0 && mirror !== undefined && !loading && (
        <p className="approval-empty-hint muted">Peserta harus memiliki nilai terlebih dahulu sebelum bisa masuk ke tahap approval</p>
      )}
      <Pager page={pagination.page} total={pagination.total} pageSize={pagination.pageSize} onPageChange={pagination.setPage} />

      {detail && mirror && userId !== null && (
        <DetailApprovalModal
          userId={userId}
          role={role}
          peserta={detail}
          kompetensi={mirror.kompetensi}
          nilai={mirror.nilai.get(detail.id) ?? []}
          reviews={reviewsOf(mirror, detail.id)}
          onClose={() => setDetailId(null)}
          onDone={(result) => {
            setDetailId(null);
            if (result.outcome === 'refused') popup.error(result.message);
            else popup.success(result.message);
            void refresh();
          }}
        />
      )}
      {editing && mirror && userId !== null && canEdit && (
        <EditNilaiModal
          userId={userId}
          role={role}
          peserta={editing}
          kompetensi={mirror.kompetensi}
          nilai={mirror.nilai.get(editing.id) ?? []}
          reviews={reviewsOf(mirror, editing.id)}
          onClose={() => setEditId(null)}
          onDone={(result) => {
            if (result.outcome !== 'refused') setEditId(null);
            if (result.outcome === 'refused') popup.error(result.message);
            else popup.success(result.message);
            void refresh();
          }}
        />
      )}
      {popup.element}
    </section>
  );
}
