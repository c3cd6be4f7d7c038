import { useMemo, useState } from 'react';
import { useApi } from '@/api/api-context';
import { reviewsOf } from '@/db/nilai-mirror';
import { formatHariTanggal, jakartaDate } from '@/domain/dates';
import { MSG } from '@/domain/messages';
import { PESERTA_MSG } from '@/domain/peserta';
import { DEFAULT_HARI_KERJA, HADIR, addDays, weekdayOf } from '@/domain/presensi';
import {
  type MarkInput,
  PRESENSI_SCREEN_MSG as T,
  activeDuring,
  activeOn,
  clampDate,
  dateBounds,
  latestWorkingDay,
  weekOf,
} from '@/domain/presensi-screen';
import { type ChangeResult, savePresensi, tapPresensi } from '@/sync/changes';
import { LoadFailure } from '@/ui/load-failure';
import { SearchInput } from '@/ui/search-input';
import { Spinner } from '@/ui/spinner';
import { Tabs } from '@/ui/tabs';
import { useToast } from '@/ui/toast';
import { useDocumentTitle } from '@/ui/use-document-title';
import '@/ui/form.css';
import { DayView, type DayRow } from './day-view';
import { DateNav } from './date-nav';
import { type MarkCell, isEditable, markCell } from './presensi-rows';
import { useHariKerja, useMentorParticipants, usePresensiDays, usePresensiPull } from './use-presensi-data';
import { WeekView, type WeekRow } from './week-view';
import './presensi.css';

type View = 'day' | 'week';
const VIEWS = [
  { value: 'day', label: T.dayView },
  { value: 'week', label: T.weekView },
] as const;

export interface PresensiPageProps {
  userId: number | null;
  role: string | null;
}

/** The short notice of a kept mark: sent, kept on the device, or the refusal's reason. */
function noticeOf(result: ChangeResult, sent: string, kept: string): string {
  if (result.outcome === 'sent') return sent;
  return result.outcome === 'queued' ? kept : result.message;
}

/**
 * '/presensi' (Mentor): a day's attendance of the mentor's participants — H / I / S / A per row,
 * 'Tandai semua Hadir' — or a week as a table. A tap keeps the mark at once (on the device, and
 * sent when the server can be reached: the day's taps waiting unsent travel as one change); each
 * row says where its mark is. Opens on the latest working day. Reads only the mirror, so it works
 * offline.
 */
