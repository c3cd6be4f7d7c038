import { createRoute, getRouteApi, lazyRouteComponent, useNavigate } from '@tanstack/react-router';
import { z } from 'zod';
import { guard } from '../guards';
import { api } from '../services';
import { useSession } from '../session/use-session';
import { appShellRoute } from './app-shell';

// The screen is its own chunk, fetched on first render; meanwhile the router's pending spinner shows.
const PenilaianPage = lazyRouteComponent(() => import('@/features/penilaian/penilaian-page'), 'PenilaianPage');

/** `?peserta=<id>` opens that participant's score modal (the dashboard's 'Nilai' button). */
export const penilaianSearchSchema = z.object({
  peserta: z.number().int().positive().optional().catch(undefined),
});

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
  validateSearch: (search: Record<string, unknown>) => penilaianSearchSchema.parse(search),
  beforeLoad: ({ context }) => guard(context, '/penilaian'),
  component: PenilaianRoute,
});
