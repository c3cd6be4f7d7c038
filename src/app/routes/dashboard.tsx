import { lazyRouteComponent } from '@tanstack/react-router';
import { useSession } from '../session/use-session';
import { screenRoute } from './screen-route';

const DashboardPage = lazyRouteComponent(() => import('@/features/dashboard/dashboard-page'), 'DashboardPage');

function DashboardRoute() {
  const state = useSession();
  return <DashboardPage user={state.user} loading={state.status === 'loading'} />;
}

export const dashboardRoute = screenRoute({ path: '/dashboard', screen: DashboardPage, component: DashboardRoute });
