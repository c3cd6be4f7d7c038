import { useEffect, useMemo, useRef, useState } from 'react';
import { useApi } from '@/api/api-context';
import { fetchPeserta } from '@/api/peserta';
import { mirrorArchivedPeserta } from '@/sync/pull-peserta';
import type { PesertaRecord } from '@/db/records';
import { HR, PEMBIMBING, isApprovalStep } from '@/domain/approval-chain';
import { MSG } from '@/domain/messages';
import { scoreEditLock } from '@/domain/nilai';
import { ActionButton } from '@/ui/action-button';
import { Alert } from '@/ui/alert';
import { ARSIP_MSG } from '@/domain/arsip';
import { ArsipSwitch, useArsipSwitch } from '@/ui/arsip';
import { DataTable } from '@/ui/data-table';
import { MirrorProgress } from '@/ui/mirror-progress';
import { Pager } from '@/ui/pager';
import { usePopup } from '@/ui/popup';
import { SearchInput } from '@/ui/search-input';
import { useDocumentTitle } from '@/ui/use-document-title';
import { usePagination } from '@/ui/use-pagination';
import '@/ui/filter.css';
import '@/ui/form.css';
import { ApprovalFilterChips, ApprovalFiltersPanel } from './approval-filters';
import { RefreshIcon } from './approval-cells';
import { ApprovalArsip, ApprovalArsipHint, arsipModalProps, mayActOn } from './approval-arsip';
import { approvalColumns } from './approval-columns';
import { DetailApprovalModal } from './detail-approval-modal';
import { EditNilaiModal } from './edit-nilai-modal';
import {
  type ApprovalFilters,
  type ApprovalRow,
  NO_FILTERS,
  type SortKey,
  type StatusFilterValue,
  type SortState,
  approvalRows,
  filterApprovalRows,
  nextSort,
  perluTindakanCount,
  sortApprovalRows,
} from './filter-approval';
import type { ChangeResult } from '@/sync/changes';
import { useApprovalMirror, useApprovalPull, useApprovalPullProgress } from './use-approval-data';
import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '@/db/db';
import { type NilaiMirror, nilaiOfOpen, readParticipantNilai, reviewsOf, scoresOf } from '@/db/nilai-mirror';
import type { NilaiRecord } from '@/db/records';
import '@/ui/score-table.css';
import './approval.css';

/** Search debounce of the approval screen. */
export const APPROVAL_SEARCH_DELAY_MS = 700;

export interface ApprovalPageProps {
  userId: number | null;
  role: string | null;
  /** The status filter the URL asks for (`/approval?status=perlu_tindakan`, the dashboard's link). */
  statusFilter?: StatusFilterValue;
  /** The user changed the status filter (quick filter, chip): the route puts it in the URL. */
  onStatusFilterChange?: (status: StatusFilterValue) => void;
  /** The archive is shown (the URL's `?arsip=1`); with `onArsipChange` the route holds it. */
  arsip?: boolean;
  onArsipChange?: (on: boolean) => void;
  /** A participant whose 'Detail Approval' opens at once (`/approval?peserta=<id>`, a notification's link). */
  openPesertaId?: number | null;
  /** Called once it was opened (the route then drops the parameter). */
  onPesertaOpened?: () => void;
}

/** Shown instead of the count and the empty texts until the first pull has answered. */
export const APPROVAL_LOADING_TEXT = MSG.listLoading;

type Row = ApprovalRow<PesertaRecord>;

/** '/approval' (Pembimbing, HR, BusHead); any other role sees the Access Denied text. */
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

