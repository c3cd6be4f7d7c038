import { useEffect, useMemo, useRef, useState } from 'react';
import { useApi } from '@/api/api-context';
import { MSG } from '@/domain/messages';
import { PESERTA_MSG } from '@/domain/peserta';
import { kompetensiFor } from '@/domain/nilai-view';
import { ActionButton } from '@/ui/action-button';
import { LoadFailure } from '@/ui/load-failure';
import { Badge } from '@/ui/badge';
import { statusTone } from '@/ui/badge-palette';
import { type DataTableColumn } from '@/ui/data-table';
import { PagedTable } from '@/ui/paged-table';
import { usePopup } from '@/ui/popup';
import { SearchInput } from '@/ui/search-input';
import { useDocumentTitle } from '@/ui/use-document-title';
import { usePagination } from '@/ui/use-pagination';
import '@/ui/form.css';
import { type MentorRow, STATUS_FILTER_OPTIONS, type StatusFilter, filterMentorRows, mentorRows } from './filter-penilaian';
import { PenilaianModal } from './penilaian-modal';
import { useMentorMirror, useMentorPull } from './use-mentor-peserta';
import { mirrorMentorPeserta } from '@/sync/pull-peserta';
import { useOnlineStatus } from '@/ui/use-online-status';
import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '@/db/db';
import { nilaiOfOpen, readParticipantNilai, reviewsOf, scoresOf } from '@/db/nilai-mirror';
import '@/ui/score-table.css';
import { PendingMark, jenjangColumn, nameColumn } from '@/ui/score-list-columns';

/** Search debounce of the mentor and approval screens. */
export const PENILAIAN_SEARCH_DELAY_MS = 700;

/** Shown instead of the empty text until the first pull has answered. */
export const PENILAIAN_LOADING_TEXT = 'Memuat data…';

export interface PenilaianPageProps {
  userId: number | null;
  role: string | null;
  /** A participant whose score modal opens at once (`/penilaian?peserta=<id>`). */
  openPesertaId?: number | null;
  /** Called once that modal was opened (the route then drops the parameter). */
  onPesertaOpened?: () => void;
}

/** '/penilaian' (Mentor): the mentor's participants with their approval status, and the score modal. */
export function PenilaianPage({ userId, role, openPesertaId = null, onPesertaOpened }: PenilaianPageProps) {
  const api = useApi();
  useDocumentTitle('Penilaian');
  const mirror = useMentorMirror(userId);
  const { loading, failed, refresh } = useMentorPull(api);
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<StatusFilter>('semua');
  const [scoredId, setScoredId] = useState<number | null>(openPesertaId);
  const openedRef = useRef(onPesertaOpened);
  openedRef.current = onPesertaOpened;
  useEffect(() => {
    if (openPesertaId === null) return;
    setScoredId(openPesertaId);
    openedRef.current?.();
  }, [openPesertaId]);
  const popup = usePopup();

  const rows = useMemo(
    () =>
      mirror
        ? mentorRows(
            mirror.peserta,
            (id) => mirror.nilai.get(id) ?? [],
            (id) => reviewsOf(mirror, id),
            mirror.kompetensi,
            mirror.pendingIds,
            mirror.refused,
          )
        : [],
    [mirror],
  );
  const visible = useMemo(() => filterMentorRows(rows, search, status), [rows, search, status]);
  const pagination = usePagination(visible, { resetKey: `${search}|${status}` });
  const found = scoredId === null ? undefined : mirror?.peserta.find((p) => p.id === scoredId);
  // The open modal's scores (the list reads only which competencies are scored); it shows once read.
  const foundNilai = nilaiOfOpen(useLiveQuery(() => readParticipantNilai(db, scoredId), [scoredId]), scoredId);
  const foundScores = found && mirror && foundNilai ? scoresOf(mirror, found.id, foundNilai) : undefined;
  // The participant a notification opened may leave the working set while it is shown (its notice
  // was read on the way): the modal keeps what it showed until it is closed.
  const shown = useRef<{ peserta: NonNullable<typeof found>; scores: NonNullable<typeof foundScores> } | null>(null);
  if (found && foundScores) shown.current = { peserta: found, scores: foundScores };
  else if (shown.current?.peserta.id !== scoredId) shown.current = null;
  const current = shown.current?.peserta;
  // A participant the link names that the device does not hold (its notice read elsewhere, so out
  // of the working set): once the pull is done, from the server's whole list of the mentor's own.
  const asked = useRef<number | null>(null);
  const online = useOnlineStatus();
  useEffect(() => {
    if (scoredId === null || mirror === undefined || loading || !online || asked.current === scoredId) return;
    if (mirror.peserta.some((p) => p.id === scoredId)) return;
    asked.current = scoredId;
    mirrorMentorPeserta(api, db, scoredId).catch(() => undefined);
  }, [scoredId, mirror, loading, online, api]);

  const columns: DataTableColumn<MentorRow>[] = [
    { id: 'no', header: 'No', width: '4rem', cell: (_, i) => pagination.from + i },
    nameColumn({ refusedLabel: MSG.refusedChanges }),
    jenjangColumn(),
    { id: 'instansi', header: 'Sekolah/Kampus', cell: (r) => r.peserta.instansi?.nama ?? '-' },
    {
      id: 'status',
      header: 'Status Approval',
      cell: (r) => (
        <span className="status-cell">
          <Badge tone={statusTone(r.status)}>{r.label}</Badge>
          {r.fraction && <span className="status-fraction">{r.fraction}</span>}
          {r.pending && <PendingMark title={MSG.savedOffline} />}
        </span>
      ),
    },
    {
      id: 'aksi',
      header: 'Action',
      card: 'actions',
      width: '7rem',
      // A locked participant still opens, read-only with the lock's text; the button says so beforehand.
      cell: (r) => (
        <ActionButton
          label="Nilai"
          icon={r.lock ? 'lock' : 'edit'}
          tone={r.lock ? 'neutral' : 'primary'}
          note={r.lock}
          onClick={() => setScoredId(r.peserta.id)}
        />
      ),
    },
  ];

  return (
    <section className="page">
      <header className="page-header">
        <h1>Penilaian Peserta Magang</h1>
      </header>
      <div className="toolbar">
        <SearchInput placeholder="Cari nama peserta..." delay={PENILAIAN_SEARCH_DELAY_MS} onSearch={setSearch} />
        <select
          className="select"
          aria-label="Filter status"
          value={status}
          onChange={(event) => setStatus(event.target.value as StatusFilter)}
        >
          {STATUS_FILTER_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <LoadFailure failed={failed} hasRows={rows.length > 0} message={PESERTA_MSG.loadFailed} staleMessage={MSG.staleMirror} onRetry={() => void refresh()} />
      <PagedTable
        label="Daftar Penilaian"
        columns={columns}
        rowKey={(r) => r.peserta.id}
        loading={mirror === undefined || (loading && rows.length === 0)}
        loadingText={PENILAIAN_LOADING_TEXT}
        emptyText="Belum ada penilaian"
        pagination={pagination}
      />

      {current && shown.current && mirror && userId !== null && role && (
        <PenilaianModal
          userId={userId}
          role={role}
          peserta={current}
          kompetensi={kompetensiFor(mirror.kompetensi, current.divisi_id, current.jenjang)}
          scores={shown.current.scores}
          onClose={() => setScoredId(null)}
          onSaved={(result) => {
            if (result.outcome === 'refused') {
              void refresh();
              return;
            }
            setScoredId(null);
            popup.success(result.message);
            void refresh();
          }}
        />
      )}
      {popup.element}
    </section>
  );
}
