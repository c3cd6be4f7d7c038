import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useMemo, useState } from 'react';
import type { ApiClient } from '@/api/client';
import { db } from '@/db/db';
import { pullKompetensi } from '@/sync/pull-master-data';
import type { PesertaRecord } from '@/db/records';
import { type NilaiMirror, readNilaiMirror, reviewsOf } from '@/db/nilai-mirror';
import { readPresensiDay } from '@/db/presensi-read';
import type { DashboardMirror } from '@/domain/dashboard';
import { type OutboxStatus, readOutboxStatus } from '@/sync/status';
import { pullPesertaMirror } from '@/sync/pull-peserta';
import { pullMentorMirror } from '@/sync/pull-presensi';
import { useRefresh } from '@/ui/use-refresh';

/** A tab that becomes visible reloads silently, at most once per this many ms. */
const DASHBOARD_VISIBILITY_REFRESH_MS = 2_000;

/** What a dashboard shows: the mirror (live) and where its pull stands. */
interface DashboardData {
  mirror: DashboardMirror<PesertaRecord> | undefined;
  /** True until there is something to count: the mirror is unread, or empty while the first pull has not answered. */
  loading: boolean;
  /** The last pull failed: the numbers are the device's copy. */
  failed: boolean;
}

function dashboardMirror(nilaiMirror: NilaiMirror): DashboardMirror<PesertaRecord> {
  return {
    peserta: nilaiMirror.peserta,
    nilaiOf: (id) => nilaiMirror.nilai.get(id) ?? [],
    reviewsOf: (id) => reviewsOf(nilaiMirror, id),
    kompetensi: nilaiMirror.kompetensi,
  };
}

/**
 * Runs `pull` on mount, on 'online' (useRefresh) and when the tab becomes visible again
 * (throttled); `answered` turns true once the first pull succeeded or failed.
 */
function useDashboardPull(pull: () => Promise<unknown>): { answered: boolean; failed: boolean } {
  const [answered, setAnswered] = useState(false);
  const load = useCallback(async () => {
    try {
      await pull();
    } finally {
      setAnswered(true);
    }
  }, [pull]);
  const { failed } = useRefresh(load, { visibleAfterMs: DASHBOARD_VISIBILITY_REFRESH_MS });
  return { answered, failed };
}

/** Pembimbing, HR, BusHead: every participant (incremental pull, as the approval screen) and the competencies. */
export function useApproverDashboardData(api: ApiClient, userId: number | null): DashboardData {
  const nilaiMirror = useLiveQuery(() => readNilaiMirror(db, userId), [userId]);
  const pull = useCallback(() => Promise.all([pullPesertaMirror(api, db), pullKompetensi(api, db)]), [api]);
  const { answered, failed } = useDashboardPull(pull);
  const mirror = useMemo(() => (nilaiMirror ? dashboardMirror(nilaiMirror) : undefined), [nilaiMirror]);
  // The approval list needs both tables; zeros before the first answer would be wrong numbers.
  const empty = !nilaiMirror || nilaiMirror.peserta.length === 0 || nilaiMirror.kompetensi.length === 0;
  return { mirror, loading: !nilaiMirror || (empty && !answered), failed };
}

/**
 * Mentor: its own participants (as the Penilaian screen pulls them), the competencies, its
 * outbox, and which participants have an attendance mark on `today` (yyyy-mm-dd, Jakarta).
 */
export function useMentorDashboardData(
  api: ApiClient,
  userId: number | null,
  today: string,
): DashboardData & { outbox: OutboxStatus | undefined; markedToday: Set<number> | undefined } {
  const nilaiMirror = useLiveQuery(() => readNilaiMirror(db, userId), [userId]);
  const markedToday = useLiveQuery(async () => new Set((await readPresensiDay(db, today, null)).marks.keys()), [today]);
  const outbox = useLiveQuery(() => readOutboxStatus(db, userId), [userId]);
  const pull = useCallback(() => Promise.all([pullMentorMirror(api, db), pullKompetensi(api, db)]), [api]);
  const { answered, failed } = useDashboardPull(pull);
  const mirror = useMemo(() => (nilaiMirror ? dashboardMirror(nilaiMirror) : undefined), [nilaiMirror]);
  return { mirror, loading: !nilaiMirror || (nilaiMirror.peserta.length === 0 && !answered), failed, outbox, markedToday };
}
