import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { guard } from '../guards';
import { api } from '../services';
import { useSession } from '../session/use-session';
import { appShellRoute } from './app-shell';

// The screen is its own chunk, fetched on first render; meanwhile the router's pending spinner shows.
const UsersPage = lazyRouteComponent(() => import('@/features/users/users-page'), 'UsersPage');

function UsersRoute() {
  const state = useSession();
  return <UsersPage api={api} currentUserId={state.user?.id ?? null} />;
}

export const usersRoute = createRoute({
  getParentRoute: () => appShellRoute,
  path: '/users',
  beforeLoad: ({ context }) => guard(context, '/users'),
  // Fetch the screen's chunk with the layout's, not after the layout has rendered (goal P6).
  loader: () => UsersPage.preload?.(),
  component: UsersRoute,
});
