import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { appShellRoute } from './app-shell';

// Its own chunk: its texts live in src/domain/dashboard, which the start-up path must not load.
const UnauthorizedPage = lazyRouteComponent(() => import('@/features/dashboard/unauthorized-page'), 'UnauthorizedPage');

/** '/unauthorized' inside the layout; the shell sends a logged-out visitor to '/'. */
export const unauthorizedRoute = createRoute({
  getParentRoute: () => appShellRoute,
  path: '/unauthorized',
  component: UnauthorizedPage,
});
