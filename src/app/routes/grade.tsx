import { lazyRouteComponent } from '@tanstack/react-router';
import { screenRoute } from './screen-route';

export const gradeRoute = screenRoute({
  path: '/grade',
  screen: lazyRouteComponent(() => import('@/features/grade/grade-page'), 'GradePage'),
});
