import { useLiveQuery } from 'dexie-react-hooks';
import type { ApiClient } from '@/api/client';
import { db } from '@/db/db';
import { pullKompetensi } from '@/sync/pull-master-data';
import { type NilaiMirror, readNilaiMirror } from '@/db/nilai-mirror';
import { pullMentorMirror } from '@/sync/pull-presensi';
import { type Refresh, useRefresh } from '@/ui/use-refresh';
import { compareId, compareIsoDate } from '@/domain/collate';

/** Everything the mentor screen reads from the mirror (live), newest tanggal_masuk first. */
export function useMentorMirror(userId: number | null): NilaiMirror | undefined {
  return useLiveQuery(async () => {
    const mirror = await readNilaiMirror(db, userId);
    mirror.peserta.sort((a, b) => compareIsoDate(b.tanggal_masuk, a.tanggal_masuk) || compareId(a.nama, b.nama));
    return mirror;
  }, [userId]);
}

/**
 * Pulls the mentor's participants (with their attendance marks) and the competencies on mount, on 'online', and silently
 * whenever the tab becomes visible again. Failures keep the mirror as it is.
 */
export function useMentorPull(api: ApiClient): Refresh {
  return useRefresh(() => Promise.all([pullMentorMirror(api, db), pullKompetensi(api, db)]), { visibleAfterMs: 0 });
}
