import { createRoute } from '@tanstack/react-router';
import { PenilaianPage } from '@/features/penilaian/penilaian-page';
import { guard } from '../guards';
import { api } from '../services';
import { useSession } from '../session/use-session';
import { appShellRoute } from './app-shell';

function PenilaianRoute() {
  const state = useSession();
  return <PenilaianPage api={api} userId={state.user?.id ?? null} role={state.user?.role ?? state.userRole} />;
}

export const penilaianRoute = createRoute({
  getParentRoute: () => appShellRoute,
  path: '/penilaian',
  beforeLoad: ({ context }) => guard(context, '/penilaian'),
  component: PenilaianRoute,
});
