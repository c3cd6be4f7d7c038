import { lazyRouteComponent } from '@tanstack/react-router';
import { useSession } from '../session/use-session';
import { screenRoute } from './screen-route';

const PresensiPage = lazyRouteComponent(() => import('@/features/presensi/presensi-page'), 'PresensiPage');

function PresensiRoute() {
  const state = useSession();
  return <PresensiPage userId={state.user?.id ?? null} role={state.user?.role ?? state.userRole} />;
}

export const presensiRoute = screenRoute({ path: '/presensi', screen: PresensiPage, component: PresensiRoute });
