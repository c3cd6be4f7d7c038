import { useMemo, useState } from 'react';
import { useApi } from '@/api/api-context';
import { reviewsOf } from '@/db/nilai-mirror';
import { jakartaDate } from '@/domain/dates';
import { MSG } from '@/domain/messages';
import { PESERTA_MSG } from '@/domain/peserta';
import { HADIR, PRESENSI_MSG, addDays, markKey, weekdayOf } from '@/domain/presensi';
import {
  type MarkInput,
  PRESENSI_SCREEN_MSG as T,
  activeDuring,
  activeOn,
  clampDate,
  dateBounds,
  weekOf,
} from '@/domain/presensi-screen';
import { savePresensi } from '@/sync/changes';
import { LoadFailure } from '@/ui/load-failure';
import { usePopup } from '@/ui/popup';
import { SearchInput } from '@/ui/search-input';
import { Spinner } from '@/ui/spinner';
import { Tabs } from '@/ui/tabs';
import { useDocumentTitle } from '@/ui/use-document-title';
import '@/ui/form.css';
import { DayView, type DayRow } from './day-view';
import { DateNav } from './date-nav';
import { type MarkCell, isEditable, markCell, marksToSave } from './presensi-rows';
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

/**
 * '/presensi' (Mentor): a day's attendance of the mentor's participants — H / I / S / A per row,
 * 'Tandai semua Hadir', one 'Simpan' = one queued change — or a week as a table. Reads only the
 * mirror, so it works offline; the outbox sends the change when it can.
 */
export function PresensiPage({ userId, role }: PresensiPageProps) {
  const api = useApi();
  useDocumentTitle('Presensi');
  const [today] = useState(() => jakartaDate(new Date()));
  const mirror = useMentorParticipants(userId);
  const hariKerja = useHariKerja();
  const { loading, failed, refresh } = usePresensiPull(api);
  const [view, setView] = useState<View>('day');
  const [date, setDate] = useState(today);
  const [search, setSearch] = useState('');
  const [edits, setEdits] = useState<ReadonlyMap<string, MarkInput>>(new Map());
  const [showErrors, setShowErrors] = useState(false);
  const [saving, setSaving] = useState(false);
  const popup = usePopup();

  const bounds = useMemo(() => dateBounds(mirror?.peserta ?? [], today), [mirror, today]);
  const dates = useMemo(() => (view === 'day' ? [date] : weekOf(date)), [view, date]);
  const days = usePresensiDays(dates, userId);
  const from = dates[0]!;
  const to = dates[dates.length - 1]!;

  const rows = useMemo(() => {
    if (!mirror || !days || !hariKerja) return null;
    const needle = search.trim().toLowerCase();
    const active = mirror.peserta.filter((p) => activeDuring(p, from, to));
    const visible = active.filter((p) => needle === '' || p.nama.toLowerCase().includes(needle));
    const cellsOf = (p: (typeof active)[number]) =>
      dates.map((tanggal) =>
        activeOn(p, tanggal)
          ? markCell(p, tanggal, {
              marks: days.marks.get(tanggal) ?? new Map(),
              refused: days.refused,
              edits,
              reviewsOf: (id) => reviewsOf(mirror, id),
              today,
              hariKerja,
            })
          : null,
      );
    const all = active.map((p) => ({ peserta: p, cells: cellsOf(p) }));
    const shown = new Set(visible.map((p) => p.id));
    return { all, visible: all.filter((row) => shown.has(row.peserta.id)) };
  }, [mirror, days, hariKerja, search, from, to, dates, edits, today]);

  const allCells = rows ? rows.all.flatMap((row) => row.cells.filter((cell): cell is MarkCell => cell !== null)) : [];
  const toSave = marksToSave(allCells);
  const workingDay = hariKerja?.includes(weekdayOf(date)) ?? true;

  function change(pesertaId: number, tanggal: string, mark: MarkInput) {
    setEdits((current) => new Map(current).set(markKey(pesertaId, tanggal), mark));
  }

  function markAllHadir() {
    if (!rows) return;
    setEdits((current) => {
      const next = new Map(current);
      for (const row of rows.visible) {
        const cell = row.cells[0];
        if (cell && cell.shown === null && isEditable(cell)) next.set(markKey(cell.pesertaId, cell.tanggal), { status: HADIR, catatan: null });
      }
      return next;
    });
  }

  async function save() {
    if (userId === null || !role || toSave.length === 0) return;
    if (allCells.some((cell) => cell.needsCatatan && isEditable(cell))) {
      setShowErrors(true);
      popup.error(PRESENSI_MSG.catatanRequired);
      return;
    }
    setSaving(true);
    try {
      const result = await savePresensi({ user: userId, role, marks: toSave });
      // Sent, queued or refused by the server: the rows show the mirror's mark and its state now.
      setEdits((current) => {
        const next = new Map(current);
        for (const mark of toSave) next.delete(markKey(mark.peserta_id, mark.tanggal));
        return next;
      });
      setShowErrors(false);
      if (result.outcome === 'refused') popup.error(result.message, result.title);
      else popup.success(result.outcome === 'sent' ? PRESENSI_MSG.saved : result.message);
    } catch {
      popup.error(PRESENSI_MSG.saveFailed);
    } finally {
      setSaving(false);
    }
  }

  function move(days: number) {
    setDate((current) => clampDate(addDays(current, days), bounds));
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
        <div className="toolbar presensi-toolbar">
          <SearchInput placeholder={T.search} delay={300} onSearch={setSearch} />
          {view === 'day' && workingDay && (
            <button type="button" className="btn btn-secondary" onClick={markAllHadir} disabled={!rows || rows.visible.length === 0}>
              {T.markAllHadir}
            </button>
          )}
          <button type="button" className="btn btn-primary" onClick={() => void save()} disabled={saving || toSave.length === 0}>
            {saving ? T.saving : T.save}
          </button>
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
        ) : view === 'day' && !workingDay ? (
          <p className="presensi-empty">{PRESENSI_MSG.notWorkingDay}</p>
        ) : rows!.all.length === 0 ? (
          <p className="presensi-empty">{view === 'day' ? T.emptyDay : T.emptyWeek}</p>
        ) : rows!.visible.length === 0 ? (
          <p className="presensi-empty">{T.noMatch}</p>
        ) : view === 'day' ? (
          <DayView
            rows={rows!.visible.map((row): DayRow => ({ peserta: row.peserta, cell: row.cells[0]! }))}
            onChange={change}
            showErrors={showErrors}
          />
        ) : (
          <WeekView dates={dates} rows={rows!.visible as WeekRow[]} onChange={change} showErrors={showErrors} />
        )}
      </Tabs>
      {popup.element}
    </section>
  );
}