function ApprovalScreen(props: ApprovalPageProps & { role: string }) {
  const { userId, role, statusFilter = '', onStatusFilterChange, arsip: arsipProp, onArsipChange } = props;
  const api = useApi();
  const [arsip, setArsip] = useArsipSwitch(arsipProp, onArsipChange);
  const [arsipDetail, setArsipDetail] = useState<PesertaRecord | null>(null);
  const mirror = useApprovalMirror(userId);
  const [detailId, setDetailId] = useState<number | null>(null);
  const [editId, setEditId] = useState<number | null>(null);
  const { loading, failed, refresh, wroteRows } = useApprovalPull(api, detailId !== null || editId !== null);
  // An archive row the viewer may still act on opens in the device's list, with its actions.
  const openArchived = async (row: PesertaRecord) => {
    if (!mayActOn(row, role)) {
      setArsipDetail(row);
      return;
    }
    await mirrorArchivedPeserta(db, row);
    setDetailId(row.id);
  };
  useOpenPeserta(props.openPesertaId ?? null, mirror, setDetailId, (row) => void openArchived(row), props.onPesertaOpened);
  const pullProgress = useApprovalPullProgress();
  const [search, setSearch] = useState('');
  const [filters, setFilters] = useState<ApprovalFilters>(() => ({ ...NO_FILTERS, status: statusFilter }));
  // A new `?status=` (a link followed while the screen is open) replaces the status filter.
  useEffect(() => setFilters((current) => (current.status === statusFilter ? current : { ...current, status: statusFilter })), [statusFilter]);
  const changeFilters = (next: ApprovalFilters) => {
    setFilters(next);
    if ((next.status ?? '') !== statusFilter) onStatusFilterChange?.(next.status ?? '');
  };
  const [sort, setSort] = useState<SortState | null>(null);
  const popup = usePopup();
  const canEdit = role === PEMBIMBING || role === HR;

  const all = useMemo<Row[]>(
    () =>
      mirror
        ? approvalRows(
            mirror.peserta,
            (id) => mirror.nilai.get(id) ?? [],
            (id) => reviewsOf(mirror, id),
            mirror.kompetensi,
            role,
            mirror.pendingIds,
            mirror.refused,
          )
        : [],
    [mirror, role],
  );
  const visible = useMemo(() => sortApprovalRows(filterApprovalRows(all, search, filters), sort), [all, search, filters, sort]);
  const pagination = usePagination(visible, { resetKey: `${search}|${JSON.stringify(filters)}` });
  const filtering = search.trim() !== '' || JSON.stringify(filters) !== JSON.stringify(NO_FILTERS);
  // An empty mirror before the first pull answered — or before the rows it wrote were read — is
  // "not loaded yet", not "no participants".
  const firstLoad = mirror === undefined || (all.length === 0 && (loading || (wroteRows && mirror.peserta.length === 0)));
  const todo = useMemo(() => perluTindakanCount(all), [all]);
  const quickOn = filters.status === 'perlu_tindakan';
  // A paged first pull whose size is known shows its own progress (and replaces the list's spinner while no row is in).
  const pullKnown = pullProgress !== null && pullProgress.total > 0;

  const sortProp = (key: SortKey) => ({
    direction: sort?.key === key ? (sort.dir === 'asc' ? 'ascending' : 'descending') : 'none',
    onSort: () => setSort((current) => nextSort(current, key)),
  }) as const;

  const columns = approvalColumns<Row>({
    rowNumber: (index) => pagination.from + index,
    sortProp,
    // A locked 'Edit Nilai' still opens, read-only with the lock's yellow warning; the button says so beforehand.
    actions: (r) => {
      const lock = canEdit ? scoreEditLock(role, r.reviews) : null;
      return (
        <>
          {canEdit && (
            <ActionButton
              label="Edit Nilai"
              icon={lock ? 'lock' : 'edit'}
              tone={lock ? 'neutral' : 'primary'}
              note={lock}
              onClick={() => setEditId(r.peserta.id)}
            />
          )}
          <ActionButton label="Detail Approval" icon="review" tone="info" onClick={() => setDetailId(r.peserta.id)} />
        </>
      );
    },
  });

  const detail = detailId === null ? undefined : mirror?.peserta.find((p) => p.id === detailId);
  const editing = editId === null ? undefined : mirror?.peserta.find((p) => p.id === editId);
  // The open modal's scores (one modal at a time); it shows once they are read.
  const openId = detailId ?? editId;
  const openNilai = nilaiOfOpen(useLiveQuery(() => readParticipantNilai(db, openId), [openId]), openId);
  /** What both modals show of participant `peserta`. */
  const modalProps = (peserta: PesertaRecord, nilaiMirror: NilaiMirror, nilai: readonly NilaiRecord[], viewer: number) => ({
    userId: viewer,
    role,
    peserta,
    kompetensi: nilaiMirror.kompetensi,
    scores: scoresOf(nilaiMirror, peserta.id, nilai),
  });
  /** A change's outcome: the API error popup when refused, else the 'Sukses' notice; then the list is re-pulled. */
  function announce(result: ChangeResult) {
    if (result.outcome === 'refused') popup.apiError({ error: result.title, message: result.message });
    else popup.success(result.message);
    void refresh();
  }
  const emptyText = filtering ? 'Tidak ada data yang sesuai dengan filter' : 'Tidak ada peserta yang memiliki nilai untuk disetujui';

  return (
    <section className="page approval-page">
      <header className="page-header">
        <h1>Approval Management</h1>
      </header>
      <ArsipSwitch on={arsip} onChange={setArsip} label={ARSIP_MSG.label} explain={ARSIP_MSG.explain} />
      <div className="toolbar approval-toolbar">
        <SearchInput placeholder="Cari nama peserta..." delay={APPROVAL_SEARCH_DELAY_MS} onSearch={setSearch} />
        {!arsip && (
          <button
            type="button"
            className="chip quick-filter"
            aria-pressed={quickOn}
            disabled={firstLoad}
            onClick={() => changeFilters({ ...filters, status: quickOn ? '' : 'perlu_tindakan' })}
          >
            Perlu tindakan saya
            <span className="quick-filter-count">{firstLoad ? '…' : todo}</span>
          </button>
        )}
        <ApprovalFiltersPanel value={filters} onChange={changeFilters} />
        {/* The archive is the server's order (newest first) and holds no work of the viewer's: no sort, no quick filter, no refresh. */}
        {!arsip && (
          <>
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
          </>
        )}
      </div>
      {/* The status filter is the device's to-do list: the archive does not apply it, so it shows no chip of it. */}
      <ApprovalFilterChips value={arsip ? { ...filters, status: '' } : filters} onChange={changeFilters} />
      {arsip ? (
        <ApprovalArsip role={role} search={search} filters={filters} onDetail={(row) => void openArchived(row)} />
      ) : (
        <>
          {/* One loading indicator: the list's own until the size of a paged first pull is known, then the pull's bar. */}
          <p className="approval-count muted" aria-live="polite">
            {firstLoad ? '' : `Menampilkan ${visible.length} dari ${all.length} peserta`}
          </p>
          {failed && <p className="stale-note muted">{all.length > 0 ? MSG.staleMirror : 'Failed to fetch data'}</p>}
          {pullKnown && <MirrorProgress loaded={pullProgress.loaded} total={pullProgress.total} />}
          <div className="approval-list">
            {!(pullKnown && all.length === 0) && (
              <DataTable
                label="Daftar Approval"
                columns={columns}
                rows={pagination.pageItems}
                rowKey={(r) => r.peserta.id}
                loading={firstLoad}
                loadingText={APPROVAL_LOADING_TEXT}
                emptyText={emptyText}
              />
            )}
          </div>
          {!filtering && all.length === 0 && mirror !== undefined && !loading && (
            <p className="approval-empty-hint muted">Peserta harus memiliki nilai terlebih dahulu sebelum bisa masuk ke tahap approval</p>
          )}
          {/* The status filter is the device's own: an empty to-do list says nothing of the archive. */}
          {!filters.status && (
            <ApprovalArsipHint search={search} filters={filters} empty={!firstLoad && !loading && visible.length === 0} onOpen={() => setArsip(true)} />
          )}
          <Pager page={pagination.page} total={pagination.total} pageSize={pagination.pageSize} onPageChange={pagination.setPage} />
        </>
      )}
      {arsipDetail && userId !== null && (
        <DetailApprovalModal
          {...arsipModalProps(arsipDetail, mirror?.kompetensi ?? [], userId, role)}
          readOnly
          onClose={() => setArsipDetail(null)}
          onDone={() => setArsipDetail(null)}
        />
      )}

      {detail && mirror && openNilai && userId !== null && (
        <DetailApprovalModal
          {...modalProps(detail, mirror, openNilai, userId)}
          onClose={() => setDetailId(null)}
          onDone={(result) => {
            setDetailId(null);
            announce(result);
          }}
        />
      )}
      {editing && mirror && openNilai && userId !== null && canEdit && (
        <EditNilaiModal
          {...modalProps(editing, mirror, openNilai, userId)}
          onClose={() => setEditId(null)}
          onDone={(result) => {
            if (result.outcome !== 'refused') setEditId(null);
            announce(result);
          }}
        />
      )}
      {popup.element}
    </section>
  );
}

/**
 * Opens the participant a link names (`?peserta=<id>`) wherever it lives: the device's list when
 * the mirror holds it (its actions there), else the server's row in the read-only detail (the
 * archive), once the mirror was read. Offline and not on the device, nothing opens.
 */
function useOpenPeserta(
  id: number | null,
  mirror: NilaiMirror | undefined,
  openMirrored: (id: number) => void,
  openArchived: (row: PesertaRecord) => void,
  onOpened: (() => void) | undefined,
): void {
  const api = useApi();
  const done = useRef<number | null>(null);
  useEffect(() => {
    if (id === null || mirror === undefined || done.current === id) return;
    done.current = id;
    onOpened?.();
    if (mirror.peserta.some((row) => row.id === id)) {
      openMirrored(id);
      return;
    }
    fetchPeserta(api, id).then(openArchived, () => undefined);
  }, [id, mirror, api, openMirrored, openArchived, onOpened]);
}
