import { useCallback, useSyncExternalStore } from 'react';

/** The mobile breakpoint: under 768 px the lists show cards and a 3-button pager. */
export const NARROW_QUERY = '(max-width: 767.98px)';

/** True while the media query matches; follows changes (rotation, window resize). */
function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (listener: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', listener);
      return () => list.removeEventListener('change', listener);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches, () => false);
}

/** True under 768 px (the mobile breakpoint). */
export function useIsNarrow(): boolean {
  return useMediaQuery(NARROW_QUERY);
}
