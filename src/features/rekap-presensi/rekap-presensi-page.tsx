import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useMemo, useState } from 'react';
import { useApi } from '@/api/api-context';
import { errorMessage } from '@/api/client';
import { fetchRekapWorkbook } from '@/api/presensi-rekap';
import { db } from '@/db/db';
import { formatDateId, jakartaDate } from '@/domain/dates';
import { compareByNama } from '@/domain/master-records';
import { cakupanRendah, formatPersen, cakupanPersen } from '@/domain/kehadiran';
import { type PresensiRekapQuery, type RekapRow, rekapTotals } from '@/domain/presensi';
import { REKAP_MSG, type RekapFilterDraft, defaultRekapPeriod, filterRekapByNama, formatPersenHadir, rekapQueryOf } from '@/domain/rekap-presensi';
import { pullDivisi } from '@/sync/pull-master-data';
import { Alert } from '@/ui/alert';
import { Badge } from '@/ui/badge';
import { jenjangTone } from '@/ui/badge-palette';
import type { DataTableColumn } from '@/ui/data-table';
import { downloadFile } from '@/ui/download';
import { Icon } from '@/ui/icons';
import { PagedTable } from '@/ui/paged-table';
import { SearchInput } from '@/ui/search-input';
import { Spinner } from '@/ui/spinner';
import { useToast } from '@/ui/toast';
import { useIsNarrow } from '@/ui/use-media-query';
import { useDocumentTitle } from '@/ui/use-document-title';
import { useOnlineStatus } from '@/ui/use-online-status';
import { usePagination } from '@/ui/use-pagination';
import { useRefresh } from '@/ui/use-refresh';
import { CakupanCell, PersenBadge, RekapCardTitle } from './rekap-cells';
import { RekapFilters } from './rekap-filters';
import { useRekapPresensi } from './use-rekap-presensi';
import './rekap-presensi.css';

/** The counts per status; the recorded and working days follow as one column, 'Tercatat / Hari Kerja'. */
const COUNT_COLUMNS = [
  ['hadir', 'Hadir'],
  ['izin', 'Izin'],
  ['sakit', 'Sakit'],
  ['alpa', 'Alpa'],
] as const;

/**
 * '/rekap-presensi' (HR): each participant's attendance over a period — Hadir, Izin, Sakit,
 * Alpa, the days recorded, the working days, the coverage ('Tercatat / Hari Kerja', flagged when
 * low) and the share present — with a totals row, filtered by period, level and division (asked
 * of the server) and by name (on the answer), and 'Unduh Excel' of the same query. A low total
 * coverage is said above the table. On a phone: the filters fold away, a card is three lines.
 * Online only: the server computes the recap.
 */