export function PresensiPage({ userId, role }: PresensiPageProps) {
  const api = useApi();
  useDocumentTitle('Presensi');
  const [today] = useState(() => jakartaDate(new Date()));
  const mirror = useMentorParticipants(userId);
  const hariKerja = useHariKerja();
  const { loading, failed, refresh } = usePresensiPull(api);
  const [view, setView] = useState<View>('day');
  const [chosen, setDate] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const toast = useToast();

  const lastWorking = latestWorkingDay(today, hariKerja ?? DEFAULT_HARI_KERJA);
  const bounds = useMemo(() => dateBounds(mirror?.peserta ?? [], today), [mirror, today]);
  const date = chosen ?? clampDate(lastWorking, bounds);
  const dates = useMemo(() => (view === 'day' ? [date] : weekOf(date)), [view, date]);
  const days = usePresensiDays(dates, userId);
  const from = dates[0]!;
  const to = dates[dates.length - 1]!;

  const rows = useMemo(() => {
    if (!mirror || !days || !hariKerja || !role) return null;
    const needle = search.trim().toLowerCase();
    const active = mirror.peserta.filter((p) => activeDuring(p, from, to));
    const visible = active.filter((p) => needle === '' || p.nama.toLowerCase().includes(needle));
    const cellsOf = (p: (typeof active)[number]) =>
      dates.map((tanggal) =>
        activeOn(p, tanggal)
          ? markCell(p, tanggal, {
              marks: days.marks.get(tanggal) ?? new Map(),
              refused: days.refused,
              waiting: days.waiting,
              reviewsOf: (id) => reviewsOf(mirror, id),
              today,
              hariKerja,
              role,
            })
          : null,
      );
    const all = active.map((p) => ({ peserta: p, cells: cellsOf(p) }));
    const shown = new Set(visible.map((p) => p.id));
    return { all, visible: all.filter((row) => shown.has(row.peserta.id)) };
  }, [mirror, days, hariKerja, role, search, from, to, dates, today]);

  const workingDay = hariKerja?.includes(weekdayOf(date)) ?? true;
  const toMark = view === 'day' && rows ? rows.visible.map((row) => row.cells[0]).filter((cell): cell is MarkCell => !!cell && cell.shown === null && isEditable(cell)) : [];

  async function change(cell: MarkCell, nama: string, mark: MarkInput) {
    if (userId === null || !role) return;
    const at = { peserta_id: cell.pesertaId, tanggal: cell.tanggal };
    const result = await tapPresensi({ user: userId, role, at, mark, held: cell.held, waiting: cell.state === 'waiting' });
    if (result) toast.show(noticeOf(result, T.sentNotice(nama, mark.status), T.keptNotice(nama, mark.status)));
  }

  async function markAllHadir() {
    if (userId === null || !role || toMark.length === 0) return;
    const marks = toMark.map((cell) => ({ peserta_id: cell.pesertaId, tanggal: cell.tanggal, status: HADIR, catatan: null }));
    const result = await savePresensi({ user: userId, role, marks });
    toast.show(noticeOf(result, T.allNotice(marks.length, true), T.allNotice(marks.length, false)));
  }

  function move(step: number) {
    setDate(clampDate(addDays(date, step), bounds));
  }

  const step = view === 'day' ? 1 : 7;
  const loadingList = !rows || (loading && rows.all.length === 0 && (mirror?.peserta.length ?? 0) === 0);

  return (
    <section className="page presensi-page">
      <header className="page-header">
        <h1>{T.title}</h1>
      </header>
      <Tabs tabs={VIEWS} value={view} onChange={setView} label={T.viewLabel}>
        <DateNav
          date={date}
          bounds={bounds}
          prevLabel={view === 'day' ? T.prevDay : T.prevWeek}
          nextLabel={view === 'day' ? T.nextDay : T.nextWeek}
          range={view === 'week' ? { from, to } : null}
          onPrev={() => move(-step)}
          onNext={() => move(step)}
          onDate={(value) => setDate(clampDate(value, bounds))}
          canPrev={from > bounds.min}
          canNext={to < bounds.max}
        />
        {view === 'day' && !workingDay && (
          <div className="presensi-dayoff" role="note">
            <p>{T.notWorkingDay(formatHariTanggal(date))}</p>
            {lastWorking !== date && lastWorking >= bounds.min && (
              <button type="button" className="btn btn-secondary" onClick={() => setDate(lastWorking)}>
                {T.toWorkingDay(formatHariTanggal(lastWorking))}
              </button>
            )}
          </div>
        )}
        <div className="toolbar presensi-toolbar">
          <SearchInput placeholder={T.search} delay={300} onSearch={setSearch} />
          {view === 'day' && workingDay && (
            <button type="button" className="btn btn-secondary" onClick={() => void markAllHadir()} disabled={toMark.length === 0}>
              {T.markAllHadir}
            </button>
          )}
        </div>
        <LoadFailure
          failed={failed}
          hasRows={(mirror?.peserta.length ?? 0) > 0}
          message={PESERTA_MSG.loadFailed}
          staleMessage={MSG.staleMirror}
          onRetry={() => void refresh()}
        />
        {loadingList ? (
          <Spinner label={T.loading} />
        ) : rows!.all.length === 0 ? (
          <p className="presensi-empty">{view === 'day' ? T.emptyDay : T.emptyWeek}</p>
        ) : rows!.visible.length === 0 ? (
          <p className="presensi-empty">{T.noMatch}</p>
        ) : view === 'day' ? (
          <DayView
            rows={rows!.visible.map((row): DayRow => ({ peserta: row.peserta, cell: row.cells[0]! }))}
            onChange={(cell, nama, mark) => void change(cell, nama, mark)}
            dayOff={!workingDay}
          />
        ) : (
          <WeekView dates={dates} rows={rows!.visible as WeekRow[]} onChange={(cell, nama, mark) => void change(cell, nama, mark)} />
        )}
      </Tabs>
      {toast.element}
    </section>
  );
}
