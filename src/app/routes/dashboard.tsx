import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { guard } from '../guards';
import { api } from '../services';
import { useSession } from '../session/use-session';
import { appShellRoute } from './app-shell';

// The screen is its own chunk, fetched on first render; meanwhile the router's pending spinner shows.
const DashboardPage = lazyRouteComponent(() => import('@/features/dashboard/dashboard-page'), 'DashboardPage');

function DashboardRoute() {
  const state = useSession();
  return <DashboardPage api={api} user={state.user} loading={state.status === 'loading'} />;
}

export const dashboardRoute = createRoute({
  getParentRoute: () => appShellRoute,
  path: '/dashboard',
  beforeLoad: ({ context }) => guard(context, '/dashboard'),
  // Fetch the screen's chunk with the layout's, not after the layout has rendered (goal P6).
  loader: () => DashboardPage.preload?.(),
  component: DashboardRoute,
});