export function RekapPresensiPage() {
  const api = useApi();
  useDocumentTitle(REKAP_MSG.title);
  const online = useOnlineStatus();
  const narrow = useIsNarrow();
  const toast = useToast();
  const divisi = useLiveQuery(async () => (await db.divisi.toArray()).sort(compareByNama), []);
  useRefresh(() => pullDivisi(api));

  const [initial] = useState<RekapFilterDraft>(() => ({ ...defaultRekapPeriod(jakartaDate(new Date())), jenjang: '', divisiId: '' }));
  const rekap = useRekapPresensi(api);
  const [search, setSearch] = useState('');
  const [downloading, setDownloading] = useState(false);
  const { load } = rekap;
  // The screen asks for the default period (always valid) once on opening.
  useEffect(() => {
    const first = rekapQueryOf(initial);
    if ('query' in first) load(first.query);
  }, [initial, load]);

  const rows = rekap.rows;
  const visible = useMemo(() => filterRekapByNama(rows ?? [], search), [rows, search]);
  const resetKey = `${search}|${rekap.shown ? JSON.stringify(rekap.shown) : ''}`;
  const pagination = usePagination(visible, { resetKey });
  const totals = useMemo(() => rekapTotals(visible), [visible]);

  async function unduh(query: PresensiRekapQuery) {
    if (!navigator.onLine) {
      toast.show(REKAP_MSG.unduhOffline);
      return;
    }
    setDownloading(true);
    try {
      const { blob, fileName } = await fetchRekapWorkbook(api, query);
      downloadFile(blob, fileName, blob.type);
    } catch (error) {
      toast.show(errorMessage(error, REKAP_MSG.unduhFailed));
    } finally {
      setDownloading(false);
    }
  }

  // A phone card: the name with two lines under it and '% Hadir' beside it (three lines in all).
  const columns: DataTableColumn<RekapRow>[] = narrow
    ? [
        { id: 'nama', header: 'Nama', card: 'title', cell: (row) => <RekapCardTitle nama={row.nama} row={row} /> },
        { id: 'persen', header: '% Hadir', card: 'status', cell: (row) => <PersenBadge counts={row} persen={row.persen_hadir} /> },
      ]
    : [
        { id: 'nama', header: 'Nama', cell: (row) => row.nama },
        { id: 'jenjang', header: 'Jenjang', cell: (row) => <Badge tone={jenjangTone(row.jenjang)}>{row.jenjang}</Badge> },
        { id: 'divisi', header: 'Divisi', cell: (row) => row.divisi },
        ...COUNT_COLUMNS.map(([key, header]): DataTableColumn<RekapRow> => ({ id: key, header, align: 'end', cell: (row) => row[key] })),
        { id: 'cakupan', header: REKAP_MSG.cakupan, align: 'end', cell: (row) => <CakupanCell counts={row} /> },
        { id: 'persen', header: '% Hadir', align: 'end', cell: (row) => formatPersenHadir(row.persen_hadir) },
      ];
  const footer = narrow
    ? {
        nama: (
          <span className="rekap-card-total">
            <RekapCardTitle nama={REKAP_MSG.total} row={totals} />
            <PersenBadge counts={totals} persen={totals.persen_hadir} />
          </span>
        ),
      }
    : {
        nama: REKAP_MSG.total,
        ...Object.fromEntries(COUNT_COLUMNS.map(([key]) => [key, totals[key]])),
        cakupan: <CakupanCell counts={totals} />,
        persen: formatPersenHadir(totals.persen_hadir),
      };
  const lowTotal = visible.length > 0 && cakupanRendah(totals.tercatat, totals.hari_kerja);

  const offline = !online || rekap.failure?.kind === 'offline';
  const shown = rekap.shown;
  return (
    <section className="page rekap-presensi-page">
      <header className="page-header">
        <h1>{REKAP_MSG.title}</h1>
        <div className="page-header-actions">
          <button
            type="button"
            className="btn btn-secondary"
            disabled={shown === null || downloading}
            onClick={() => shown && void unduh(shown)}
          >
            <Icon name="download" size={18} />
            {downloading ? REKAP_MSG.mengunduh : REKAP_MSG.unduh}
          </button>
        </div>
      </header>
      <RekapFilters initial={initial} divisi={divisi ?? []} onApply={rekap.load} collapsible={narrow} />
      {offline && (
        <Alert tone="warning">
          {REKAP_MSG.offline}
          {rows !== null && <span className="rekap-kept"> {REKAP_MSG.offlineKept}.</span>}
        </Alert>
      )}
      {!offline && rekap.failure?.kind === 'error' && (
        <Alert tone="error">
          {rekap.failure.message}{' '}
          <button type="button" className="link-btn" onClick={rekap.retry}>
            Coba lagi
          </button>
        </Alert>
      )}
      {lowTotal && (
        <Alert tone="warning" className="rekap-cakupan-note">
          {REKAP_MSG.cakupanRendahNote(totals.tercatat, totals.hari_kerja, formatPersen(cakupanPersen(totals.tercatat, totals.hari_kerja)))}
        </Alert>
      )}
      <div className="toolbar">
        <SearchInput placeholder={REKAP_MSG.search} onSearch={setSearch} />
        {shown && <p className="rekap-shown muted">{REKAP_MSG.shown(formatDateId(shown.from), formatDateId(shown.to))}</p>}
        {rekap.loading && rows !== null && <Spinner label={REKAP_MSG.loading} />}
      </div>
      <PagedTable
        label={REKAP_MSG.tableLabel}
        columns={columns}
        rowKey={(row) => row.peserta_id}
        loading={rekap.loading && rows === null}
        loadingText={REKAP_MSG.loading}
        emptyText={rows === null ? REKAP_MSG.notLoaded : rows.length > 0 ? REKAP_MSG.noMatch : REKAP_MSG.empty}
        footer={visible.length > 0 ? footer : undefined}
        pagination={pagination}
      />
      {toast.element}
    </section>
  );
}
