import { useCallback, useEffect, useState } from 'react';
import type { ApiClient } from '@/api/client';
import { fetchLogo } from '@/api/organisasi';

/** The organisation's current logo as the panel shows it. */
export interface OrganisasiLogo {
  /** 'none': the server has no logo; 'failed': it could not be asked (offline, an error). */
  status: 'loading' | 'present' | 'none' | 'failed';
  /** A Blob URL of the PNG while `status` is 'present'. */
  url: string | null;
  /** Asks the server again (after an upload or a delete, or when the device is back online). */
  reload: () => void;
}

/**
 * Loads the organisation's logo through the API client and hands out a Blob URL, released when
 * it is loaded again or the panel goes.
 */
export function useOrganisasiLogo(api: ApiClient): OrganisasiLogo {
  const [version, setVersion] = useState(0);
  const [state, setState] = useState<Omit<OrganisasiLogo, 'reload'>>({ status: 'loading', url: null });
  useEffect(() => {
    const controller = new AbortController();
    let objectUrl: string | null = null;
    setState({ status: 'loading', url: null });
    fetchLogo(api, controller.signal)
      .then((blob) => {
        if (controller.signal.aborted) return;
        objectUrl = blob ? URL.createObjectURL(blob) : null;
        setState({ status: blob ? 'present' : 'none', url: objectUrl });
      })
      .catch(() => {
        if (!controller.signal.aborted) setState({ status: 'failed', url: null });
      });
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [api, version]);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { ...state, reload };
}
