import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import type { ApiClient } from '@/api/client';
import { db } from '@/db/db';
import { pullKompetensi } from '@/sync/pull-master-data';
import { type NilaiMirror, readNilaiMirror } from '@/db/nilai-mirror';
import {
  type PesertaPullProgress,
  currentPesertaPullProgress,
  pullPesertaMirror,
  subscribePesertaPullProgress,
} from '@/sync/pull-peserta';
import { type Refresh, useRefresh } from '@/ui/use-refresh';

/** Spec 9: the approval screen reloads on visibility only if the last load is older than this. */
const APPROVAL_VISIBILITY_REFRESH_MS = 2_000;

/** The mirror tables the approval screen needs (live). */
export function useApprovalMirror(userId: number | null): NilaiMirror | undefined {
  return useLiveQuery(() => readNilaiMirror(db, userId), [userId]);
}

/**
 * Pulls participants (incremental) and competencies on mount, on 'online', on the refresh
 * button, and silently when the tab becomes visible — only if the last load is more than 2 s
 * old and no modal is open.
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

/** The progress of the mirror's first (paged) pull while one runs, else null (for a progress line). */
export function useApprovalPullProgress(): PesertaPullProgress | null {
  return useSyncExternalStore(subscribePesertaPullProgress, currentPesertaPullProgress);
}
