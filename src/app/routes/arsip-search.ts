import { useNavigate, useSearch } from '@tanstack/react-router';

/** Search of the lists with an 'Arsip' switch: `?arsip=1` shows the archive, so a reload or a shared link keeps it. */
export interface ArsipSearch {
  arsip?: 1;
}

/**
 * Keeps `arsip` when it is 1 and drops anything else. A plain function, not a zod schema:
 * route definitions load at start-up, and zod stays off the first-route JS.
 */
export function validateArsipSearch(search: Record<string, unknown>): ArsipSearch {
  return search.arsip === 1 || search.arsip === '1' ? { arsip: 1 } : {};
}

/**
 * The switch of the current route's list as its screen takes it: on while the URL says
 * `?arsip=1`; a change replaces the history entry (the switch is no page of its own) and keeps
 * the route's other search keys.
 */
export function useArsipSearch(): { arsip: boolean; onArsipChange: (on: boolean) => void } {
  const search: ArsipSearch = useSearch({ strict: false });
  const navigate = useNavigate();
  return {
    arsip: search.arsip === 1,
    onArsipChange: (on) => void navigate({ to: '.', search: (prev) => ({ ...prev, arsip: on ? (1 as const) : undefined }), replace: true }),
  };
}
