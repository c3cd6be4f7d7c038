import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { rootRoute } from './root';

// The layout is its own chunk, fetched with the first screen: it brings the outbox status
// (Dexie, src/sync), which the login page never needs (first-route JS, goal P6).
const AppLayout = lazyRouteComponent(() => import('../layout/app-layout'), 'AppLayout');

/** Pathless parent of every logged-in screen: the sidebar + top bar layout. */
export const appShellRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'app',
  beforeLoad: ({ context }) => {
    if (!context.session.getState().token) throw redirect({ to: '/', replace: true });
  },
  component: AppLayout,
});
