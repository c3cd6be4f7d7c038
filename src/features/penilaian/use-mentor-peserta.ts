import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect } from 'react';
import type { ApiClient } from '@/api/client';
import { db } from '@/db/db';
import { pullKompetensi } from '@/db/pull';
import type { KompetensiRecord, NilaiRecord, PesertaRecord, ReviewRecord } from '@/db/records';
import { normalizeReviews } from '@/domain/approval-chain';
import { pullMentorPeserta } from '@/sync/pull-peserta';
import { type Refresh, useRefresh } from '@/ui/use-refresh';

/** Everything the mentor screen reads from the mirror, in one live query. */
export interface MentorMirror {
  peserta: PesertaRecord[];
  nilai: Map<number, NilaiRecord[]>;
  reviews: Map<number, ReviewRecord[]>;
  kompetensi: KompetensiRecord[];
  /** Participants with a change of this user still queued (not refused). */
  pendingIds: Set<number>;
}

function groupBy<T extends { peserta_id: number }>(rows: readonly T[]): Map<number, T[]> {
  const out = new Map<number, T[]>();
  for (const row of rows) out.set(row.peserta_id, [...(out.get(row.peserta_id) ?? []), row]);
  return out;
}

/** Reads the mentor's participants, scores, reviews and competencies from the mirror (live). */
export function useMentorMirror(userId: number | null): MentorMirror | undefined {
  return useLiveQuery(async () => {
    const [peserta, nilai, reviews, kompetensi, outbox] = await Promise.all([
      db.peserta.toArray(),
      db.nilai.toArray(),
      db.reviews.toArray(),
      db.kompetensi.toArray(),
      userId === null ? [] : db.outbox.where('user').equals(userId).toArray(),
    ]);
    peserta.sort((a, b) => b.tanggal_masuk.localeCompare(a.tanggal_masuk) || a.nama.localeCompare(b.nama, 'id'));
    return {
      peserta,
      nilai: groupBy(nilai),
      reviews: groupBy(reviews),
      kompetensi,
      pendingIds: new Set(outbox.filter((entry) => entry.state !== 'conflict').map((entry) => entry.pesertaId)),
    };
  }, [userId]);
}

/** The reviews of one participant in step order (missing steps = Menunggu). */
export function reviewsIn(mirror: MentorMirror | undefined, pesertaId: number) {
  return normalizeReviews(mirror?.reviews.get(pesertaId) ?? []);
}

/**
 * Pulls the mentor's participants and the competencies on mount, on 'online', and silently
 * whenever the tab becomes visible again (spec 2). Failures keep the mirror as it is.
 */
export function useMentorPull(api: ApiClient): Refresh {
  const refresh = useRefresh(() => Promise.all([pullMentorPeserta(api, db), pullKompetensi(api, db)]));
  const { refresh: run } = refresh;
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') void run();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [run]);
  return refresh;
}
