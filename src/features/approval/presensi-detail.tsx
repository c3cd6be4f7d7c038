import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { useApi } from '@/api/api-context';
import { db } from '@/db/db';
import { getCachedProfile } from '@/db/meta';
import { readPresensiOf } from '@/db/presensi-read';
import { jakartaDate } from '@/domain/dates';
import { kehadiranLines, kehadiranOf } from '@/domain/kehadiran';
import { ALPA, DEFAULT_HARI_KERJA, HADIR, IZIN, type Periode, type PresensiStatus, SAKIT, type Weekday, tanggalBlock } from '@/domain/presensi';
import {
  PRESENSI_CALENDAR_MSG,
  PRESENSI_LETTER,
  clampMonth,
  correctsInCalendar,
  dayLabel,
  initialMonth,
  monthGrid,
  monthLabel,
  periodMonths,
  shiftMonth,
} from '@/domain/presensi-calendar';
import { pullPresensiOf } from '@/sync/pull-presensi';
import { type CalendarCellView, PresensiCalendar, type PresensiTone } from '@/ui/presensi-calendar';
import { PresensiSection } from '@/ui/presensi-section';
import { useToast } from '@/ui/toast';
import { useRefresh } from '@/ui/use-refresh';
import { PresensiCorrection } from './presensi-correction';

const TONE: Record<PresensiStatus, PresensiTone> = { [HADIR]: 'hadir', [IZIN]: 'izin', [SAKIT]: 'sakit', [ALPA]: 'alpa' };
const LEGEND = ([HADIR, IZIN, SAKIT, ALPA] as const).map((status) => ({ letter: PRESENSI_LETTER[status], tone: TONE[status], label: status }));

interface PresensiDetailProps {
  pesertaId: number;
  periode: Periode;
  /** The working days (HARI_KERJA); the default until the device learns the server's. */
  hariKerja?: readonly Weekday[];
}

/**
 * Detail Approval's 'Presensi': the Kehadiran line and the counts per status, and a month
 * calendar of the marks (the internship's months only). Shown from the device's mirror and pulled
 * when the detail opens (and when back online), so it shows offline afterwards. For HR each day
 * that may be marked opens a correction under the calendar (PresensiCorrection).
 */
export function PresensiDetail({ pesertaId, periode, hariKerja = DEFAULT_HARI_KERJA }: PresensiDetailProps) {
  const api = useApi();
  const marks = useLiveQuery(() => readPresensiOf(db, pesertaId), [pesertaId]);
  const pull = useRefresh(() => pullPresensiOf(api, pesertaId));
  const today = jakartaDate(new Date());
  const [chosen, setMonth] = useState(() => initialMonth(periode, today));
  const profile = useLiveQuery(() => getCachedProfile(db), []);
  const nama = useLiveQuery(async () => (await db.peserta.get(pesertaId))?.nama ?? '', [pesertaId]) ?? '';
  const corrects = profile ? correctsInCalendar(profile.role) : false;
  const [picked, setPicked] = useState<string | null>(null);
  const toast = useToast();
  // Kept inside the internship should its period change while the detail is open.
  const month = clampMonth(chosen, periode);
  // No mark held yet: the figure waits for the pull (a participant without marks shows it after).
  const held = marks !== undefined && (marks.length > 0 || (!pull.loading && !pull.failed));
  const lines = held ? kehadiranLines(kehadiranOf(marks, periode, today, hariKerja)) : null;
  const statusOf = new Map((marks ?? []).map((mark) => [mark.tanggal, mark.status]));
  const pendingOn = new Set((marks ?? []).filter((mark) => mark.pendingKey !== undefined).map((mark) => mark.tanggal));
  const weeks = monthGrid(month, periode, hariKerja).map((week) =>
    week.map((day): CalendarCellView | null => {
      if (!day) return null;
      const status = statusOf.get(day.tanggal) ?? null;
      return {
        key: day.tanggal,
        day: day.day,
        letter: status ? PRESENSI_LETTER[status] : null,
        tone: status ? TONE[status] : null,
        label: dayLabel(day, status),
        dimmed: !day.working || !day.inPeriod,
        pickable: corrects && tanggalBlock(day.tanggal, periode, today, hariKerja) === null,
        pending: pendingOn.has(day.tanggal),
      };
    }),
  );
  const { first, last } = periodMonths(periode);
  const label = monthLabel(month);
  return (
    <PresensiSection lines={lines} pull={pull} texts={PRESENSI_CALENDAR_MSG}>
      <PresensiCalendar
        monthLabel={label}
        label={PRESENSI_CALENDAR_MSG.calendarLabel(label)}
        weekdays={PRESENSI_CALENDAR_MSG.weekdays}
        weekdaysLong={PRESENSI_CALENDAR_MSG.weekdaysLong}
        weeks={weeks}
        legendTitle={PRESENSI_CALENDAR_MSG.legend}
        legend={LEGEND}
        dimmedLabel={PRESENSI_CALENDAR_MSG.dimmed}
        prev={{ label: PRESENSI_CALENDAR_MSG.prev, disabled: month <= first, onClick: () => setMonth(shiftMonth(month, -1)) }}
        next={{ label: PRESENSI_CALENDAR_MSG.next, disabled: month >= last, onClick: () => setMonth(shiftMonth(month, 1)) }}
        picked={picked}
        onPick={corrects ? setPicked : undefined}
      />
      {corrects && profile && picked === null && <p className="muted presensi-correct-hint">{PRESENSI_CALENDAR_MSG.correctHint}</p>}
      {corrects && profile && picked !== null && (
        <PresensiCorrection
          user={profile.id}
          role={profile.role}
          pesertaId={pesertaId}
          nama={nama}
          tanggal={picked}
          onClose={() => setPicked(null)}
          notify={toast.show}
        />
      )}
      {toast.element}
    </PresensiSection>
  );
}
