import { useCallback, useEffect, useState } from 'react';
import { useApi } from '@/api/api-context';
import { isApiError } from '@/api/client';
import { type Verifikasi, type VerifikasiOrganisasi, verifikasiOrganisasiResponseSchema, verifikasiResponseSchema } from '@/domain/sertifikat-terbit';
import { VERIFIKASI_MSG } from '@/domain/verifikasi';

/** Where a check of a code stands. */
export type VerifikasiState =
  | { kind: 'idle' }
  | { kind: 'loading' }
  | { kind: 'found'; data: Verifikasi }
  | { kind: 'notFound' }
  /** Not answered (offline, server down), rate limited, or another failure: the text to show. */
  | { kind: 'failed'; message: string };

/** The state of the public check of `kode` (idle without one), and a retry. */
export function useVerifikasi(kode: string | null): { state: VerifikasiState; retry: () => void } {
  const api = useApi();
  const [state, setState] = useState<VerifikasiState>({ kind: kode ? 'loading' : 'idle' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!kode) {
      setState({ kind: 'idle' });
      return;
    }
    const controller = new AbortController();
    setState({ kind: 'loading' });
    // Public: never the token of whoever is logged in on this device.
    api
      .get(`/api/verifikasi/${encodeURIComponent(kode)}`, verifikasiResponseSchema, {
        auth: false,
        signal: controller.signal,
        fallbackMessage: VERIFIKASI_MSG.failed,
        networkMessage: VERIFIKASI_MSG.offline,
      })
      .then(
        (answer) => setState({ kind: 'found', data: answer.data }),
        (error: unknown) => {
          if (controller.signal.aborted) return;
          setState(failureOf(error));
        },
      );
    return () => controller.abort();
  }, [api, kode, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, retry };
}

function failureOf(error: unknown): VerifikasiState {
  if (!isApiError(error)) return { kind: 'failed', message: VERIFIKASI_MSG.failed };
  // A malformed code is a 404 as well: the page says the same.
  if (error.status === 404 || error.status === 400) return { kind: 'notFound' };
  if (error.status === 0) return { kind: 'failed', message: VERIFIKASI_MSG.offline };
  if (error.status === 429) return { kind: 'failed', message: VERIFIKASI_MSG.rateLimited };
  return { kind: 'failed', message: VERIFIKASI_MSG.failed };
}

/** The organisation the page belongs to (GET /api/verifikasi/organisasi), or null until answered (or when it is not). */
export function useVerifikasiOrganisasi(): VerifikasiOrganisasi | null {
  const api = useApi();
  const [organisasi, setOrganisasi] = useState<VerifikasiOrganisasi | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    api
      .get('/api/verifikasi/organisasi', verifikasiOrganisasiResponseSchema, { auth: false, signal: controller.signal })
      .then(
        (answer) => setOrganisasi(answer.data),
        () => {},
      );
    return () => controller.abort();
  }, [api]);
  return organisasi;
}
