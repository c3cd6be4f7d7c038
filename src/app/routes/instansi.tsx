import { lazyRouteComponent } from '@tanstack/react-router';
import { screenRoute } from './screen-route';

export const instansiRoute = screenRoute({
  path: '/instansi',
  screen: lazyRouteComponent(() => import('@/features/instansi/instansi-page'), 'InstansiPage'),
});
