import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
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
export function useApprovalPull(api: ApiClient, modalOpen: boolean): Refresh & { wroteRows: boolean } {
  const lastLoad = useRef(0);
  // Whether the last pull wrote participants: their live read follows the write by a moment, so
  // an empty mirror right after such a pull is "not read yet", not "no participants".
  const [wroteRows, setWroteRows] = useState(false);
  const load = useCallback(async () => {
    lastLoad.current = Date.now();
    const [pulled] = await Promise.all([pullPesertaMirror(api, db), pullKompetensi(api, db)]);
    setWroteRows(pulled.changed > 0);
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
  return { ...refresh, wroteRows };
}

/** The progress of the mirror's first (paged) pull while one runs, else null (for a progress line). */
export function useApprovalPullProgress(): PesertaPullProgress | null {
  return useSyncExternalStore(subscribePesertaPullProgress, currentPesertaPullProgress);
}
