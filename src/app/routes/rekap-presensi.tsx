import { lazyRouteComponent } from '@tanstack/react-router';
import { screenRoute } from './screen-route';

export const rekapPresensiRoute = screenRoute({
  path: '/rekap-presensi',
  screen: lazyRouteComponent(() => import('@/features/rekap-presensi/rekap-presensi-page'), 'RekapPresensiPage'),
});
