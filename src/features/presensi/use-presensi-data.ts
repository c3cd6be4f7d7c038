import { useLiveQuery } from 'dexie-react-hooks';
import type { ApiClient } from '@/api/client';
import { db } from '@/db/db';
import { readHariKerja } from '@/db/meta';
import { type NilaiMirror, readNilaiMirror } from '@/db/nilai-mirror';
import { type RefusedPresensi, readPresensiDay } from '@/db/presensi-read';
import type { PresensiRecord } from '@/db/records';
import { compareId } from '@/domain/collate';
import type { Weekday } from '@/domain/presensi';
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

/** The marks of some dates by date and participant, and the user's refused saves touching them. */
export interface PresensiDays {
  marks: Map<string, Map<number, PresensiRecord>>;
  refused: RefusedPresensi[];
}

/** The marks of `dates` (live) and the user's refused saves of those dates, each once, oldest first. */
export function usePresensiDays(dates: readonly string[], userId: number | null): PresensiDays | undefined {
  const key = dates.join(',');
  return useLiveQuery(async () => {
    const days = await Promise.all(dates.map((tanggal) => readPresensiDay(db, tanggal, userId)));
    const refused = new Map<number, RefusedPresensi>();
    for (const day of days) for (const entry of day.refused) refused.set(entry.seq, entry);
    return {
      marks: new Map(dates.map((tanggal, i) => [tanggal, days[i]!.marks])),
      refused: [...refused.values()].sort((a, b) => a.seq - b.seq),
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
