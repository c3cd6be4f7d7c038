import { createRoute, redirect } from '@tanstack/react-router';
import { AppLayout } from '../layout/app-layout';
import { rootRoute } from './root';

/** Pathless parent of every logged-in screen: the sidebar + top bar layout. */
export const appShellRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'app',
  beforeLoad: ({ context }) => {
    if (!context.session.getState().token) throw redirect({ to: '/', replace: true });
  },
  component: AppLayout,
});
