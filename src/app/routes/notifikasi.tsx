import { lazyRouteComponent } from '@tanstack/react-router';
import { useSession } from '../session/use-session';
import { screenRoute } from './screen-route';

const NotifikasiPage = lazyRouteComponent(() => import('@/features/notifikasi/notifikasi-page'), 'NotifikasiPage');

function NotifikasiRoute() {
  const state = useSession();
  return <NotifikasiPage userId={state.user?.id ?? null} role={state.user?.role ?? state.userRole} />;
}

export const notifikasiRoute = screenRoute({ path: '/notifikasi', screen: NotifikasiPage, component: NotifikasiRoute });
