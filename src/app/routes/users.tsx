import { createRoute } from '@tanstack/react-router';
import { UsersPage } from '@/features/users/users-page';
import { guard } from '../guards';
import { api } from '../services';
import { useSession } from '../session/use-session';
import { appShellRoute } from './app-shell';

function UsersRoute() {
  const state = useSession();
  return <UsersPage api={api} currentUserId={state.user?.id ?? null} />;
}

export const usersRoute = createRoute({
  getParentRoute: () => appShellRoute,
  path: '/users',
  beforeLoad: ({ context }) => guard(context, '/users'),
  component: UsersRoute,
});
