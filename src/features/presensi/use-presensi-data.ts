import { useLiveQuery } from 'dexie-react-hooks';
import type { ApiClient } from '@/api/client';
import { db } from '@/db/db';
import { readHariKerja } from '@/db/meta';
import { type NilaiMirror, readNilaiMirror } from '@/db/nilai-mirror';
import { type RefusedPresensi, readPresensiDay } from '@/db/presensi-read';
import type { PresensiRecord } from '@/db/records';
import { compareId } from '@/domain/collate';
import { type Weekday, markKey } from '@/domain/presensi';
import { readWaitingIzin } from '@/db/presensi-menunggu';
import { pullHariKerja } from '@/sync/pull-hari-kerja';
import { pullMentorMirror } from '@/sync/pull-presensi';
import { type Refresh, useRefresh } from '@/ui/use-refresh';

/** The mentor's participants (by name) and their reviews, live from the mirror. */
export function useMentorParticipants(userId: number | null): NilaiMirror | undefined {
  return useLiveQuery(async () => {
    const mirror = await readNilaiMirror(db, userId);
    mirror.peserta.sort((a, b) => compareId(a.nama, b.nama));
    return mirror;
  }, [userId]);
}

/** The server's working days as the device last learned them (Monday to Saturday before that). */
export function useHariKerja(): Weekday[] | undefined {
  return useLiveQuery(() => readHariKerja(db), []);
}

/** The marks of some dates by date and participant, the user's refused saves touching them and the Izin marks waiting for their note. */
export interface PresensiDays {
  marks: Map<string, Map<number, PresensiRecord>>;
  refused: RefusedPresensi[];
  /** markKey of each date whose Izin waits for its note. */
  waiting: Set<string>;
}

/** The marks of `dates` (live), the user's refused saves of those dates (each once, oldest first) and the user's waiting Izin marks. */
export function usePresensiDays(dates: readonly string[], userId: number | null): PresensiDays | undefined {
  const key = dates.join(',');
  return useLiveQuery(async () => {
    const [days, waiting] = await Promise.all([Promise.all(dates.map((tanggal) => readPresensiDay(db, tanggal, userId))), readWaitingIzin(db, userId)]);
    const refused = new Map<number, RefusedPresensi>();
    for (const day of days) for (const entry of day.refused) refused.set(entry.seq, entry);
    return {
      marks: new Map(dates.map((tanggal, i) => [tanggal, days[i]!.marks])),
      refused: [...refused.values()].sort((a, b) => a.seq - b.seq),
      waiting: new Set(waiting.map((row) => markKey(row.peserta_id, row.tanggal))),
    };
    // `key` stands for the dates: a new array of the same dates reads nothing again.
  }, [key, userId]);
}

/**
 * Pulls the mentor's participants with their marks and the server's working days on mount, on
 * 'online' and whenever the tab becomes visible again. Failures keep the mirror as it is (the
 * screen works offline).
 */
export function usePresensiPull(api: ApiClient): Refresh {
  // The working days are a courtesy for the screen: their failure does not make the list stale.
  return useRefresh(() => Promise.all([pullMentorMirror(api, db), pullHariKerja(api, db).catch(() => undefined)]), { visibleAfterMs: 0 });
}
