import { getRouteApi, lazyRouteComponent, useNavigate } from '@tanstack/react-router';
import { useSession } from '../session/use-session';
import { screenRoute } from './screen-route';

const PenilaianPage = lazyRouteComponent(() => import('@/features/penilaian/penilaian-page'), 'PenilaianPage');

/** Search of '/penilaian': `?peserta=<id>` opens that participant's score modal (the dashboard's 'Nilai' button). */
interface PenilaianSearch {
  peserta?: number;
}

/**
 * Keeps `peserta` when it is a positive integer and drops anything else. A plain function, not
 * a zod schema: route definitions load at start-up, and zod stays off the first-route JS.
 */
function validatePenilaianSearch(search: Record<string, unknown>): PenilaianSearch {
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
      userId={state.user?.id ?? null}
      role={state.user?.role ?? state.userRole}
      openPesertaId={peserta ?? null}
      // The modal is open now; drop the parameter so a reload or Back does not reopen it.
      onPesertaOpened={() => void navigate({ to: '/penilaian', search: {}, replace: true })}
    />
  );
}

export const penilaianRoute = screenRoute({ path: '/penilaian', screen: PenilaianPage, component: PenilaianRoute, validateSearch: validatePenilaianSearch });
