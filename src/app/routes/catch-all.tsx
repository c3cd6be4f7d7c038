import { createRoute, redirect } from '@tanstack/react-router';
import { rootRoute } from './root';

/** Any other path redirects to '/dashboard', whose shell guards the rest. */
export const catchAllRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '$',
  beforeLoad: () => {
    throw redirect({ to: '/dashboard', replace: true });
  },
});
