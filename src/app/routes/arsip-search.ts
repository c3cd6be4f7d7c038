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

/** The search of the switch's new state (replaces the entry: the switch is no page of its own). */
export function arsipSearchOf(on: boolean): ArsipSearch {
  return on ? { arsip: 1 } : {};
}
