import { createRoute, getRouteApi, lazyRouteComponent, useNavigate } from '@tanstack/react-router';
import { guard } from '../guards';
import { api } from '../services';
import { useSession } from '../session/use-session';
import { appShellRoute } from './app-shell';

// The screen is its own chunk, fetched on first render; meanwhile the router's pending spinner shows.
const PenilaianPage = lazyRouteComponent(() => import('@/features/penilaian/penilaian-page'), 'PenilaianPage');

/** Search of '/penilaian': `?peserta=<id>` opens that participant's score modal (the dashboard's 'Nilai' button). */
export interface PenilaianSearch {
  peserta?: number;
}

/**
 * Keeps `peserta` when it is a positive integer and drops anything else. A plain function, not
 * a zod schema: route definitions load at start-up, and zod stays off that path (goal P6).
 */
export function validatePenilaianSearch(search: Record<string, unknown>): PenilaianSearch {
  const { peserta } = search;
  return typeof peserta === 'number' && Number.isSafeInteger(peserta) && peserta > 0 ? { peserta } : {};
}

const routeApi = getRouteApi('/app/penilaian');

function PenilaianRoute() {
  const state = useSession();
  const { peserta } = routeApi.useSearch();
  const navigate = useNavigate();
  return (
    <PenilaianPage
      api={api}
      userId={state.user?.id ?? null}
      role={state.user?.role ?? state.userRole}
      openPesertaId={peserta ?? null}
      // The modal is open now; drop the parameter so a reload or Back does not reopen it.
      onPesertaOpened={() => void navigate({ to: '/penilaian', search: {}, replace: true })}
    />
  );
}

export const penilaianRoute = createRoute({
  getParentRoute: () => appShellRoute,
  path: '/penilaian',
  validateSearch: validatePenilaianSearch,
  beforeLoad: ({ context }) => guard(context, '/penilaian'),
  // Fetch the screen's chunk with the layout's, not after the layout has rendered (goal P6).
  loader: () => PenilaianPage.preload?.(),
  component: PenilaianRoute,
});
