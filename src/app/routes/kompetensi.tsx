import { lazyRouteComponent } from '@tanstack/react-router';
import { screenRoute } from './screen-route';

export const kompetensiRoute = screenRoute({
  path: '/kompetensi',
  screen: lazyRouteComponent(() => import('@/features/kompetensi/kompetensi-page'), 'KompetensiPage'),
});
