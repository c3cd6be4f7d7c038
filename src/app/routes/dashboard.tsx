import { createRoute } from '@tanstack/react-router';
import { DashboardPage } from '@/features/dashboard/dashboard-page';
import { guard } from '../guards';
import { api } from '../services';
import { useSession } from '../session/use-session';
import { appShellRoute } from './app-shell';

function DashboardRoute() {
  const state = useSession();
  return <DashboardPage api={api} user={state.user} loading={state.status === 'loading'} />;
}

export const dashboardRoute = createRoute({
  getParentRoute: () => appShellRoute,
  path: '/dashboard',
  beforeLoad: ({ context }) => guard(context, '/dashboard'),
  component: DashboardRoute,
});
