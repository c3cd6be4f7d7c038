import { lazyRouteComponent } from '@tanstack/react-router';
import { screenRoute } from './screen-route';

export const divisiRoute = screenRoute({
  path: '/divisi',
  screen: lazyRouteComponent(() => import('@/features/divisi/divisi-page'), 'DivisiPage'),
});
