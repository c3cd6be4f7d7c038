import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useEffect, useRef } from 'react';
import type { ApiClient } from '@/api/client';
import { db } from '@/db/db';
import { pullKompetensi } from '@/db/pull';
import type { KompetensiRecord, NilaiRecord, PesertaRecord, ReviewRecord } from '@/db/records';
import { type Review, normalizeReviews } from '@/domain/approval-chain';
import { pullPesertaMirror } from '@/sync/pull-peserta';
import { type Refresh, useRefresh } from '@/ui/use-refresh';

/** Spec 9: the approval screen reloads on visibility only if the last load is older than this. */
export const APPROVAL_VISIBILITY_REFRESH_MS = 2_000;

/** What the approval screen reads from the mirror, in one live query. */
export interface ApprovalMirror {
  peserta: PesertaRecord[];
  nilai: Map<number, NilaiRecord[]>;
  reviews: Map<number, ReviewRecord[]>;
  kompetensi: KompetensiRecord[];
  pendingIds: Set<number>;
}

function groupBy<T extends { peserta_id: number }>(rows: readonly T[]): Map<number, T[]> {
  const out = new Map<number, T[]>();
  for (const row of rows) out.set(row.peserta_id, [...(out.get(row.peserta_id) ?? []), row]);
  return out;
}

/** The mirror tables the approval screen needs (live). */
export function useApprovalMirror(userId: number | null): ApprovalMirror | undefined {
  return useLiveQuery(async () => {
    const [peserta, nilai, reviews, kompetensi, outbox] = await Promise.all([
      db.peserta.toArray(),
      db.nilai.toArray(),
      db.reviews.toArray(),
      db.kompetensi.toArray(),
      userId === null ? [] : db.outbox.where('user').equals(userId).toArray(),
    ]);
    return {
      peserta,
      nilai: groupBy(nilai),
      reviews: groupBy(reviews),
      kompetensi,
      pendingIds: new Set(outbox.filter((entry) => entry.state !== 'conflict').map((entry) => entry.pesertaId)),
    };
  }, [userId]);
}

/** A participant's reviews in step order. */
export function reviewsOf(mirror: ApprovalMirror | undefined, pesertaId: number): Review[] {
  return normalizeReviews(mirror?.reviews.get(pesertaId) ?? []);
}

/**
 * Pulls participants (incremental) and competencies on mount, on 'online', on the refresh
 * button, and silently when the tab becomes visible — only if the last load is more than 2 s
 * old and no modal is open (spec 9).
 */
export function useApprovalPull(api: ApiClient, modalOpen: boolean): Refresh {
  const lastLoad = useRef(0);
  const load = useCallback(async () => {
    lastLoad.current = Date.now();
    await Promise.all([pullPesertaMirror(api, db), pullKompetensi(api, db)]);
  }, [api]);
  const refresh = useRefresh(load);
  const modalRef = useRef(modalOpen);
  modalRef.current = modalOpen;
  const { refresh: run } = refresh;
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState !== 'visible' || modalRef.current) return;
      if (Date.now() - lastLoad.current > APPROVAL_VISIBILITY_REFRESH_MS) void run();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [run]);
  return refresh;
}
